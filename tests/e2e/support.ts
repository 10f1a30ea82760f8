import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type BrowserContext, expect, type Locator, type Page } from '@playwright/test';
import { SESSION_STORAGE_KEY } from '@client/lib/session-store';
import { signaturePng } from '../support/signature-png';

export interface TestUser {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

export function newUser(): TestUser {
  const id = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  return {
    email: `e2e-${id}@example.com`,
    password: `Secret-${id}`,
    firstName: 'Avery',
    lastName: `Tester${id.slice(-4)}`,
  };
}

async function trpcMutation(request: APIRequestContext, path: string, input: unknown): Promise<void> {
  const response = await request.post(`/trpc/${path}`, { data: input });
  expect(response.ok(), `${path}: ${await response.text()}`).toBeTruthy();
}

/** The activation key from the newest activation e-mail to `email` in the dev mailbox. */
async function activationKey(request: APIRequestContext, email: string): Promise<string> {
  const mail = await mailTo(request, email, /Activate/);
  const key = /\/user-activation\/([^"<\s]+)/.exec(mail)?.[1];
  expect(key, 'activation link').toBeTruthy();
  return decodeURIComponent(key!);
}

/** An activated owner account made through the API, for tests about what happens after sign-up. */
export async function createActiveUser(request: APIRequestContext): Promise<TestUser> {
  const user = newUser();
  await trpcMutation(request, 'auth.register', {
    email: user.email,
    password1: user.password,
    password2: user.password,
    firstName: user.firstName,
    lastName: user.lastName,
    location: 'London, United Kingdom',
    companyName: 'Harbour Street Advisory',
  });
  await trpcMutation(request, 'auth.verifyEmail', { key: await activationKey(request, user.email) });
  return user;
}

/** Fills and sends the sign-in form of the page already open at /login. */
export async function signIn(page: Page, user: Pick<TestUser, 'email' | 'password'>): Promise<void> {
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** Registers an owner through the sign-up page and activates the account from the dev mailbox. */
export async function signUpAndActivate(page: Page, user: TestUser): Promise<void> {
  await page.goto('/sign-up');
  await page.getByLabel('First name', { exact: true }).fill(user.firstName);
  await page.getByLabel('Last name', { exact: true }).fill(user.lastName);
  await page.getByLabel('Company e-mail').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Confirm password', { exact: true }).fill(user.password);
  await page.getByLabel('Company name').fill('Harbour Street Advisory');
  await page.getByLabel('Location').fill('London, United Kingdom');
  await page.getByRole('checkbox', { name: /I agree to the Terms/ }).check();
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText('Register Success! Check your email and verify your account')).toBeVisible();

  await page.goto('/dev/mailbox');
  await page
    .getByRole('row')
    .filter({ hasText: user.email })
    .getByRole('link', { name: /Activate/ })
    .click();
  await page.getByRole('link', { name: 'Activate account' }).click();
  await expect(page.getByText('Email was successfully activated')).toBeVisible();
}

// ---------------------------------------------------------------------------------------------
// The REST API, as the test's own client, the dev mailbox and the NDA page.

/** The tRPC procedures a browser request calls: one, or several when the client batched them. */
export function trpcProcedures(url: string): string[] {
  const { pathname } = new URL(url);
  return pathname.startsWith('/trpc/') ? pathname.slice('/trpc/'.length).split(',') : [];
}

/** Socket-driven changes: generous, the server runs PGlite on a shared machine. */
export const LIVE = { timeout: 20_000 };

export interface Session {
  access: string;
}

/** What auth.login answers: both tokens, the user and the page the app opens after sign-in. */
interface LoginAnswer {
  access: string;
  refresh: string;
  user: { id: number; companyName: string | null };
  home: string;
}

async function loginAnswer(
  request: APIRequestContext,
  user: Pick<TestUser, 'email' | 'password'>,
): Promise<LoginAnswer> {
  const response = await request.post('/trpc/auth.login', { data: { email: user.email, password: user.password } });
  expect(response.ok(), await response.text()).toBeTruthy();
  return ((await response.json()) as { result: { data: LoginAnswer } }).result.data;
}

export async function login(
  request: APIRequestContext,
  user: Pick<TestUser, 'email' | 'password'>,
): Promise<Session & { userId: number }> {
  const { access, user: me } = await loginAnswer(request, user);
  return { access, userId: me.id };
}

export async function api<T>(
  request: APIRequestContext,
  session: Session,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH',
  url: string,
  body?: unknown,
): Promise<T> {
  const response = await request.fetch(`/api/v1${url}`, {
    method,
    headers: { Authorization: `Bearer ${session.access}` },
    data: body,
  });
  expect(response.ok(), `${method} ${url}: ${response.status()} ${await response.text()}`).toBeTruthy();
  return (await response.json()) as T;
}

export async function upload<T>(
  request: APIRequestContext,
  session: Session,
  method: 'POST' | 'PATCH',
  url: string,
  multipart: Record<string, string | { name: string; mimeType: string; buffer: Buffer }>,
): Promise<T> {
  const response = await request.fetch(`/api/v1${url}`, {
    method,
    headers: { Authorization: `Bearer ${session.access}` },
    multipart,
  });
  expect(response.ok(), `${method} ${url}: ${response.status()} ${await response.text()}`).toBeTruthy();
  return (await response.json()) as T;
}

export interface Deal {
  projectId: number;
  branchId: number;
  ndaId: number;
}

/** The page of the group's NDA, where a buyer reviews and signs it. */
export function ndaPath(deal: Pick<Deal, 'projectId' | 'branchId'>): string {
  return `/projects/${deal.projectId}/group/${deal.branchId}/nda`;
}

/** The mutual NDA most tests negotiate over (US Letter, two pages). */
export const MUTUAL_NDA = fileURLToPath(new URL('../fixtures/ndas/mutual-nda.pdf', import.meta.url));

export interface Group {
  branchId: number;
  ndaId: number;
}

/** A group of the project with one recipient, a contacts list of its own and its NDA from `pdf` (not sent). */
export async function addGroup(
  request: APIRequestContext,
  adviser: Session,
  opts: {
    projectId: number;
    name: string;
    contactsName: string;
    recipient: { email: string; firstName: string; lastName: string };
    pdf: Buffer;
    ndaName: string;
  },
): Promise<Group> {
  const { email, firstName, lastName } = opts.recipient;
  const { users } = await api<{ users: number[] }>(request, adviser, 'POST', '/projects/contacts/resolve/', {
    recipients: [{ email, first_name: firstName, last_name: lastName }],
  });
  const contacts = await api<{ id: number }>(request, adviser, 'POST', '/projects/signers_group/', {
    name: opts.contactsName,
    users,
  });
  const branch = await api<{ id: number }>(request, adviser, 'POST', '/projects/project_branches/', {
    name: opts.name,
    project: opts.projectId,
    signer_groups: [contacts.id],
    allow_comments: true,
    send_teaser: false,
    inherit_nda_from_project: false,
  });
  const nda = await upload<{ id: number }>(request, adviser, 'POST', '/projects/nda/', {
    project_branch: String(branch.id),
    name: opts.ndaName,
    file: { name: `${opts.ndaName}.pdf`, mimeType: 'application/pdf', buffer: opts.pdf },
  });
  return { branchId: branch.id, ndaId: nda.id };
}

/**
 * Subscribes the owner's company to a paid plan price (by default Boutique, monthly: three projects and
 * one team member seat) through the built-in checkout, paid as the owner's browser pays it.
 */
export async function subscribeToPlan(
  request: APIRequestContext,
  owner: Session,
  priceId = 'boutique-month',
): Promise<void> {
  const { checkoutUrl } = await api<{ checkoutUrl: string }>(
    request,
    owner,
    'POST',
    '/billing/subscription/subscribe/',
    { price_id: priceId },
  );
  const token = /\/checkout\/([A-Za-z0-9_-]+)$/.exec(checkoutUrl)?.[1];
  expect(token, `a built-in checkout URL: ${checkoutUrl}`).toBeTruthy();
  const paid = await api<{ redirectUrl: string }>(request, owner, 'POST', `/billing/checkout/${token}/pay/`);
  expect(paid).toEqual({ redirectUrl: '/plan?checkout=success' });
}

/** Saves the user's signature, which an adviser needs before sending an NDA and a signer before signing. */
export async function saveSignature(request: APIRequestContext, session: Session): Promise<void> {
  await upload(request, session, 'PATCH', '/me/1/', {
    sign: { name: 'signature.png', mimeType: 'image/png', buffer: signaturePng() },
  });
}

/**
 * The adviser's deal: their signature, the project `project` (default 'Project Falcon'), the group
 * 'Northwind Capital' with `buyerEmail` typed as Bea Buyer, and the group's NDA from `pdf`, sent (or
 * not) to the buyer.
 */
export async function setUpDeal(
  request: APIRequestContext,
  adviser: Session,
  opts: { buyerEmail: string; pdf: Buffer; ndaName: string; send: boolean; project?: string },
): Promise<Deal> {
  const projectName = opts.project ?? 'Project Falcon';
  await saveSignature(request, adviser);
  const project = await api<{ id: number }>(request, adviser, 'POST', '/projects/projects/', {
    name: projectName,
    summary: 'Sale of a logistics business',
  });
  const group = await addGroup(request, adviser, {
    projectId: project.id,
    name: 'Northwind Capital',
    contactsName: 'Northwind bidders',
    recipient: { email: opts.buyerEmail, firstName: 'Bea', lastName: 'Buyer' },
    pdf: opts.pdf,
    ndaName: opts.ndaName,
  });
  if (opts.send) {
    await api(request, adviser, 'POST', `/projects/dashboard/${group.branchId}/send_nda_to_all_signers/`, {
      subject: `${projectName}: NDA for your review`,
      note: 'Please review the mutual NDA. Comment on any clause you would like to change.',
    });
  }
  return { projectId: project.id, ...group };
}

/**
 * An adviser made through the API with the deal of setUpDeal (by default over the mutual NDA), and
 * the buyer it names, Bea Buyer, who has no account yet.
 */
export async function adviserWithDeal(
  request: APIRequestContext,
  opts: { send: boolean; pdf?: Buffer; ndaName?: string; project?: string },
): Promise<{ adviser: TestUser; session: Session; buyer: TestUser; deal: Deal }> {
  const adviser = await createActiveUser(request);
  const session = await login(request, adviser);
  const buyer = { ...newUser(), firstName: 'Bea', lastName: 'Buyer' };
  const deal = await setUpDeal(request, session, {
    buyerEmail: buyer.email,
    pdf: opts.pdf ?? fs.readFileSync(MUTUAL_NDA),
    ndaName: opts.ndaName ?? 'Mutual NDA',
    send: opts.send,
    project: opts.project,
  });
  return { adviser, session, buyer, deal };
}

export async function openNda(page: Page, deal: Deal): Promise<void> {
  await page.goto(ndaPath(deal));
  await expectNdaShown(page);
}

/** The NDA page shows its first page, ready for pointers. */
async function expectNdaShown(page: Page): Promise<void> {
  await expect(page.getByTestId('page-indicator')).toHaveText(/^1 \/ \d+$/, LIVE);
  await expect(page.getByTestId('page-overlay')).toBeVisible(LIVE);
}

/** A new page of `context`, signed in as `user`, on the deal's NDA. */
export async function openNdaSignedIn(
  context: BrowserContext,
  user: Pick<TestUser, 'email' | 'password'>,
  deal: Deal,
): Promise<Page> {
  const page = await newSignedInPage(context, user, ndaPath(deal));
  await expectNdaShown(page);
  return page;
}

/** Marks the page so a later check can prove it was never reloaded. */
export async function markNoReload(page: Page): Promise<void> {
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
}

export async function expectNotReloaded(page: Page): Promise<void> {
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
}

/** Clicks the rendered page at fractions (x, y) of its visible box. */
export async function clickPage(page: Page, x: number, y: number): Promise<void> {
  const overlay = page.getByTestId('page-overlay');
  await scrollPageSpotIntoView(overlay, x, y);
  const box = (await overlay.boundingBox())!;
  await page.mouse.click(box.x + box.width * x, box.y + box.height * y);
}

/**
 * Brings the spot at fractions (x, y) of the rendered page to the middle of the screen: the window
 * scrolls up or down and, when the page is zoomed wider than the viewer, the viewer sideways.
 */
export async function scrollPageSpotIntoView(overlay: Locator, x: number, y: number): Promise<void> {
  await overlay.evaluate(
    (element, [fx, fy]) => {
      const spot = document.createElement('span');
      spot.style.cssText = `position:absolute;left:${fx! * 100}%;top:${fy! * 100}%;width:1px;height:1px`;
      element.append(spot);
      spot.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
      spot.remove();
    },
    [x, y],
  );
}

/** A marker's tip as fractions of the page it is drawn on (its button sits over the pin's head). */
export async function markerTip(page: Page, marker: Locator): Promise<{ x: number; y: number }> {
  const overlay = (await page.getByTestId('page-overlay').boundingBox())!;
  const pin = (await marker.boundingBox())!;
  return {
    x: (pin.x + pin.width / 2 - overlay.x) / overlay.width,
    y: (pin.y + pin.height - overlay.y) / overlay.height,
  };
}

/**
 * Signs `page` in as the sign-in form does, without loading the form: the login call, the session kept
 * where the app keeps it, then the page the app opens after sign-in (the login's `home`: a signer's
 * NDA, else the account page). The form itself is tested in auth.spec.ts and buyer-journey.spec.ts;
 * skipping it saves a page load per sign-in.
 */
export async function signInThroughApi(
  page: Page,
  user: Pick<TestUser, 'email' | 'password'>,
  /** The page that asked for sign-in, which the app returns to; by default the login's home. */
  path?: string,
): Promise<void> {
  const { home, ...session } = await loginAnswer(page.request, user);
  // localStorage belongs to an origin: a page not on the app's yet opens its smallest file first.
  if (!page.url().startsWith('http')) await page.goto('/favicon.svg');
  await page.evaluate(({ key, value }) => localStorage.setItem(key, value), {
    key: SESSION_STORAGE_KEY,
    value: JSON.stringify(session),
  });
  await page.goto(path ?? home);
}

/** Signs an owner or team member in on `page`: they land on their account page. */
export async function signInToAccount(page: Page, user: Pick<TestUser, 'email' | 'password'>): Promise<void> {
  await signInThroughApi(page, user);
  await expect(page).toHaveURL(/\/account$/);
}

/**
 * A new page of `context`, signed in as `user`: at `path` when given (a link opened signed in, as the
 * app returns to the page that asked for sign-in), else on their account page.
 */
export async function newSignedInPage(
  context: BrowserContext,
  user: Pick<TestUser, 'email' | 'password'>,
  path?: string,
): Promise<Page> {
  const page = await context.newPage();
  if (path) await signInThroughApi(page, user, path);
  else await signInToAccount(page, user);
  return page;
}

/** Selects, with the mouse, the words of the page's text layer that hold `text` (its whole line). */
export async function selectWords(page: Page, text: string): Promise<void> {
  const words = page.locator('.react-pdf__Page__textContent span').filter({ hasText: text }).first();
  await words.scrollIntoViewIfNeeded();
  const box = (await words.boundingBox())!;
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + 1, y);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2, y, { steps: 4 });
  await page.mouse.move(box.x + box.width - 1, y, { steps: 4 });
  await page.mouse.up();
}

/** The text of the newest dev-mailbox e-mail to `email` whose subject matches, once it is there. */
export async function mailTo(
  request: APIRequestContext,
  email: string,
  subject: RegExp,
  wait: { timeout: number } = { timeout: 15_000 },
): Promise<string> {
  let body = '';
  await expect(async () => {
    const mailbox = await (await request.get('/dev/mailbox')).text();
    const row = mailbox
      .split('<tr>')
      .find((r) => r.includes(`<td>${email}</td>`) && subject.test(r.replace(/<[^>]+>/g, ' ')));
    const mailPath = row && /href="(\/dev\/mailbox\/\d+)"/.exec(row)?.[1];
    expect(mailPath, `an e-mail to ${email} matching ${subject}`).toBeTruthy();
    body = await (await request.get(mailPath!)).text();
  }).toPass(wait);
  return body;
}

/** The link of the newest e-mail to `email` in the dev mailbox that carries `pattern`. */
export async function linkFromMailbox(request: APIRequestContext, email: string, pattern: RegExp): Promise<string> {
  let found: string | undefined;
  await expect(async () => {
    const mailbox = await (await request.get('/dev/mailbox')).text();
    const rows = mailbox.split('<tr>').filter((r) => r.includes(`<td>${email}</td>`));
    for (const row of rows) {
      const mailPath = /href="(\/dev\/mailbox\/\d+)"/.exec(row)?.[1];
      if (!mailPath) continue;
      const mail = await (await request.get(mailPath)).text();
      const match = pattern.exec(mail);
      if (match) {
        found = match[0];
        return;
      }
    }
    throw new Error(`no e-mail to ${email} with ${pattern}`);
  }).toPass({ timeout: 15_000 });
  return found!;
}

/** The signer invitation link of the newest NDA e-mail to `email`. */
export function signerInvitationFromMailbox(request: APIRequestContext, email: string): Promise<string> {
  return linkFromMailbox(request, email, /\/signer_invitation\/[^"<\s]+/);
}

/**
 * The buyer opens the invitation e-mail's link in a new page of `context` and registers through the
 * API, as its form sends it (the form itself is tested in buyer-journey.spec.ts); unless `signIn` is
 * false, they then sign in (signInThroughApi) and land on the NDA they were invited to.
 */
export async function registerBuyer(
  request: APIRequestContext,
  context: BrowserContext,
  buyer: TestUser,
  deal: Pick<Deal, 'projectId' | 'branchId'>,
  opts: { companyName?: string; signIn?: boolean } = {},
): Promise<Page> {
  const invitation = await signerInvitationFromMailbox(request, buyer.email);
  const page = await context.newPage();
  await page.goto(invitation);
  await expect(page.getByLabel('First name & Last name')).toBeVisible(LIVE);
  const link = decodeURIComponent(invitation.split('/signer_invitation/')[1]!);
  const at = link.indexOf(':');
  await trpcMutation(request, 'auth.confirmSignerInvitation', {
    uid: link.slice(0, at),
    token: link.slice(at + 1),
    newPassword1: buyer.password,
    newPassword2: buyer.password,
    firstName: buyer.firstName,
    lastName: buyer.lastName,
    companyName: opts.companyName ?? 'Northwind Capital LLP',
    location: 'Boston, United States',
    linkedinLink: 'https://www.linkedin.com/in/bea-buyer',
  });
  if (opts.signIn === false) return page;
  await signInThroughApi(page, buyer);
  await expectOnNdaPath(page, deal);
  return page;
}

/** The page is at the deal's NDA (where a signer lands after signing in from an invitation). */
export async function expectOnNdaPath(page: Page, deal: Pick<Deal, 'projectId' | 'branchId'>): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`${ndaPath(deal)}$`), LIVE);
}

