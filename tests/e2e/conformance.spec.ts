import { type APIRequestContext, type Page } from '@playwright/test';
import { format } from 'date-fns/format';
import { AUTH_MESSAGES } from '@shared/schemas/auth';
import { PROJECT_MESSAGES } from '@shared/schemas/projects';
import { SENDING_MESSAGES } from '@shared/schemas/sending';
import { expect, test } from './fixtures';
import {
  adviserWithDeal,
  api,
  createActiveUser,
  hasMailTo,
  LIVE,
  login,
  mailTo,
  openNdaSignedIn,
  newUser,
  ndaPath,
  openNda,
  projectWithNda,
  registerBuyer,
  type Session,
  signerInvitationFromMailbox,
  signInToAccount,
  teamMemberOnProject,
} from './support';

/**
 * Where the product meets the spec as a user sees it: the recipients page's Send, a deep link to a
 * group beyond the tracker's first page, the NDA page's team avatars, dates, the location picker, the
 * signer invitation message, a control that cannot be used after sending, a team member's own place
 * on a project, and the activity feed modal.
 */

async function adviserWithProject(request: APIRequestContext, name: string) {
  const adviser = await createActiveUser(request);
  const session = await login(request, adviser);
  const project = await projectWithNda(request, session, name);
  return { adviser, session, ...project };
}

