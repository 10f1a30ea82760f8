import { type Browser, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  adviserWithDeal,
  api,
  createActiveUser,
  type Deal,
  expectOnNdaPath,
  LIVE,
  login,
  ndaPath,
  registerBuyer,
  signIn,
  signInToAccount,
} from './support';

/**
 * The buyer's path: from the NDA e-mail of an adviser to the NDA page, through registration and
 * sign-in, and what a signer's product looks like afterwards (their navigation and pages).
 */

async function expectOnNda(page: Page, deal: Deal): Promise<void> {
  await expectOnNdaPath(page, deal);
  await expect(page.getByTestId('nda-name')).toHaveText('Mutual NDA', LIVE);
  await expect(page.getByTestId('page-indicator')).toHaveText(/^1 \/ \d+$/, LIVE);
}

/** Calls of the page that the server refused or failed (a tRPC batch answers 207 when one of its calls failed). */
function watchFailedCalls(page: Page): string[] {
  const failed: string[] = [];
  page.on('response', async (response) => {
    const url = new URL(response.url());
    if (!url.pathname.startsWith('/api/') && !url.pathname.startsWith('/trpc/')) return;
    if (response.status() >= 400) failed.push(`${response.status()} ${url.pathname}`);
    else if (response.status() === 207) {
      const body = await response.text().catch(() => '');
      if (body.includes('"error"')) failed.push(`207 ${url.pathname}: ${body.slice(0, 300)}`);
    }
  });
  return failed;
}

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  return context.newPage();
}

test('a buyer goes from the invitation e-mail to the NDA; the same link later offers sign-in', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const { adviser, buyer, deal } = await adviserWithDeal(request, { send: true });

  // The e-mail, opened in the dev mailbox, and its call to action.
  const page = await newPage(browser);
  await page.goto('/dev/mailbox');
  await page.getByRole('row').filter({ hasText: buyer.email }).first().getByRole('link').click();
  await page.getByRole('link', { name: 'Create your account' }).click();
  await expect(page).toHaveURL(/\/signer_invitation\//);
  const invitationUrl = page.url();

  // Who invited them to what, the address being registered, the names the adviser typed.
  await expect(page.getByRole('heading', { name: 'Create an account' })).toBeVisible();
  await expect(page.getByTestId('invitation-summary')).toHaveText(
    `${adviser.firstName} ${adviser.lastName} of Harbour Street Advisory invited you to review and sign Mutual NDA for Project Falcon.`,
  );
  const email = page.getByLabel('Email', { exact: true });
  await expect(email).toHaveValue(buyer.email);
  await expect(email).toHaveAttribute('readonly', '');
  await expect(page.getByLabel('First name & Last name')).toHaveValue('Bea Buyer');
  // Every field is required, and marked with an asterisk (kept out of the field's accessible name).
  for (const name of [
    'First name & Last name',
    'Password',
    'Confirm password',
    'Company name',
    'Location',
    'LinkedIn Url',
  ]) {
    // The location is a picker that suggests places: a combobox.
    const role = name === 'Location' ? 'combobox' : 'textbox';
    await expect(page.getByRole(role, { name, exact: true })).toHaveAttribute('required', '');
    await expect(page.getByText(`${name} *`, { exact: true })).toBeVisible();
  }

  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(buyer.password);
  await page.getByRole('textbox', { name: 'Confirm password', exact: true }).fill(buyer.password);
  await page.getByLabel('Company name').fill('Northwind Capital LLP');
  await page.getByLabel('Location').fill('Boston, United States');
  // A profile address as people copy it, without https://.
  await page.getByLabel('LinkedIn Url').fill('linkedin.com/in/bea-buyer');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText('Register Success!')).toBeVisible(LIVE);
  await page.getByRole('link', { name: 'Go to Login page' }).click();

  // The sign-in form knows the e-mail; signed in, the buyer is on the NDA, not the account page.
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(buyer.email);
  await page.getByLabel('Password', { exact: true }).fill(buyer.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expectOnNda(page, deal);
  const me = await api<{ firstName: string; lastName: string; linkedinLink: string }>(
    request,
    await login(request, buyer),
    'GET',
    '/me/1/',
  );
  expect(me).toMatchObject({ firstName: 'Bea', lastName: 'Buyer', linkedinLink: 'https://linkedin.com/in/bea-buyer' });

  // The same link again, in another browser: the account exists, sign in instead of typing anything.
  const again = await newPage(browser);
  await again.goto(invitationUrl);
  await expect(again.getByText('You already have an account')).toBeVisible();
  await expect(again.getByText('An account already exists for this invitation. Sign in to continue.')).toBeVisible();
  await expect(again.getByLabel('First name & Last name')).toHaveCount(0);
  await again.getByRole('link', { name: 'Sign in' }).click();
  await expect(again).toHaveURL(/\/login$/);
  await expect(again.getByLabel('Email', { exact: true })).toHaveValue(buyer.email);
  await again.getByLabel('Password', { exact: true }).fill(buyer.password);
  await again.getByRole('button', { name: 'Sign In' }).click();
  await expectOnNda(again, deal);
});