/** A project of the adviser (their signature saved) with a project NDA from the mutual NDA, and no group yet. */
export async function projectWithNda(
  request: APIRequestContext,
  adviser: Session,
  name: string,
): Promise<{ projectId: number; ndaId: number }> {
  await saveSignature(request, adviser);
  const project = await api<{ id: number }>(request, adviser, 'POST', '/projects/projects/', {
    name,
    summary: 'Sale of a logistics business',
  });
  const nda = await upload<{ id: number }>(request, adviser, 'POST', '/projects/nda/', {
    project: String(project.id),
    name: 'Mutual NDA',
    file: { name: 'mutual-nda.pdf', mimeType: 'application/pdf', buffer: fs.readFileSync(MUTUAL_NDA) },
  });
  return { projectId: project.id, ndaId: nda.id };
}

/** Whether an e-mail to `email` whose subject matches is in the dev mailbox now. */
export async function hasMailTo(request: APIRequestContext, email: string, subject: RegExp): Promise<boolean> {
  const mailbox = await (await request.get('/dev/mailbox')).text();
  return mailbox.split('<tr>').some((r) => r.includes(`<td>${email}</td>`) && subject.test(r.replace(/<[^>]+>/g, ' ')));
}

// ---------------------------------------------------------------------------------------------
// Accessibility.