test.describe('the recipients page’s Send', () => {
  test('sends the NDA to the new group with a subject and a note, and returns to the project with the confirmation', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const projectName = `Heron ${Date.now().toString(36).slice(-5)}`;
    const { adviser, projectId } = await adviserWithProject(request, projectName);
    const recipient = { ...newUser(), firstName: 'Jonas', lastName: 'Brandt' };
    await signInToAccount(page, adviser);

    await page.goto(`/projects/${projectId}/group/create`);
    await page.getByLabel('Group name').fill('Northwind Capital');
    const row = page.getByTestId('recipient-row').first();
    await row.getByLabel('First name').fill(recipient.firstName);
    await row.getByLabel('Last name').fill(recipient.lastName);
    await row.getByLabel('Email').fill(recipient.email);
    await page.getByRole('button', { name: 'Send', exact: true }).click();

    const modal = page.getByRole('dialog', { name: 'Send the NDA' });
    await expect(modal).toBeVisible(LIVE);
    await expect(modal.getByLabel('Subject')).toHaveValue(projectName);
    const subject = `${projectName}: NDA for your review`;
    await modal.getByLabel('Subject').fill(subject);

    // An empty note: the field's error on blur and on Send; nothing is sent and the page stays.
    const note = modal.getByLabel('Write a note');
    await note.focus();
    await note.blur();
    await expect(modal.getByText(SENDING_MESSAGES.noteRequired)).toBeVisible();
    await modal.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(modal.getByText(SENDING_MESSAGES.noteRequired)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/projects/${projectId}/group/create$`));
    await expect(modal).toBeVisible();
    // A blank subject is refused the same way.
    await modal.getByLabel('Subject').fill('');
    await modal.getByLabel('Subject').blur();
    await expect(modal.getByText(SENDING_MESSAGES.subjectRequired)).toBeVisible();
    expect(await hasMailTo(request, recipient.email, new RegExp(projectName))).toBe(false);

    // Subject and note: Send e-mails the group and, after the confirmation, the project opens.
    await modal.getByLabel('Subject').fill(subject);
    await note.fill('Dear Jonas,\nplease find our NDA for the project. We look forward to your comments.');
    await modal.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(modal.getByText('NDA sent')).toBeVisible(LIVE);
    await expect(page).toHaveURL(new RegExp(`/projects/${projectId}/group/\\d+$`), { timeout: 15_000 });
    await expect(page.getByRole('heading', { name: 'Project Dashboard' })).toBeVisible();
    await expect(page.getByText('NDA sent to Northwind Capital: the recipient has been e-mailed.')).toBeVisible();
    await expect(page.getByText(SENDING_MESSAGES.alreadySent)).toHaveCount(0);
    const group = page.getByTestId('tracker-group').filter({ hasText: 'Northwind Capital' });
    await expect(group).toHaveAttribute('data-selected', 'true');
    await expect(group.getByTestId('group-nda-status')).toHaveText('Pending');
    // One group only: the modal's Send did not also submit the recipients form.
    await expect(page.getByTestId('tracker-group')).toHaveCount(1);

    const mail = await mailTo(request, recipient.email, new RegExp(subject));
    expect(mail).toContain('please find our NDA for the project');
  });
});

test('a chosen group beyond the tracker’s first page is loaded, scrolled to and highlighted', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { adviser, session, projectId } = await adviserWithProject(request, 'Kestrel');
  const { users } = await api<{ users: number[] }>(request, session, 'POST', '/projects/contacts/resolve/', {
    recipients: [{ email: newUser().email, first_name: 'Bea', last_name: 'Buyer' }],
  });
  const contacts = await api<{ id: number }>(request, session, 'POST', '/projects/signers_group/', {
    name: 'Bidders',
    users,
  });
  const ids: number[] = [];
  for (let i = 1; i <= 11; i++) {
    const branch = await api<{ id: number }>(request, session, 'POST', '/projects/project_branches/', {
      name: `Bidder ${String(i).padStart(2, '0')}`,
      project: projectId,
      signer_groups: [contacts.id],
      allow_comments: true,
      send_teaser: false,
      inherit_nda_from_project: true,
    });
    ids.push(branch.id);
  }
  await signInToAccount(page, adviser);
  // Newest first, nine a page: the first group made is the eleventh, on the second page.
  await page.goto(`/projects/${projectId}/group/${ids[0]}`);
  const chosen = page.locator('[data-testid="tracker-group"][data-selected="true"]');
  await expect(chosen).toContainText('Bidder 01', LIVE);
  await expect(chosen).toBeInViewport();
  await expect(page.getByTestId('tracker-group')).toHaveCount(11);
});

test('the NDA page’s header shows the project team and marks who is here on which page', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  const { adviser, buyer, deal } = await adviserWithDeal(request, { send: true });
  await signInToAccount(page, adviser);
  await openNda(page, deal);
  const people = page.getByRole('group', { name: 'People on this NDA' });
  await expect(people.getByTestId('team-member')).toHaveAttribute(
    'aria-label',
    `${adviser.firstName} ${adviser.lastName} (you), project member`,
  );

  const buyerContext = await browser.newContext();
  const buyerPage = await registerBuyer(request, buyerContext, buyer, deal);
  await openNda(buyerPage, deal);
  await expect(people.getByTestId('presence-viewer')).toHaveAttribute('aria-label', 'Bea Buyer, on page 1', LIVE);
  await expect(people.getByTestId('team-member')).toHaveCount(1);
  // A recipient sees who is here, not the sending team's list.
  await expect(buyerPage.getByTestId('team-member')).toHaveCount(0);
  await buyerContext.close();
});

test('dates follow the spec’s formats; comment day labels are not in capitals', async ({ page, request }) => {
  test.setTimeout(120_000);
  const { adviser, session, deal } = await adviserWithDeal(request, { send: true });
  await api(request, session, 'POST', '/projects/comment_threads/', {
    nda: deal.ndaId,
    text: 'Please shorten the term to two years.',
    pointers: [{ page: 1, x: 0.5, y: 0.3 }],
  });
  await signInToAccount(page, adviser);
  const now = new Date();

  await page.goto(`/projects/${deal.projectId}`);
  await expect(page.getByText(`Created ${format(now, 'd LLL yyyy')}`)).toBeVisible();
  const group = page.getByTestId('tracker-group').first();
  await expect(group).toContainText(`sent ${format(now, 'd LLL yyyy')}`);
  // A recipient's last move: dd.MM.yyyy k:mm.
  await expect(group.getByTestId('tracker-recipient').first()).toContainText(
    new RegExp(`${format(now, 'dd\\.MM\\.yyyy')} \\d{1,2}:\\d{2}`),
  );
  // The activity feed alone speaks in relative time.
  await expect(page.getByTestId('activity-feed')).toContainText(/just now|minutes? ago/);

  await page.goto(ndaPath(deal));
  const label = page.getByTestId('day-label').first();
  await expect(label).toHaveText('Today', LIVE);
  await expect(label).toHaveCSS('text-transform', 'none');
});

test.describe('the location picker', () => {
  test('suggests cities and countries as the owner types on sign-up', async ({ page }) => {
    await page.goto('/sign-up');
    const location = page.getByLabel('Location');
    await location.fill('frankf');
    await page.getByRole('option', { name: 'Frankfurt, Germany' }).click();
    await expect(location).toHaveValue('Frankfurt, Germany');
    await location.fill('münchen');
    await expect(page.getByRole('option', { name: 'Munich, Germany' })).toBeVisible();
    await expect(location).toHaveAttribute('maxlength', '512');
  });

  test('refuses a signer location over 128 characters under the field', async ({ page, request }) => {
    test.setTimeout(120_000);
    const { buyer } = await adviserWithDeal(request, { send: true });
    await page.goto(await signerInvitationFromMailbox(request, buyer.email));
    await page.getByLabel('First name & Last name').fill('Bea Buyer');
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(buyer.password);
    await page.getByRole('textbox', { name: 'Confirm password', exact: true }).fill(buyer.password);
    await page.getByLabel('Company name').fill('Northwind Capital LLP');
    const location = page.getByLabel('Location');
    await location.fill(`Boston, United States, ${'x'.repeat(110)}`);
    await page.getByLabel('LinkedIn Url').fill('https://www.linkedin.com/in/bea-buyer');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByText('Ensure this field has no more than 128 characters.')).toBeVisible();
    await expect(page.getByText('Register Success!')).toHaveCount(0);
    await location.fill('Boston');
    await page.getByRole('option', { name: 'Boston, United States' }).click();
    await expect(page.getByText('Ensure this field has no more than 128 characters.')).toHaveCount(0);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByText('Register Success!')).toBeVisible(LIVE);
  });
});

test('a bad or used signer invitation says the term has expired and offers password renewal', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  await page.goto('/signer_invitation/not-a-link');
  await expect(page.getByTestId('invitation-link-problem')).toHaveText(AUTH_MESSAGES.invitationExpired);
  await page.getByRole('link', { name: 'Renew your password' }).click();
  await expect(page).toHaveURL(/\/forgot-password\/?$/);

  const { buyer, deal } = await adviserWithDeal(request, { send: true });
  const invitation = await signerInvitationFromMailbox(request, buyer.email);
  const context = await browser.newContext();
  await registerBuyer(request, context, buyer, deal, { signIn: false });
  await context.close();
  await page.goto(invitation);
  await expect(page.getByTestId('invitation-link-problem')).toHaveText(AUTH_MESSAGES.invitationExpired);
  await expect(page.getByRole('link', { name: 'Renew your password' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
});

test('after the NDA is sent, Upload a file on the review page is disabled and says why', async ({ page, request }) => {
  test.setTimeout(90_000);
  const { adviser, deal } = await adviserWithDeal(request, { send: true });
  await signInToAccount(page, adviser);
  await page.goto(`/projects/${deal.projectId}/group/${deal.branchId}/review-nda`);
  const uploadButton = page.getByRole('button', { name: 'Upload a file' });
  await expect(uploadButton).toBeDisabled();
  await expect(uploadButton).toHaveAccessibleDescription('The NDA has been sent: recall it before replacing it.');
  await expect(page.getByRole('button', { name: 'Choose from templates' })).toBeDisabled();
});

test('a team member cannot take herself off a project, whichever door she uses; the NDA page shows the team', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { adviser, session, deal } = await adviserWithDeal(request, { send: true });
  const { member, id: memberId } = await teamMemberOnProject(request, session, deal.projectId);
  const owner = await api<{ user: number }>(request, session, 'GET', `/projects/projects/${deal.projectId}/`);

  // REST and tRPC both refuse her own removal with the rule's message, and she stays on the project.
  const memberSession: Session = await login(request, member);
  const rest = await request.patch(`/api/v1/projects/projects/${deal.projectId}/`, {
    headers: { Authorization: `Bearer ${memberSession.access}` },
    data: { members: [owner.user] },
  });
  expect(rest.status()).toBe(400);
  expect(await rest.json()).toEqual({ members: [PROJECT_MESSAGES.selfStays], code: 'project_members_invalid' });
  const trpc = await request.post('/trpc/projects.update', {
    headers: { Authorization: `Bearer ${memberSession.access}` },
    data: { id: deal.projectId, members: [owner.user] },
  });
  expect(trpc.status()).toBe(400);
  expect((await trpc.json()).error.data.body.code).toBe('project_members_invalid');
  const project = await api<{ members: number[] }>(
    request,
    memberSession,
    'GET',
    `/projects/projects/${deal.projectId}/`,
  );
  expect(project.members).toContain(memberId);

  // The adviser's NDA page shows both members of the team.
  const adviserPage = await openNdaSignedIn(page.context(), adviser, deal);
  await expect(adviserPage.getByTestId('team-member')).toHaveCount(2);
  await expect(adviserPage.getByRole('img', { name: 'Morgan Lee, project member' })).toBeVisible();
});

test.describe('the activity feed modal', () => {
  async function busyProject(request: APIRequestContext) {
    const deal = await adviserWithDeal(request, { send: true, project: `Osprey ${Date.now().toString(36).slice(-4)}` });
    const { session, deal: d } = deal;
    const path = `/projects/projects/${d.projectId}/`;
    await api(request, session, 'PATCH', path, { is_archived: true });
    await api(request, session, 'PATCH', path, { is_archived: false });
    await api(request, session, 'PATCH', `/projects/nda/${d.ndaId}/`, { is_recalled: true });
    await api(request, session, 'PATCH', `/projects/nda/${d.ndaId}/`, { is_recalled: false });
    return deal;
  }

  async function expectFoldingFeed(page: Page, projectName: string) {
    const modal = page.getByRole('dialog', { name: `Activity · ${projectName}` });
    await expect(modal).toBeVisible();
    const lines = modal.getByTestId('activity-group');
    await expect(lines).toHaveCount(3);
    await modal.getByRole('button', { name: 'Show more' }).click();
    await expect(lines).not.toHaveCount(3);
    expect(await lines.count()).toBeGreaterThan(3);
    await modal.getByRole('button', { name: 'Show less' }).click();
    await expect(lines).toHaveCount(3);
    await page.keyboard.press('Escape');
    await expect(modal).toBeHidden();
  }

  test('opens from a project card and from the project page, three groups then Show more and Show less', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const { adviser, deal } = await busyProject(request);
    const project = await api<{ name: string }>(
      request,
      await login(request, adviser),
      'GET',
      `/projects/projects/${deal.projectId}/`,
    );
    await signInToAccount(page, adviser);

    await page.goto('/projects');
    const card = page.getByTestId('project-card').filter({ hasText: project.name });
    await card.getByRole('button', { name: `Activity of ${project.name}` }).click();
    await expectFoldingFeed(page, project.name);
    await expect(page).toHaveURL(/\/projects$/);

    // The card itself still opens the project.
    await card.click();
    await expect(page).toHaveURL(new RegExp(`/projects/${deal.projectId}$`));
    await page.getByRole('button', { name: 'Open activity feed' }).click();
    await expectFoldingFeed(page, project.name);
  });
});
