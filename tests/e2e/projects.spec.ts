import { fileURLToPath } from 'node:url';
import { type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { createActiveUser, newUser, signIn, signInToAccount, type TestUser, trpcProcedures } from './support';
import { signaturePng } from '../support/signature-png';
import { SENDING_MESSAGES } from '@shared/schemas/sending';
import { UPLOAD_MESSAGES } from '@shared/uploads';

/**
 * The projects area end to end: an adviser (an activated account owner) creates a project with a
 * Word NDA, a group of two recipients, reviews and sends the NDA; a recipient registers from the
 * invitation e-mail, finds the project under Received, opens the NDA and cannot open the CIM.
 */

const MUTUAL_NDA_DOCX = fileURLToPath(new URL('../fixtures/ndas/mutual-nda.docx', import.meta.url));
const MUTUAL_NDA_PDF = fileURLToPath(new URL('../fixtures/ndas/mutual-nda.pdf', import.meta.url));
const ENCRYPTED_PDF = fileURLToPath(new URL('../fixtures/pdfs/encrypted_new.pdf', import.meta.url));
/** Word conversion by LibreOffice and socket pushes on a shared machine: generous. */
const SLOW = { timeout: 60_000 };

async function accessToken(page: Page): Promise<string> {
  return page.evaluate(() => (JSON.parse(localStorage.getItem('nda.session')!) as { access: string }).access);
}

/** The owner's signature, through the REST API with the page's own token (the account page is another area). */
async function addSignature(page: Page, request: APIRequestContext): Promise<void> {
  const response = await request.patch('/api/v1/me/1/', {
    headers: { Authorization: `Bearer ${await accessToken(page)}` },
    multipart: { sign: { name: 'signature.png', mimeType: 'image/png', buffer: signaturePng() } },
  });
  expect(response.ok(), await response.text()).toBeTruthy();
}

async function signedInOwner(page: Page, request: APIRequestContext): Promise<TestUser> {
  const owner = await createActiveUser(request);
  await signInToAccount(page, owner);
  return owner;
}

/** Opens the newest e-mail to `email` in the dev mailbox and follows its call to action. */
async function followMailLink(page: Page, email: string, linkName: RegExp): Promise<void> {
  await page.goto('/dev/mailbox');
  await page.getByRole('row').filter({ hasText: email }).first().getByRole('link').click();
  await page.getByRole('link', { name: linkName }).click();
}

async function registerSigner(browser: Browser, recipient: TestUser, companyName: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await followMailLink(page, recipient.email, /Create your account/);
  await expect(page).toHaveURL(/\/signer_invitation\//);
  await page.getByLabel('First name & Last name').fill(`${recipient.firstName} ${recipient.lastName}`);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(recipient.password);
  await page.getByRole('textbox', { name: 'Confirm password', exact: true }).fill(recipient.password);
  await page.getByLabel('Company name').fill(companyName);
  await page.getByLabel('Location').fill('Frankfurt, Germany');
  await page.getByLabel('LinkedIn Url').fill('https://www.linkedin.com/in/e2e-recipient');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText('Register Success!')).toBeVisible();
  await page.getByRole('link', { name: 'Go to Login page' }).click();
  await signIn(page, recipient);
  // Signed in, the recipient lands on the NDA they were invited to.
  await expect(page).toHaveURL(/\/projects\/\d+\/group\/\d+\/nda$/);
  return { context, page };
}

test('an adviser sends a Word NDA to a new group; a recipient registers, finds it under Received, opens the NDA and not the CIM', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(180_000);
  await signedInOwner(page, request);

  // Without a signature, an account owner is asked to add one before the first project.
  await page.getByRole('link', { name: 'Projects' }).first().click();
  await expect(page.getByRole('heading', { name: 'Projects', level: 1 })).toBeVisible();
  await expect(page.getByText('You have no projects yet.')).toBeVisible();
  await page.getByRole('link', { name: 'Add project' }).first().click();
  await expect(page).toHaveURL(/\/add-project$/);
  await expect(page.getByTestId('signature-required')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();

  await addSignature(page, request);
  await page.reload();
  await expect(page.getByTestId('signature-required')).toBeHidden();

  // Save without a name or an NDA: the spec's messages.
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('enter project name')).toBeVisible();
  await expect(page.getByText('enter NDA name')).toBeVisible();

  const projectName = `Atlas ${Date.now().toString(36).slice(-5)}`;
  await page.getByLabel('Project name').fill(projectName);
  await page.getByLabel('Summary').fill('Sale of a specialty chemicals business; financial buyers only.');
  await page.getByLabel('NDA name').fill('Mutual NDA');
  await page.getByTestId('cim-file-input').setInputFiles(MUTUAL_NDA_PDF);

  // A password-protected NDA is refused under the NDA field; nothing is created and every typed value stays.
  await page.getByTestId('nda-file-input').setInputFiles(ENCRYPTED_PDF);
  await page.getByRole('button', { name: 'Save' }).click();
  const ndaField = page.locator('.mantine-InputWrapper-root').filter({ hasText: 'NDA file' });
  await expect(ndaField.getByText(UPLOAD_MESSAGES.encrypted)).toBeVisible(SLOW);
  await expect(page).toHaveURL(/\/add-project$/);
  await expect(page.getByLabel('NDA name')).toHaveValue('Mutual NDA');
  await expect(page.getByLabel('Project name')).toHaveValue(projectName);
  await expect(page.getByText('encrypted_new.pdf')).toBeVisible();

  // The same form with a good NDA creates the project: the refused attempt used no project slot.
  await page.getByRole('button', { name: 'Remove encrypted_new.pdf' }).click();
  await page.getByTestId('nda-file-input').setInputFiles(MUTUAL_NDA_DOCX);
  await expect(page.getByText('mutual-nda.docx')).toBeVisible();
  await expect(ndaField.getByText(UPLOAD_MESSAGES.encrypted)).toBeHidden();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Uploading and converting to PDF…')).toBeVisible();

  // The recipients page of the new project.
  await expect(page).toHaveURL(/\/projects\/\d+\/group\/create$/, SLOW);
  const projectId = Number(/\/projects\/(\d+)\//.exec(page.url())![1]);
  const projects = await request.get('/api/v1/projects/projects/?limit=-1', {
    headers: { Authorization: `Bearer ${await accessToken(page)}` },
  });
  expect(((await projects.json()) as { count: number }).count).toBe(1);
  const recipients = [newUser(), newUser()].map((u, i) => ({
    ...u,
    firstName: i ? 'Marta' : 'Jonas',
    lastName: i ? 'Keller' : 'Brandt',
  }));
  await page.getByLabel('Group name').fill('Northwind Capital');
  const rows = page.getByTestId('recipient-row');
  await rows.nth(0).getByLabel('First name').fill(recipients[0]!.firstName);
  await rows.nth(0).getByLabel('Last name').fill(recipients[0]!.lastName);
  await rows.nth(0).getByLabel('Email').fill(recipients[0]!.email);
  await page.getByRole('button', { name: 'Add recipient' }).click();
  await rows.nth(1).getByLabel('First name').fill(recipients[1]!.firstName);
  await rows.nth(1).getByLabel('Last name').fill(recipients[1]!.lastName);
  await rows.nth(1).getByLabel('Email').fill(recipients[1]!.email);
  await page.getByRole('button', { name: 'Review and Send' }).click();

  // Review and send.
  await expect(page).toHaveURL(new RegExp(`/projects/${projectId}/group/\\d+/review-nda$`), SLOW);
  const branchId = Number(/\/group\/(\d+)\//.exec(page.url())![1]);
  await expect(page.getByRole('heading', { name: 'Review and send NDA' })).toBeVisible();
  await expect(page.getByTestId('review-nda-name')).toHaveText('Mutual NDA');
  await page.getByRole('button', { name: 'View NDA' }).click();
  const viewer = page.getByRole('dialog', { name: 'Mutual NDA' });
  await expect(viewer.getByTestId('pdf-page-number').first()).toHaveText(/Page 1 of \d+/, SLOW);
  await viewer.getByRole('button', { name: 'Close' }).last().click();
  await expect(viewer).toBeHidden();

  const note = page.getByLabel('Write a note');
  await expect(note).toHaveAttribute('placeholder', 'This note will be sent with the NDA to recipients');
  await note.focus();
  await note.blur();
  await expect(page.getByText('Note is required')).toBeVisible();
  await page.getByLabel('Subject').fill(`${projectName}: NDA for review`);
  await note.fill('Dear all,\nplease find our NDA for Project Atlas. We look forward to your comments.');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('dialog').getByText('NDA sent')).toBeVisible(SLOW);
  // The success message closes after 3 seconds and the project opens with the group chosen.
  await expect(page).toHaveURL(new RegExp(`/projects/${projectId}/group/${branchId}$`), { timeout: 10_000 });
  await expect(page.getByRole('heading', { name: 'Project Dashboard' })).toBeVisible();
  const group = page.getByTestId('tracker-group').filter({ hasText: 'Northwind Capital' });
  await expect(group.getByTestId('tracker-recipient')).toHaveCount(2);
  await expect(group.getByTestId('group-nda-status')).toHaveText('Pending');
  await expect(group.getByText('NDA sent')).toHaveCount(2);

  // The groups' NDAs, looked up by a recipient's e-mail; a word that matches nothing says so.
  await page.getByRole('link', { name: 'Look up an NDA' }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${projectId}/lookup-nda$`));
  const lookup = page.getByRole('textbox', { name: 'Look up an NDA' });
  await lookup.fill('no-such-buyer');
  await expect(page.getByTestId('lookup-no-match')).toBeVisible();
  await lookup.fill(recipients[1]!.email);
  const found = page.getByTestId('lookup-row');
  await expect(found).toHaveCount(1);
  await expect(found).toContainText('Northwind Capital');
  await expect(found.getByTestId('lookup-status')).toHaveText('Pending');
  // A group is sent its NDA once: no second send to all of it, even from the address of the review page.
  await expect(found.getByRole('link', { name: 'Review and send' })).toHaveCount(0);
  await page.goto(`/projects/${projectId}/group/${branchId}/review-nda`);
  await expect(page.getByText(SENDING_MESSAGES.alreadySent)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send' })).toBeDisabled();
  await page.goto(`/projects/${projectId}/lookup-nda`);
  await page.getByRole('textbox', { name: 'Look up an NDA' }).fill('Northwind');
  await found.getByRole('link', { name: 'Open NDA' }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${projectId}/group/${branchId}/nda$`));

  // The owner waits on another page while the recipient acts: the Projects badge counts live.
  await page.getByRole('link', { name: 'Templates' }).first().click();
  await expect(page.getByRole('heading', { name: 'All Template' })).toBeVisible();

  // The first recipient registers from the invitation e-mail (signer registration with a company).
  const signer = await registerSigner(browser, recipients[0]!, 'Northwind Capital Partners GmbH');
  const sp = signer.page;
  await sp.getByRole('link', { name: 'Projects' }).first().click();
  await sp.getByRole('tab', { name: 'Received' }).click();
  await expect(sp).toHaveURL(/filter=Received/);
  const card = sp.getByTestId('project-card').filter({ hasText: projectName });
  await expect(card).toBeVisible();
  await expect(card.getByText('Received')).toBeVisible();
  await card.click();

  // The recipient's read-only view: the NDA, no tracker, the CIM locked until the NDA is signed.
  await expect(sp).toHaveURL(new RegExp(`/projects/${projectId}$`));
  await expect(sp.getByTestId('project-name')).toHaveText(projectName);
  await expect(sp.getByText('Project Tracker')).toHaveCount(0);
  await expect(sp.getByTestId('signer-cim-locked')).toContainText('available once the NDA is signed');
  await expect(sp.getByTestId('signer-teaser-card')).toHaveCount(0);
  const cim = await sp.request.get(`/api/v1/projects/projects/${projectId}/get_cim_pdf/`, {
    headers: { Authorization: `Bearer ${await accessToken(sp)}` },
  });
  expect(cim.status()).toBe(404);

  await sp.getByTestId('signer-nda-card').getByRole('link', { name: 'Review and sign' }).click();
  await expect(sp).toHaveURL(new RegExp(`/projects/${projectId}/group/${branchId}/nda$`));
  await expect(sp.getByTestId('page-overlay').first()).toBeVisible(SLOW);

  // Back on the owner's side, the recipient's opening of the NDA arrived live.
  await expect(page.getByTestId('projects-unread-badge').first()).toBeVisible(SLOW);
  await signer.context.close();
});