/** The WCAG 2.1 A and AA rules of axe-core, the level the product is held to. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

export interface AxeFinding {
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/**
 * The serious and critical WCAG A/AA violations axe-core finds on the page as it is now. axe runs in
 * the page itself (legacy mode): by default each scan opens a blank page to merge the results of
 * cross-origin frames, which the app has none of, and that page cost more than the scan.
 */
export async function seriousViolations(page: Page): Promise<AxeFinding[]> {
  const results = await new AxeBuilder({ page })
    .withTags(WCAG_TAGS)
    .options({ resultTypes: ['violations'] })
    .setLegacyMode()
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      rule: v.id,
      impact: v.impact!,
      help: v.help,
      targets: v.nodes.map((n) => n.target.join(' ')),
    }));
}

/** The findings in a form a failed test can print: one line per rule with its elements. */
export function describeFindings(where: string, findings: AxeFinding[]): string {
  return findings
    .map((f) => `${where}: [${f.impact}] ${f.rule} (${f.help}) at ${f.targets.slice(0, 8).join(', ')}`)
    .join('\n');
}

/**
 * Waits until the page has stopped loading, as the app itself says it (client/src/app/BusySignal.tsx:
 * no page code, navigation or data request in flight), and no spinner or busy region is left.
 * Transitions are turned off so colours are measured as they end, not midway.
 */
