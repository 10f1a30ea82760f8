import fs from 'node:fs';
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  api,
  createActiveUser,
  expectNoSeriousA11yViolations,
  login,
  MUTUAL_NDA,
  newUser,
  registerTeamMember,
  saveSignature,
  signInToAccount,
  subscribeToPlan,
} from './support';

// One journey from the Free plan's limit to a paid plan and back: sign-in, checkout, purchases, e-mails.
test.describe.configure({ timeout: 180_000 });

const NOT_ENOUGH_CREDITS =
  'You don’t have enough credits to start a new project. You can either purchase additional project credits or upgrade to the Bulge-Bracket plan for unlimited projects.';
const ASK_ADMIN =
  'You’ve exceeded the number of projects/signatures/editors - please contact your admin to upgrade the plan';

async function inviteFromAccount(page: Page, email: string): Promise<void> {
  await page.goto('/account');
  const team = page.getByRole('region', { name: 'Team management' });
  await team.getByLabel('Team member e-mail').fill(email);
  await team.getByRole('button', { name: 'Invite' }).click();
  await expect(page.getByText(`We sent an invitation to ${email}.`)).toBeVisible();
}

test('a Free owner reaches the project limit, subscribes to Boutique, buys a seat, invites, cancels and renews', async ({
  page,
  request,
  browser,
}) => {
  const owner = await createActiveUser(request);
  const session = await login(request, owner);
  await saveSignature(request, session);
  for (const name of ['Atlas', 'Borealis'])
    await api(request, session, 'POST', '/projects/projects/', { name, summary: `${name} disposal` });

  await signInToAccount(page, owner);
  const plan = page.getByRole('region', { name: 'Plan' });
  await expect(plan.getByTestId('plan-name')).toHaveText('FREE');
  await expect(plan.getByTestId('plan-projects')).toHaveText('Projects2 / 2');
  await expect(page.getByTestId('seats-left')).toHaveText(/Your plan includes no team member seats\. Choose a plan/);

  // No credit left: the button says so and its dialog comes before any form.
  await page.goto('/projects');
  await expect(page.getByTestId('projects-left')).toHaveText('0 of 2 projects left');
  await page.getByRole('link', { name: 'Add project' }).click();
  const limit = page.getByRole('dialog', { name: 'Not enough projects' });
  await expect(limit.getByText(NOT_ENOUGH_CREDITS)).toBeVisible();
  await expect(page).toHaveURL(/\/projects$/);
  await expect(page.getByLabel('Project name')).toHaveCount(0);
  await limit.getByRole('link', { name: 'Choose a plan' }).click();
  await expect(page).toHaveURL(/\/plan$/);

  // The plans: monthly, then annually at -20%; the Free plan cannot be cancelled and sells no add-ons.
  const boutique = page.getByRole('listitem', { name: 'Boutique plan' });
  const bulge = page.getByRole('listitem', { name: 'Bulge-Bracket plan' });
  await expect(boutique.getByText('£149.00')).toBeVisible();
  await expect(bulge.getByText('£499.00')).toBeVisible();
  await expect(boutique.getByText('Extra projects £49.00 / month each')).toBeVisible();
  await page.getByText('Annually -20%').click();
  await expect(boutique.getByText('£1,430.40')).toBeVisible();
  await expect(bulge.getByText('£4,790.40')).toBeVisible();
  await expect(boutique.getByText('Save 20% against monthly')).toBeVisible();
  await page.getByText('Monthly', { exact: true }).click();
  await expect(boutique.getByText('£149.00')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel plan' })).toBeDisabled();
  await expect(page.getByText('Upgrade to Boutique or Bulge-Bracket to add projects or team members.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Contact our sales team' })).toHaveAttribute('href', /^mailto:/);
  await expect(page.getByTestId('projects-usage')).toHaveText(/2 \/ 2/);

  // The built-in checkout: plan, amount, Pay; back on the plan page the processing modal closes.
  await boutique.getByRole('button', { name: 'Subscribe to Boutique' }).click();
  await expect(page).toHaveURL(/\/checkout\/[\w-]+$/);
  await expect(page.getByRole('heading', { name: 'Subscribe to Boutique' })).toBeVisible();
  await expect(page.getByTestId('checkout-amount')).toHaveText('£149.00');
  await expect(page.getByText('Billed monthly')).toBeVisible();
  await page.getByRole('button', { name: 'Pay £149.00' }).click();
  await expect(page).toHaveURL(/\/plan/);
  await expect(page.getByTestId('current-plan')).toHaveText('Boutique', { timeout: 20_000 });
  await expect(page.getByRole('dialog', { name: 'Processing your payment' })).toHaveCount(0);
  await expect(page).toHaveURL(/\/plan$/);
  await expect(page.getByTestId('projects-usage')).toHaveText(/2 \/ 3/);
  await expect(page.getByTestId('billed')).toHaveText(/£149\.00 \/ month/);
  await expect(boutique.getByRole('button', { name: 'Current plan' })).toBeDisabled();

  // The third project, now within the plan.
  await page.goto('/projects');
  await expect(page.getByTestId('projects-left')).toHaveText('1 of 3 projects left');
  await page.getByRole('link', { name: 'Add project' }).click();
  await expect(page).toHaveURL(/\/add-project$/);
  await page.getByLabel('Project name').fill('Cobalt');
  await page.getByLabel('NDA name').fill('Mutual NDA');
  await page.getByTestId('nda-file-input').setInputFiles(MUTUAL_NDA);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/projects\/\d+\/group\/create$/, { timeout: 20_000 });

  // The add-on steppers: nothing over 1000, no negatives, and the Boutique note from four extra projects.
  await page.goto('/plan');
  const extraProjects = page.getByRole('textbox', { name: 'Extra projects' });
  await extraProjects.fill('1500');
  await expect(extraProjects).toHaveValue('0');
  await extraProjects.fill('-3');
  await expect(extraProjects).toHaveValue('0');
  await extraProjects.fill('4');
  await expect(page.getByText('Consider Bulge-Bracket')).toBeVisible();
  await extraProjects.fill('0');
  await expect(page.getByText('Consider Bulge-Bracket')).toHaveCount(0);
  await page.getByRole('button', { name: 'Add to plan' }).click();
  await expect(page.getByText('Select quantity of Projects and Team Members to upgrade')).toBeVisible();

  // One extra team member seat: confirmed, bought, counted.
  await page.getByRole('button', { name: 'More: Extra team members' }).click();
  await expect(page.getByRole('textbox', { name: 'Extra team members' })).toHaveValue('1');
  await page.getByRole('button', { name: 'Add to plan' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm your purchase' });
  await expect(confirm.getByTestId('purchase-total')).toHaveText('£178.00 / month');
  await confirm.getByRole('button', { name: 'Confirm purchase' }).click();
  await expect(page.getByText('Purchase was successful')).toBeVisible();
  await expect(page.getByTestId('members-usage')).toHaveText(/0 \/ 2/);
  await expect(page.getByTestId('billed')).toHaveText(/£178\.00 \/ month/);

  // Two colleagues fill the two seats; the plan then refuses to drop the bought one.
  const member = { ...newUser(), firstName: 'Morgan', lastName: 'Lee' };
  await inviteFromAccount(page, member.email);
  await expect(page.getByTestId('seats-left')).toHaveText('1 of 2 team member seats left.');
  await inviteFromAccount(page, newUser().email);
  await expect(page.getByTestId('seats-left')).toHaveText(/All 2 team member seats are in use\. Add a seat/);
  await expect(plan.getByTestId('plan-members')).toHaveText('Team members2 / 2');
  await page.goto('/plan');
  const seats = page.getByTestId('extra-members');
  await expect(seats.getByText('Maximum downgrade available till 1')).toBeVisible();
  await seats.getByRole('button', { name: 'Fewer: Extra team members' }).click();
  await expect(seats.getByRole('textbox', { name: 'Extra team members' })).toHaveValue('1');

  // Cancel at the period's end, then renew.
  await page.getByRole('button', { name: 'Cancel plan' }).click();
  const cancel = page.getByRole('dialog', { name: 'Cancel your plan?' });
  await cancel.getByRole('button', { name: 'Cancel plan' }).click();
  await expect(page.getByTestId('plan-ending')).toHaveText(/^Cancels on \d{1,2} \w{3} \d{4}$/);
  await page.getByRole('button', { name: 'Renew plan' }).click();
  await expect(page.getByTestId('plan-ending')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Cancel plan' })).toBeEnabled();

  // The paid invoices and the invoice page.
  await page.getByRole('button', { name: 'View Invoices' }).click();
  const invoices = page.getByRole('dialog', { name: 'Invoices' });
  await expect(invoices.getByTestId('invoice-row').first()).toBeVisible();
  const boutiqueInvoice = invoices.getByTestId('invoice-row').filter({ hasText: '£149.00' });
  await expect(boutiqueInvoice).toHaveCount(1);
  await boutiqueInvoice.getByRole('link', { name: /View invoice/ }).click();
  await expect(page).toHaveURL(/\/invoices\/\d+$/);
  await expect(page.getByRole('heading', { name: /^Invoice / })).toBeVisible();
  await expect(page.getByText('Paid', { exact: true })).toBeVisible();
  await expect(page.getByTestId('invoice-total')).toHaveText('£149.00');
  await expect(page.getByText('Harbour Street Advisory')).toBeVisible();

  // A team member reads the plan but is offered nothing to buy.
  const memberContext = await browser.newContext();
  const memberPage = await registerTeamMember(memberContext, member);
  await expect(memberPage.getByRole('region', { name: 'Plan' }).getByTestId('plan-name')).toHaveText('Boutique');
  await memberPage.goto('/plan');
  await expect(memberPage.getByTestId('current-plan')).toHaveText('Boutique');
  await expect(memberPage.getByText(ASK_ADMIN, { exact: false })).toBeVisible();
  await expect(memberPage.getByRole('button', { name: /Subscribe/ })).toHaveCount(0);
  await expect(memberPage.getByRole('button', { name: 'Cancel plan' })).toHaveCount(0);
  await expect(memberPage.getByRole('button', { name: 'View Invoices' })).toHaveCount(0);
  await expect(memberPage.getByRole('button', { name: 'Add to plan' })).toHaveCount(0);
  await expect(memberPage.getByRole('textbox', { name: 'Extra team members' })).toHaveCount(0);
  await memberContext.close();
});

test('an owner reads an invoice as a finance team files it and downloads it as a PDF', async ({ browser, request }) => {
  const owner = await createActiveUser(request);
  const session = await login(request, owner);
  const { results } = await api<{ results: Array<{ id: number }> }>(request, session, 'GET', '/company/');
  await api(request, session, 'PATCH', `/company/${results[0]!.id}/`, {
    name: 'Harbour Street Advisory LLP',
    address: '12 Harbour Street\nBristol BS1 4QA',
    registration_number: '0C123456',
    vat: 'GB987654321',
  });
  await subscribeToPlan(request, session);

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signInToAccount(page, owner);
  await page.goto('/plan');
  await page.getByRole('button', { name: 'View Invoices' }).click();
  await page
    .getByRole('dialog', { name: 'Invoices' })
    .getByRole('link', { name: /View invoice/ })
    .click();
  await expect(page).toHaveURL(/\/invoices\/\d+$/);
  const title = page.getByRole('heading', { name: /^Invoice INV-\d{6}$/ });
  await expect(title).toBeVisible();
  const number = (await title.textContent())!.replace('Invoice ', '');

  // The seller as configured (this server is not: the defaults say what to set), the customer in full.
  const seller = page.getByTestId('invoice-seller');
  await expect(seller).toContainText('Set INVOICE_SELLER_NAME to your legal name');
  await expect(seller).toContainText('Set INVOICE_SELLER_ADDRESS to your registered address');
  await expect(seller).toContainText('VAT number: Set INVOICE_SELLER_VAT to your VAT number');
  const customer = page.getByTestId('invoice-customer');
  await expect(customer).toContainText('Harbour Street Advisory LLP');
  await expect(customer).toContainText('12 Harbour Street');
  await expect(customer).toContainText('Bristol BS1 4QA');
  await expect(customer).toContainText('VAT number: GB987654321');
  await expect(page.getByTestId('invoice-period')).toHaveText(/^\d{1,2} \w{3} \d{4} to \d{1,2} \w{3} \d{4}$/);
  await expect(page.getByTestId('invoice-net')).toHaveText('£124.17');
  await expect(page.getByText('VAT at 20%')).toBeVisible();
  await expect(page.getByTestId('invoice-tax')).toHaveText('£24.83');
  await expect(page.getByTestId('invoice-total')).toHaveText('£149.00');
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: test.info().outputPath('invoice-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath('invoice-390.png'), fullPage: true });

  // The same invoice as a PDF.
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download PDF' }).click(),
  ]);
  expect(file.suggestedFilename()).toBe(`Invoice ${number}.pdf`);
  const pdf = fs.readFileSync((await file.path())!);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  await context.close();
});