test('the projects list filters by name after typing stops, and a missing project leads back to the list', async ({
  page,
  request,
}) => {
  await signedInOwner(page, request);
  await addSignature(page, request);
  const token = await accessToken(page);
  for (const name of ['Borealis', 'Cobalt']) {
    const response = await request.post('/api/v1/projects/projects/', {
      headers: { Authorization: `Bearer ${token}` },
      multipart: { name, summary: `${name} carve-out` },
    });
    expect(response.ok(), await response.text()).toBeTruthy();
  }
  await page.goto('/projects');
  await expect(page.getByTestId('project-card')).toHaveCount(2);
  await page.getByPlaceholder('Filter projects by name...').fill('cob');
  await expect(page.getByTestId('project-card')).toHaveCount(1);
  await expect(page.getByTestId('project-card')).toContainText('Cobalt');
  await expect(page).toHaveURL(/search=cob/);

  await page.getByRole('tab', { name: 'Archived' }).click();
  await expect(page.getByText('No project matches this name')).toBeVisible();

  // The free plan's two projects are used: the add-project page opens with the plan's dialog, before
  // any of the form is filled in, and it leads to the plans.
  await page.goto('/add-project');
  const limit = page.getByRole('dialog', { name: 'Not enough projects' });
  await expect(limit).toBeVisible();
  await expect(limit.getByRole('link', { name: 'Choose a plan' })).toHaveAttribute('href', '/plan');
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();

  await page.goto('/projects/999999');
  await expect(page).toHaveURL(/\/projects$/);
});