export async function settle(page: Page): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-app-busy', 'false', LIVE);
  await page.addStyleTag({
    content: '*, *::before, *::after { transition: none !important; animation-duration: 0s !important; }',
  });
  await expect(page.locator('.mantine-Loader-root:visible, [aria-busy="true"]:visible')).toHaveCount(0, LIVE);
  await expect(page.locator('html')).toHaveAttribute('data-app-busy', 'false', LIVE);
}

/**
 * A team member invited by e-mail registers from the invitation in the dev mailbox, in `context`, and
 * signs in: answers their page, on the account page.
 */
export async function registerTeamMember(context: BrowserContext, member: TestUser): Promise<Page> {
  const page = await context.newPage();
  await page.goto('/dev/mailbox');
  await page
    .getByRole('row')
    .filter({ hasText: member.email })
    .getByRole('link', { name: /invited you/ })
    .click();
  await page.getByRole('link', { name: 'Create your account' }).click();
  await expect(page).toHaveURL(/\/member_invitation\//);
  await page.getByLabel('First name & Last name').fill(`${member.firstName} ${member.lastName}`);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(member.password);
  await page.getByRole('textbox', { name: 'Confirm password', exact: true }).fill(member.password);
  await page.getByLabel('Location').fill('Manchester, United Kingdom');
  await page.getByLabel('LinkedIn Url').fill('https://www.linkedin.com/in/team-member');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText('Register Success!')).toBeVisible({ timeout: 20_000 });
  await page.getByRole('link', { name: 'Go to Login page' }).click();
  await signIn(page, member);
  await expect(page).toHaveURL(/\/account$/);
  return page;
}