test("a signer sees a signer's product: Home and Projects, no adviser cards, nothing that fails to load", async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const { buyer, deal } = await adviserWithDeal(request, { send: true });
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await registerBuyer(request, context, buyer, deal);
  const failed = watchFailedCalls(page);

  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link')).toHaveCount(2);
  await expect(nav.getByRole('link', { name: 'Home' })).toBeVisible();
  await expect(nav.getByRole('link', { name: /^Projects/ })).toBeVisible();
  for (const adviserArea of ['Templates', 'My Network', 'Plan', 'Reports'])
    await expect(page.getByRole('link', { name: adviserArea, exact: true })).toHaveCount(0);

  // The account page: a signature to sign with, their company, no plan, team or onboarding.
  await nav.getByRole('link', { name: 'Home' }).click();
  await expect(page).toHaveURL(/\/account$/);
  const signature = page.getByRole('region', { name: 'Signature' });
  await expect(signature.getByText('Your signature, used when you sign an NDA.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'My company' }).getByText('Northwind Capital LLP')).toBeVisible(LIVE);
  await expect(page.getByText(/invite team members/i)).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Plan' })).toHaveCount(0);
  await expect(page.getByText('Upgrade or add seats')).toHaveCount(0);
  await expect(page.getByText('Get started')).toHaveCount(0);
  await expect(page.getByText(/could not be loaded/i)).toHaveCount(0);

  // Their projects: the one sent to them, no button to start one.
  await nav.getByRole('link', { name: /^Projects/ }).click();
  const card = page.getByTestId('project-card').filter({ hasText: 'Project Falcon' });
  await expect(card).toBeVisible(LIVE);
  await expect(page.getByRole('link', { name: 'Add project' })).toHaveCount(0);
  await expect(page.getByText(/could not be loaded/i)).toHaveCount(0);
  await card.click();
  await expect(page).toHaveURL(new RegExp(`/projects/${deal.projectId}$`));
  await expect(page.getByTestId('project-name')).toHaveText('Project Falcon', LIVE);
  await expect(page.getByText(/could not be loaded/i)).toHaveCount(0);

  // The NDA page itself.
  await page.goto(ndaPath(deal));
  await expectOnNda(page, deal);
  await expect(page.getByText(/could not be loaded/i)).toHaveCount(0);

  // Pages of the sending side take the signer to the projects sent to them.
  for (const path of [
    '/templates',
    '/users',
    '/plan',
    '/reports',
    '/add-project',
    `/projects/${deal.projectId}/group/create`,
    `/projects/${deal.projectId}/group/${deal.branchId}/members`,
  ]) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/projects\?filter=Received$/);
    await expect(page.getByRole('tab', { name: 'Received' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('project-card').filter({ hasText: 'Project Falcon' })).toBeVisible(LIVE);
  }
  await expect(page.getByText(/could not be loaded/i)).toHaveCount(0);
  expect(failed).toEqual([]);
});

test('the adviser keeps every area of the navigation', async ({ page, request }) => {
  const adviser = await createActiveUser(request);
  await signInToAccount(page, adviser);
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const area of ['Home', 'Templates', 'My Network', 'Plan', 'Reports'])
    await expect(nav.getByRole('link', { name: area, exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Plan' }).getByText('Upgrade or add seats')).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Signature' }).getByText('Needed to sign NDAs and to invite team members.'),
  ).toBeVisible();
  await nav.getByRole('link', { name: 'Templates', exact: true }).click();
  await expect(page).toHaveURL(/\/templates$/);
});

test('a buyer who registered on the desktop signs in on a phone, and on another computer, and lands on the NDA', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const { buyer, deal } = await adviserWithDeal(request, { send: true });
  const desktop = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await registerBuyer(request, desktop, buyer, deal, { signIn: false });

  // The phone never opened the invitation: the server says where the buyer's NDA is.
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  const onPhone = await phone.newPage();
  await onPhone.goto('/login');
  await signIn(onPhone, buyer);
  await expectOnNda(onPhone, deal);
  await onPhone.screenshot({ path: test.info().outputPath('signed-in-on-phone-390.png') });

  // Another computer lands there as well.
  const laptop = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const onLaptop = await laptop.newPage();
  await onLaptop.goto('/login');
  await signIn(onLaptop, buyer);
  await expectOnNda(onLaptop, deal);
  await onLaptop.screenshot({ path: test.info().outputPath('signed-in-on-laptop-1280.png') });
  await Promise.all([desktop.close(), phone.close(), laptop.close()]);
});