test('recipients, templates, My Network and archiving, with the spec’s messages', async ({ page, request }) => {
  test.setTimeout(120_000);
  const owner = await signedInOwner(page, request);
  await addSignature(page, request);
  const auth = { Authorization: `Bearer ${await accessToken(page)}` };
  const created = await request.post('/api/v1/projects/projects/', {
    headers: auth,
    multipart: { name: 'Helios', summary: 'Minority stake' },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  const projectId = ((await created.json()) as { id: number }).id;

  // Recipients: no contacts group yet, then the row checks (a team member cannot be a recipient).
  await page.goto(`/projects/${projectId}/group/create`);
  await expect(page.getByText('This project has no NDA yet.')).toBeVisible();
  const source = page.getByRole('radiogroup', { name: 'Recipients' });
  await source.getByText('Existing contacts group').click();
  await expect(page.getByTestId('no-contacts-group')).toHaveText('Please, first create group');
  await source.getByText('New recipients').click();
  await page.getByRole('button', { name: 'Review and Send' }).click();
  await expect(page.getByText('Group name is required')).toBeVisible();
  await expect(page.getByText('First name is required')).toBeVisible();
  const row = page.getByTestId('recipient-row').first();
  await row.getByLabel('Email').fill(owner.email);
  await row.getByLabel('Email').blur();
  await expect(
    page.getByText('This user is part of the team who issued the NDA, so It can not see it as a Recipient'),
  ).toBeVisible();
  await row.getByLabel('Email').fill('not-an-email');
  await row.getByLabel('Email').blur();
  await expect(page.getByText('Invalid email format')).toBeVisible();

  // Templates: the initial message, the add form's checks, a card cut to 30 characters, rename and delete.
  await page.getByRole('link', { name: 'Templates' }).first().click();
  await expect(page.getByTestId('templates-initial')).toBeVisible();
  await page.getByRole('link', { name: 'Add a NDA template' }).first().click();
  await expect(page.getByRole('heading', { name: 'Add a new NDA Template' })).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('enter NDA template name')).toBeVisible();
  await expect(page.getByText('upload a file for NDA Template')).toBeVisible();
  await page.getByLabel('NDA Name').fill('Mutual NDA for financial sponsors, UK law');
  await page.getByTestId('template-file-input').setInputFiles(MUTUAL_NDA_PDF);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/templates$/);
  const card = page.getByTestId('template-card');
  await expect(card).toContainText('Mutual NDA for financial spons…');
  await card.click();
  await page.getByRole('button', { name: 'Edit title' }).click();
  await page.getByRole('textbox', { name: 'Template name' }).fill('Sponsor NDA');
  await page.getByRole('button', { name: 'Confirm edit' }).click();
  await expect(page.getByRole('dialog').getByRole('heading', { name: 'Sponsor NDA' })).toBeVisible();
  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('button', { name: 'Confirm delete' }).click();
  await expect(page.getByTestId('templates-initial')).toBeVisible();

  // My Network: empty, add, a duplicate refused, edit, delete.
  await page.getByRole('link', { name: 'My Network' }).first().click();
  await expect(page.getByTestId('network-empty')).toHaveText('Currently you have no connection in your network');
  const addContact = async (first: string, last: string, email: string) => {
    await page.getByRole('button', { name: 'Add contact' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a contact' });
    await dialog.getByLabel('First name').fill(first);
    await dialog.getByLabel('Last name').fill(last);
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByRole('button', { name: 'Add contact' }).click();
    return dialog;
  };
  await expect(await addContact('Olivia', 'Chen', 'olivia.chen@example.com')).toBeHidden();
  await expect(page.getByTestId('contact-card')).toHaveCount(1);
  const duplicate = await addContact('Olivia', 'C.', 'Olivia.Chen@example.com');
  await expect(duplicate.getByText('Company already has this email in contacts list')).toBeVisible();
  await duplicate.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Actions for Olivia Chen' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  await page.getByRole('dialog', { name: 'Edit contact' }).getByLabel('Last name').fill('Chen-Walker');
  await page.getByRole('dialog', { name: 'Edit contact' }).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('contact-card')).toContainText('Olivia Chen-Walker');
  await page.getByRole('button', { name: 'Actions for Olivia Chen-Walker' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete contact' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByTestId('network-empty')).toBeVisible();

  // Archive the project after the confirmation; it moves to the Archived tab.
  await page.goto(`/projects/${projectId}`);
  await page.getByRole('button', { name: 'Manage project' }).click();
  await page.getByRole('menuitem', { name: 'Archive project' }).click();
  await page.getByRole('dialog', { name: 'Archive project' }).getByRole('button', { name: 'Archive' }).click();
  await expect(page.getByTestId('project-name').locator('..').getByText('Archived')).toBeVisible();
  await page.goto('/projects?filter=Archived');
  await expect(page.getByTestId('project-card')).toContainText('Helios');
  await page.goto('/projects?filter=Active');
  await expect(page.getByText('You have no active projects.')).toBeVisible();
});

test('an adviser renames a group and swaps a recipient in one call, and the tracker shows it at once', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await signedInOwner(page, request);
  await addSignature(page, request);
  const auth = { Authorization: `Bearer ${await accessToken(page)}` };
  const project = await request.post('/api/v1/projects/projects/', { headers: auth, multipart: { name: 'Orion' } });
  expect(project.ok(), await project.text()).toBeTruthy();
  const projectId = ((await project.json()) as { id: number }).id;
  const [kept, leaving, joining] = [newUser(), newUser(), newUser()];
  const group = await request.post('/api/v1/projects/project_branches/', {
    headers: auth,
    data: {
      name: 'Vega Partners',
      project: projectId,
      recipients: [kept, leaving].map((u) => ({ first_name: u!.firstName, last_name: u!.lastName, email: u!.email })),
    },
  });
  expect(group.ok(), await group.text()).toBeTruthy();
  const branchId = ((await group.json()) as { id: number }).id;

  // From the tracker's group menu to the recipients page, filled in with the group as it is.
  await page.goto(`/projects/${projectId}`);
  const card = page.getByTestId('tracker-group').filter({ hasText: 'Vega Partners' });
  await card.getByRole('button', { name: 'Actions for group Vega Partners' }).click();
  await page.getByRole('menuitem', { name: 'Edit recipients' }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${projectId}/group/${branchId}/edit$`));
  await expect(page.getByRole('heading', { name: 'Update recipients' })).toBeVisible();
  await expect(page.getByLabel('Group name')).toHaveValue('Vega Partners');
  const rows = page.getByTestId('recipient-row');
  await expect(rows).toHaveCount(2);
  await expect(page.getByRole('radiogroup', { name: 'Recipients' })).toHaveCount(0);

  await page.getByLabel('Group name').fill('Vega Capital');
  const emails = [
    await rows.nth(0).getByLabel('Email').inputValue(),
    await rows.nth(1).getByLabel('Email').inputValue(),
  ];
  expect([...emails].sort()).toEqual([kept!.email, leaving!.email].sort());
  await page.getByRole('button', { name: `Remove recipient ${emails.indexOf(leaving!.email) + 1}` }).click();
  await expect(rows).toHaveCount(1);
  await page.getByRole('button', { name: 'Add recipient' }).click();
  await rows.nth(1).getByLabel('First name').fill(joining!.firstName);
  await rows.nth(1).getByLabel('Last name').fill(joining!.lastName);
  await rows.nth(1).getByLabel('Email').fill(joining!.email);

  // Update makes one call: the name, the settings and the typed rows together.
  const writes: string[] = [];
  page.on('request', (r) => {
    if (r.method() !== 'GET' && /\/(trpc|api\/v1)\//.test(r.url())) writes.push(new URL(r.url()).pathname);
  });
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Group Vega Capital is updated.')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/projects/${projectId}/group/${branchId}$`));
  expect(writes).toEqual(['/trpc/groups.update']);

  const updated = page.getByTestId('tracker-group').filter({ hasText: 'Vega Capital' });
  await expect(updated.getByTestId('tracker-recipient')).toHaveCount(2);
  await expect(updated).toContainText(joining!.email);
  await expect(updated).not.toContainText(leaving!.email);

  // A colour tag is one call too, and its answer takes the place of the tracker's copy: nothing is read again.
  const reads: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'GET') reads.push(...trpcProcedures(r.url()).filter((name) => name.startsWith('groups.')));
  });
  writes.length = 0;
  await updated.getByRole('button', { name: 'Colour tag of group Vega Capital: No tag. Change' }).click();
  await page.getByRole('menuitem', { name: 'Interested', exact: true }).click();
  await expect(
    updated.getByRole('button', { name: 'Colour tag of group Vega Capital: Green · Interested. Change' }),
  ).toBeVisible();
  const joiner = `${joining!.firstName} ${joining!.lastName}`;
  await updated.getByRole('button', { name: `Colour tag of ${joiner}: Green · Interested. Change` }).click();
  await page.getByRole('menuitem', { name: 'Not interested' }).click();
  // The group shows the colour its recipients aggregate to: red before green.
  await expect(
    updated.getByRole('button', { name: 'Colour tag of group Vega Capital: Red · Not interested. Change' }),
  ).toBeVisible();
  await expect(
    updated.getByRole('button', { name: `Colour tag of ${joiner}: Red · Not interested. Change` }),
  ).toBeVisible();
  expect(writes).toEqual(['/trpc/groups.update', '/trpc/groups.setSignershipColor']);
  expect(reads).toEqual([]);
  // The server holds the same, once the call the screen already shows has been answered.
  await expect
    .poll(async () => {
      const stored = await request.get(`/api/v1/projects/project_branches/${branchId}/`, { headers: auth });
      return ((await stored.json()) as { colorStatus: string }).colorStatus;
    })
    .toBe('red');
});