/**
 * A registered recipient signs their group's NDA through the API, as their signing form does: their
 * company's address, a saved signature, their opening of the NDA, then the signature call for their signership.
 */
export async function signAsRecipient(
  request: APIRequestContext,
  buyer: Pick<TestUser, 'email' | 'password'>,
  deal: Pick<Deal, 'branchId' | 'ndaId'>,
): Promise<void> {
  const { access, user } = await loginAnswer(request, buyer);
  const session = { access };
  await saveSignature(request, session);
  const group = await api<{ signerships: Array<{ id: number; signer: { id: number } }> }>(
    request,
    session,
    'GET',
    `/projects/project_branches/${deal.branchId}/`,
  );
  const mine = group.signerships.find((s) => s.signer.id === user.id);
  expect(mine, 'the recipient’s signership').toBeTruthy();
  // Signing needs the NDA opened: reading its document, as the review page does.
  const nda = await request.get(`/api/v1/projects/nda/${deal.ndaId}/get_nda_pdf/`, {
    headers: { Authorization: `Bearer ${access}` },
  });
  expect(nda.ok(), 'the recipient opens the NDA').toBeTruthy();
  // The company it signs for goes with the signature, as the signing form sends it.
  await api(request, session, 'POST', `/projects/dashboard/${mine!.id}/sign/`, {
    name: user.companyName ?? 'Northwind Capital LLP',
    address: '200 Clarendon Street, Boston MA 02116',
  });
}

