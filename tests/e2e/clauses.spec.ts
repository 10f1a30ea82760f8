import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { createActiveUser, signIn } from './support';
import { signaturePng } from '../support/signature-png';

/**
 * The clause view across bidders (/projects/:projectId/negotiation): the adviser keeps it open while
 * threads arrive in two groups through the API (as another person's browser would send them); the
 * view groups them by clause and updates live, without a reload.
 */

const MUTUAL_NDA = fileURLToPath(new URL('../fixtures/ndas/mutual-nda.pdf', import.meta.url));
/** Socket-driven changes: generous, the server runs PGlite on a shared machine. */
const LIVE = { timeout: 20_000 };

interface Session {
  access: string;
}

async function login(request: APIRequestContext, user: { email: string; password: string }): Promise<Session> {
  const response = await request.post('/trpc/auth.login', { data: { email: user.email, password: user.password } });
  expect(response.ok(), await response.text()).toBeTruthy();
  return { access: ((await response.json()) as { result: { data: { access: string } } }).result.data.access };
}

async function api<T>(
  request: APIRequestContext,
  session: Session,
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  body?: unknown,
  multipart?: Record<string, string | { name: string; mimeType: string; buffer: Buffer }>,
): Promise<T> {
  const response = await request.fetch(`/api/v1${url}`, {
    method,
    headers: { Authorization: `Bearer ${session.access}` },
    data: body,
    multipart,
  });
  expect(response.ok(), `${method} ${url}: ${response.status()} ${await response.text()}`).toBeTruthy();
  return (await response.json()) as T;
}

interface Group {
  branchId: number;
  ndaId: number;
}

/** A group of the project with one recipient and its own NDA (not sent: the adviser comments first). */
async function addGroup(request: APIRequestContext, adviser: Session, projectId: number, name: string): Promise<Group> {
  const email = `e2e-${name.toLowerCase().replace(/\W+/g, '-')}-${Date.now().toString(36)}@example.com`;
  const { users } = await api<{ users: number[] }>(request, adviser, 'POST', '/projects/contacts/resolve/', {
    recipients: [{ email, first_name: 'Bidder', last_name: name }],
  });
  const contacts = await api<{ id: number }>(request, adviser, 'POST', '/projects/signers_group/', {
    name: `${name} team`,
    users,
  });
  const branch = await api<{ id: number }>(request, adviser, 'POST', '/projects/project_branches/', {
    name,
    project: projectId,
    signer_groups: [contacts.id],
    allow_comments: true,
    send_teaser: false,
    inherit_nda_from_project: false,
  });
  const nda = await api<{ id: number }>(request, adviser, 'POST', '/projects/nda/', undefined, {
    project_branch: String(branch.id),
    name: 'Mutual NDA',
    file: { name: 'mutual-nda.pdf', mimeType: 'application/pdf', buffer: fs.readFileSync(MUTUAL_NDA) },
  });
  return { branchId: branch.id, ndaId: nda.id };
}

async function markNoReload(page: Page): Promise<void> {
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
}

async function expectNotReloaded(page: Page): Promise<void> {
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
}

test('the adviser watches clauses raised by two groups gather into one, live, and opens a thread from it', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const adviser = await createActiveUser(request);
  const session = await login(request, adviser);
  await api(request, session, 'PATCH', '/me/1/', undefined, {
    sign: { name: 'signature.png', mimeType: 'image/png', buffer: signaturePng() },
  });
  const project = await api<{ id: number }>(request, session, 'POST', '/projects/projects/', {
    name: 'Project Heron',
    summary: 'Sale of a regional airline',
  });
  const northwind = await addGroup(request, session, project.id, 'Northwind Capital');
  const contoso = await addGroup(request, session, project.id, 'Contoso Partners');

  // The adviser goes from the project's tracker to the clause view.
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.goto('/login');
  await signIn(page, adviser);
  await expect(page).toHaveURL(/\/account$/);
  await page.goto(`/projects/${project.id}`);
  await page.getByRole('link', { name: 'Clauses across groups' }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${project.id}/negotiation$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Clauses across groups' })).toBeVisible();
  await expect(page.getByText('No clause raised yet')).toBeVisible(LIVE);
  await markNoReload(page);

  // A thread in Northwind's NDA, quoting the governing-law clause with new wording: it appears live.
  const first = await api<{ id: number }>(request, session, 'POST', '/projects/comment_threads/', {
    nda: northwind.ndaId,
    text: 'Northwind asks for English law.',
    pointers: [{ page: 1, x: 0.3, y: 0.6 }],
    quote: 'governed by the laws of the State of California',
    proposal: 'governed by the laws of England and Wales',
  });
  const clauses = page.getByTestId('clause');
  await expect(clauses).toHaveCount(1, LIVE);
  await expect(clauses.first().getByRole('heading', { level: 3 })).toHaveText(
    'Page 1: “governed by the laws of the State of California”',
  );
  await expect(clauses.first().getByTestId('clause-proposal')).toHaveText(
    'Proposed wording: governed by the laws of England and Wales',
  );

  // The same words in Contoso's NDA (another case, elsewhere on the page): the same clause, two groups.
  await api(request, session, 'POST', '/projects/comment_threads/', {
    nda: contoso.ndaId,
    text: 'Contoso wants Delaware.',
    pointers: [{ page: 1, x: 0.7, y: 0.62 }],
    quote: 'Governed by the laws of the State of California',
  });
  // And a pointer without a quote in Contoso's NDA, on page 2: a clause of its own.
  await api(request, session, 'POST', '/projects/comment_threads/', {
    nda: contoso.ndaId,
    text: 'The term is too long.',
    pointers: [{ page: 2, x: 0.4, y: 0.3 }],
  });
  await expect(clauses).toHaveCount(2, LIVE);
  await expect(clauses.first().getByTestId('clause-group')).toHaveText(['Northwind Capital', 'Contoso Partners'], LIVE);
  await expect(clauses.first().getByText('2 groups')).toBeVisible();
  await expect(clauses.nth(1).getByRole('heading', { level: 3 })).toHaveText('Pointer on page 2');
  const summary = page.getByTestId('clause-summary');
  await expect(summary.getByRole('listitem')).toHaveText([
    /^Clauses\s*2\s*raised by 2 groups$/,
    /^Pushback\s*1\s*/,
    /^Open\s*2\s*/,
    /^Conceded\s*0\s*no wording agreed yet$/,
  ]);
  await expectNotReloaded(page);

  // The filter is a labelled group of radios; nothing is agreed yet, everything is open.
  const filter = page.getByRole('radiogroup', { name: 'Show threads' });
  await filter.getByRole('radio', { name: 'Agreed' }).check();
  await expect(page.getByText('No clause matches this filter')).toBeVisible();
  await filter.getByRole('radio', { name: 'Open' }).check();
  await expect(clauses).toHaveCount(2);
  await filter.getByRole('radio', { name: 'All' }).check();

  // The page's structure: headings for the summary and the list, the clauses as a list.
  await expect(page.getByRole('heading', { level: 2, name: 'At a glance' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Clauses' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Clauses by page' }).getByRole('article')).toHaveCount(2);

  // A link opens the thread on Northwind's NDA page, selected.
  await clauses
    .first()
    .getByRole('link', { name: /Open the thread in Northwind Capital/ })
    .click();
  await expect(page).toHaveURL(
    new RegExp(`/projects/${project.id}/group/${northwind.branchId}/nda\\?thread=${first.id}$`),
  );
  await expect(page.locator(`[data-thread="${first.id}"][data-active]`).first()).toBeVisible(LIVE);
  await context.close();
});
