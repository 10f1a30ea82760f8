import { fileURLToPath } from 'node:url';
import fs from 'node:fs';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { createActiveUser, newUser, signIn, type TestUser } from './support';
import { signaturePng } from '../support/signature-png';

/**
 * Notification e-mails seen from the buyer's side: a move of the adviser arrives as a digest in the
 * (dev) mailbox, its unsubscribe link turns that kind off without signing in, and the account page
 * shows the switch and turns it on again. The deal is set up through the REST API.
 */

test.describe.configure({ timeout: 120_000 });

const MUTUAL_NDA = fileURLToPath(new URL('../fixtures/ndas/mutual-nda.pdf', import.meta.url));
/** The e2e server gathers moves for NOTIFY_DIGEST_SECONDS (playwright.config.ts): a few seconds. */
const MAIL = { timeout: 30_000 };

interface Session {
  access: string;
}

async function login(request: APIRequestContext, user: Pick<TestUser, 'email' | 'password'>): Promise<Session> {
  const response = await request.post('/trpc/auth.login', { data: { email: user.email, password: user.password } });
  expect(response.ok(), await response.text()).toBeTruthy();
  return { access: ((await response.json()) as { result: { data: { access: string } } }).result.data.access };
}

async function api<T>(
  request: APIRequestContext,
  session: Session,
  method: 'POST' | 'PATCH',
  url: string,
  body: Record<string, unknown>,
  multipart = false,
): Promise<T> {
  const response = await request.fetch(`/api/v1${url}`, {
    method,
    headers: { Authorization: `Bearer ${session.access}` },
    ...(multipart ? { multipart: body as Record<string, string> } : { data: body }),
  });
  expect(response.ok(), `${method} ${url}: ${response.status()} ${await response.text()}`).toBeTruthy();
  return (await response.json()) as T;
}

/** The adviser's project with one group whose recipient is `buyerEmail`, and its NDA sent. */
async function sentNda(request: APIRequestContext, adviser: Session, buyerEmail: string) {
  await api(
    request,
    adviser,
    'PATCH',
    '/me/1/',
    { sign: { name: 's.png', mimeType: 'image/png', buffer: signaturePng() } },
    true,
  );
  const project = await api<{ id: number }>(request, adviser, 'POST', '/projects/projects/', {
    name: 'Project Osprey',
  });
  const { users } = await api<{ users: number[] }>(request, adviser, 'POST', '/projects/contacts/resolve/', {
    recipients: [{ email: buyerEmail, first_name: 'Bea', last_name: 'Buyer' }],
  });
  const signers = await api<{ id: number }>(request, adviser, 'POST', '/projects/signers_group/', {
    name: 'Osprey bidders',
    users,
  });
  const branch = await api<{ id: number }>(request, adviser, 'POST', '/projects/project_branches/', {
    name: 'Osprey Capital',
    project: project.id,
    signer_groups: [signers.id],
    allow_comments: true,
    send_teaser: false,
    inherit_nda_from_project: false,
  });
  const nda = await api<{ id: number }>(
    request,
    adviser,
    'POST',
    '/projects/nda/',
    {
      project_branch: String(branch.id),
      name: 'Mutual NDA',
      file: { name: 'mutual-nda.pdf', mimeType: 'application/pdf', buffer: fs.readFileSync(MUTUAL_NDA) },
    },
    true,
  );
  await api(request, adviser, 'POST', `/projects/dashboard/${branch.id}/send_nda_to_all_signers/`, {
    subject: 'Project Osprey: NDA for your review',
    note: 'Please review the NDA.',
  });
  return { projectId: project.id, branchId: branch.id, ndaId: nda.id };
}

/** The text of the newest dev-mailbox e-mail to `email` whose subject matches, once it is there. */
async function mailTo(request: APIRequestContext, email: string, subject: RegExp): Promise<string> {
  let body = '';
  await expect(async () => {
    const mailbox = await (await request.get('/dev/mailbox')).text();
    const row = mailbox
      .split('<tr>')
      .find((r) => r.includes(`<td>${email}</td>`) && subject.test(r.replace(/<[^>]+>/g, ' ')));
    const path = row && /href="(\/dev\/mailbox\/\d+)"/.exec(row)?.[1];
    expect(path, `an e-mail to ${email} matching ${subject}`).toBeTruthy();
    body = await (await request.get(path!)).text();
  }).toPass(MAIL);
  return body;
}

async function registerBuyer(page: Page, request: APIRequestContext, buyer: TestUser): Promise<void> {
  const invitation = /\/signer_invitation\/[^"<\s]+/.exec(await mailTo(request, buyer.email, /Project Osprey/))![0];
  await page.goto(invitation);
  await page.getByLabel('First name & Last name').fill(`${buyer.firstName} ${buyer.lastName}`);
  await page.getByLabel('Password', { exact: true }).fill(buyer.password);
  await page.getByLabel('Confirm password', { exact: true }).fill(buyer.password);
  await page.getByLabel('Company name').fill('Osprey Capital LLP');
  await page.getByLabel('Location').fill('Boston, United States');
  await page.getByLabel('LinkedIn Url').fill('https://www.linkedin.com/in/bea-buyer');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText('Register Success!')).toBeVisible();
}

test('a buyer unsubscribes from the e-mail without signing in and turns it on again on the account page', async ({
  page,
  request,
}) => {
  const adviserUser = await createActiveUser(request);
  const adviser = await login(request, adviserUser);
  const buyer = newUser();
  const deal = await sentNda(request, adviser, buyer.email);
  await registerBuyer(page, request, buyer);

  // The adviser opens a thread: the buyer gets one digest in the mailbox.
  await api(request, adviser, 'POST', '/projects/comment_threads/', {
    nda: deal.ndaId,
    text: 'Clause 4 should be mutual.',
    pointers: [{ page: 1, x: 0.3, y: 0.4 }],
  });
  const mail = await mailTo(request, buyer.email, /New activity on Project Osprey/);
  expect(mail).toContain('opened a comment thread: “Clause 4 should be mutual.”');
  const link = /https?:\/\/[^"<\s]+\/unsubscribe\/[^"<\s]+/.exec(mail)![0];

  // A link that was changed is refused, and changes nothing.
  await page.goto(link.replace(/\.negotiation\./, '.outcomes.'));
  await expect(page.getByRole('status')).toContainText('This unsubscribe link is not valid.');

  // The real link, signed out: one click turns negotiation e-mails off and says so.
  await page.goto(link);
  await expect(page.getByRole('status')).toContainText(
    'You will no longer receive e-mails about negotiation activity.',
  );

  // Signed in, the account page shows the switch off (and the other kind still on), and turns it on again.
  await page.goto('/login');
  await signIn(page, buyer);
  await expect(page).toHaveURL(/\/account$/);
  const section = page.getByRole('region', { name: 'E-mail notifications' });
  const negotiation = section.getByRole('switch', { name: 'E-mail me about negotiation activity' });
  const outcomes = section.getByRole('switch', { name: 'E-mail me when an NDA is signed or passed' });
  await expect(negotiation).not.toBeChecked();
  await expect(outcomes).toBeChecked();
  await negotiation.click({ force: true });
  await expect(page.getByText('We will e-mail you about this again.')).toBeVisible();
  await page.reload();
  await expect(section.getByRole('switch', { name: 'E-mail me about negotiation activity' })).toBeChecked();
});