/** axe-core finds no serious or critical accessibility violation on the page as it stands. */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  const findings = await seriousViolations(page);
  expect(findings, describeFindings(page.url(), findings)).toEqual([]);
}

/** The confirmation before a signature: the consent to sign electronically ticked, then Sign (or Countersign) NDA. */
export async function confirmSigning(page: Page, action: 'Sign' | 'Countersign' = 'Sign'): Promise<void> {
  const dialog = page.getByRole('dialog', { name: `${action} this NDA` });
  await dialog.getByRole('checkbox', { name: /I agree to sign this NDA electronically/ }).check();
  await dialog.getByRole('button', { name: `${action} NDA` }).click();
  await dialog.waitFor({ state: 'hidden' });
}

/**
 * Morgan Lee, a team member of the adviser's company on the project: the Boutique plan bought for the
 * seat (Free has none), invited, registered from the invitation through the API as its form sends it,
 * and added to the project's team (with `projectChanges` in the same update). Answers them and their id.
 */
export async function teamMemberOnProject(
  request: APIRequestContext,
  adviser: Session,
  projectId: number,
  projectChanges: Record<string, unknown> = {},
): Promise<{ member: TestUser; id: number }> {
  await subscribeToPlan(request, adviser);
  const member = { ...newUser(), firstName: 'Morgan', lastName: 'Lee' };
  const invited = await api<{ id: number }>(request, adviser, 'POST', '/members/', { email: member.email });
  const link = await linkFromMailbox(request, member.email, /\/member_invitation\/[^"<\s]+/);
  const [uid, token] = decodeURIComponent(link.split('/member_invitation/')[1]!).split(':');
  const registered = await request.post('/api/v1/registration/member_invitation_confirm/', {
    data: {
      uid,
      token,
      new_password1: member.password,
      new_password2: member.password,
      first_name: member.firstName,
      last_name: member.lastName,
      location: 'Manchester, United Kingdom',
      linkedin_link: 'https://www.linkedin.com/in/morgan-lee',
    },
  });
  expect(registered.ok(), await registered.text()).toBeTruthy();
  const owner = await api<{ user: number }>(request, adviser, 'GET', `/projects/projects/${projectId}/`);
  await api(request, adviser, 'PATCH', `/projects/projects/${projectId}/`, {
    members: [owner.user, invited.id],
    ...projectChanges,
  });
  return { member, id: invited.id };
}

/** Clicks a document's View button and answers the file the viewer received, once the viewer shows it. */
export async function viewDocument(page: Page, view: () => Promise<void>, title: string): Promise<Buffer> {
  const file = /\/documents\/\d+\/file\//;
  let received: Buffer | null = null;
  await page.route(file, async (route) => {
    const response = await route.fetch();
    const body = await response.body();
    // The viewer asks for its first megabyte: a smaller file comes whole in that part (206).
    const whole = /^bytes 0-(\d+)\/(\d+)$/.exec(response.headers()['content-range'] ?? '');
    if (response.status() === 200 || (whole && Number(whole[1]) + 1 === Number(whole[2]))) received = body;
    await route.fulfill({ response, body });
  });
  await view();
  const viewer = page.getByRole('dialog', { name: title });
  await expect(viewer.getByTestId('pdf-page-number').first()).toHaveText(/^Page 1 of \d+$/, LIVE);
  await page.unroute(file);
  expect(received).not.toBeNull();
  return received!;
}
