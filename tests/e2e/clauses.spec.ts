import fs from 'node:fs';
import { type APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  addGroup,
  adviserWithDeal,
  api,
  createActiveUser,
  expectNoSeriousA11yViolations,
  expectNotReloaded,
  LIVE,
  login,
  markNoReload,
  MUTUAL_NDA,
  newSignedInPage,
  newUser,
  registerBuyer,
  saveSignature,
  type Session,
  teamMemberOnProject,
} from './support';

/**
 * The clause view across bidders (/projects/:projectId/negotiation): the adviser keeps it open while
 * threads arrive in two groups through the API (as another person's browser would send them); the
 * view groups them by clause of the NDA, whatever words each quoted, and updates live, without a reload.
 */

/** A group of the project with one bidder and its own NDA (not sent: the adviser comments first). */
function addBidder(request: APIRequestContext, adviser: Session, projectId: number, name: string) {
  return addGroup(request, adviser, {
    projectId,
    name,
    contactsName: `${name} team`,
    recipient: {
      email: `e2e-${name.toLowerCase().replace(/\W+/g, '-')}-${Date.now().toString(36)}@example.com`,
      firstName: 'Bidder',
      lastName: name,
    },
    pdf: fs.readFileSync(MUTUAL_NDA),
    ndaName: 'Mutual NDA',
  });
}

test('the adviser watches two groups quoting different words of one clause gather into one row, live, and opens a thread from it', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const adviser = await createActiveUser(request);
  const session = await login(request, adviser);
  await saveSignature(request, session);
  const project = await api<{ id: number }>(request, session, 'POST', '/projects/projects/', {
    name: 'Project Heron',
    summary: 'Sale of a regional airline',
  });
  const northwind = await addBidder(request, session, project.id, 'Northwind Capital');
  const contoso = await addBidder(request, session, project.id, 'Contoso Partners');

  // The adviser goes from the project's tracker to the clause view.
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await newSignedInPage(context, adviser, `/projects/${project.id}`);
  await page.getByRole('link', { name: 'Clauses across groups' }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${project.id}/negotiation$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Clauses across groups' })).toBeVisible();
  await expect(page.getByText('No clause raised yet')).toBeVisible(LIVE);
  await markNoReload(page);

  // A thread in Northwind's NDA, quoting the cover page's governing law with new wording: it appears live.
  const first = await api<{ id: number }>(request, session, 'POST', '/projects/comment_threads/', {
    nda: northwind.ndaId,
    text: 'Northwind asks for English law.',
    pointers: [{ page: 1, x: 0.3, y: 0.78 }],
    quote: 'Governing Law: [California]',
    proposal: 'Governing Law: [England and Wales]',
  });
  const clauses = page.getByTestId('clause');
  await expect(clauses).toHaveCount(1, LIVE);
  await expect(clauses.first().getByRole('heading', { level: 3 })).toHaveText('Governing Law & Jurisdiction');
  await expect(clauses.first().getByTestId('clause-proposal')).toHaveText(
    'Proposed wording: Governing Law: [England and Wales]',
  );

  // Contoso selects more of the same row, and asks for the same wording in other case and punctuation:
  // the same clause, two groups, one position.
  await api(request, session, 'POST', '/projects/comment_threads/', {
    nda: contoso.ndaId,
    text: 'Contoso wants English law too.',
    pointers: [{ page: 1, x: 0.2, y: 0.8 }],
    quote: 'Governing Law: [California] Jurisdiction: [courts located in Los Angeles County, CA]',
    proposal: 'governing law [England and Wales].',
  });
  // And a pointer without a quote on section 5 of Contoso's NDA: a clause of its own.
  await api(request, session, 'POST', '/projects/comment_threads/', {
    nda: contoso.ndaId,
    text: 'The term is too long.',
    pointers: [{ page: 3, x: 0.4, y: 0.45 }],
  });
  await expect(clauses).toHaveCount(2, LIVE);
  await expect(clauses.first().getByTestId('clause-group')).toHaveText(['Northwind Capital', 'Contoso Partners'], LIVE);
  await expect(clauses.first().getByText('2 groups', { exact: true })).toBeVisible();
  await expect(clauses.first().getByTestId('clause-groups')).toHaveText(
    'Raised by Northwind Capital, Contoso Partners',
  );
  await expect(clauses.first().getByTestId('clause-position')).toHaveCount(1);
  await expect(clauses.first().getByTestId('position-wording')).toHaveText('Governing Law: [England and Wales]');
  await expect(clauses.first().getByTestId('position-groups')).toHaveText(
    'Held by 2 groups: Northwind Capital, Contoso Partners',
  );
  await expect(clauses.first().getByTestId('clause-counts')).toHaveText(/2 open\s*0 agreed\s*0 rejected/);
  // A name ending in s takes the apostrophe alone.
  await expect(clauses.first().getByRole('link', { name: 'Open the thread in Contoso Partners’ NDA' })).toBeVisible();
  await expect(clauses.first().getByRole('link', { name: 'Open the thread in Northwind Capital’s NDA' })).toBeVisible();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await clauses.first().screenshot({ path: test.info().outputPath(`clause-card-${width}.png`) });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  await expect(clauses.nth(1).getByRole('heading', { level: 3 })).toHaveText('§ 5 Term and Termination');
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

test('the adviser writes a clause’s playbook in the clause view, sees wordings within or outside it, and proposes a fallback from the thread in one click', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const adviser = await createActiveUser(request);
  const session = await login(request, adviser);
  await saveSignature(request, session);
  const project = await api<{ id: number }>(request, session, 'POST', '/projects/projects/', {
    name: 'Project Kestrel',
    summary: 'Sale of a software company',
  });
  const northwind = await addBidder(request, session, project.id, 'Northwind Capital');
  const thread = await api<{ id: number }>(request, session, 'POST', '/projects/comment_threads/', {
    nda: northwind.ndaId,
    text: 'Northwind asks for Delaware law.',
    pointers: [{ page: 1, x: 0.3, y: 0.78 }],
    quote: 'Governing Law: [California]',
    proposal: 'Governing Law: [Delaware]',
  });

  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await newSignedInPage(context, adviser, `/projects/${project.id}/negotiation`);
  const clause = page.getByTestId('clause');
  await expect(clause).toHaveCount(1, LIVE);
  await clause.getByRole('button', { name: 'Add to playbook' }).click();
  const dialog = page.getByRole('dialog', { name: 'Playbook: Governing Law & Jurisdiction' });
  await dialog.getByLabel('Preferred wording').fill('Governing Law: [England and Wales]');
  await dialog
    .getByLabel('Fallback wordings, in order (one a line)')
    .fill('Governing Law: [New York]\nGoverning Law: [delaware].');
  await dialog.getByLabel('Internal guidance').fill('Concede Delaware only to a US fund.');
  await dialog.getByRole('button', { name: 'Save playbook' }).click();
  await expect(dialog).toHaveCount(0);
  // The bidder's wording equals fallback 2 once case and punctuation are ignored.
  await expect(clause.getByTestId('position-playbook')).toHaveText('within playbook: fallback 2');
  await expect(clause.getByRole('button', { name: 'Edit playbook' })).toBeVisible();

  // On the thread, the adviser sees the playbook and counter-proposes fallback 1 in one click.
  await clause.getByRole('link', { name: /Open the thread in Northwind Capital/ }).click();
  const card = page.locator(`[data-testid="thread-card"][data-thread="${thread.id}"]`);
  const panel = card.getByTestId('thread-playbook');
  await expect(panel.getByTestId('playbook-match')).toHaveText('within playbook: fallback 2', LIVE);
  await expect(panel.getByTestId('playbook-guidance')).toHaveText('Concede Delaware only to a US fund.');
  await expect(card.getByTestId('thread-clause')).toHaveText('Governing Law & Jurisdiction');
  await panel.getByRole('button', { name: 'Propose fallback 1' }).click();
  await expect(card.getByTestId('proposal-text')).toHaveText('Governing Law: [New York]', LIVE);
  await expect(panel.getByTestId('playbook-match')).toHaveText('within playbook: fallback 1');
  await expect(card.getByTestId('reply-proposal')).toContainText('Governing Law: [New York]');
  await context.close();
});

test('the adviser answers two groups on one clause with a playbook fallback in one action', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const adviser = await createActiveUser(request);
  const session = await login(request, adviser);
  await saveSignature(request, session);
  const project = await api<{ id: number }>(request, session, 'POST', '/projects/projects/', {
    name: 'Project Osprey',
    summary: 'Sale of a logistics group',
  });
  const northwind = await addBidder(request, session, project.id, 'Northwind Capital');
  const contoso = await addBidder(request, session, project.id, 'Contoso Partners');
  await api(request, session, 'PUT', `/projects/projects/${project.id}/playbook/`, {
    clauses: [
      {
        key: 'h-governing-law-jurisdiction',
        preferred: 'Governing Law: [England and Wales]',
        fallbacks: ['Governing Law: [New York]'],
        walkAway: '',
        guidance: '',
      },
    ],
  });
  for (const [nda, quote, proposal] of [
    [northwind.ndaId, 'Governing Law: [California]', 'Governing Law: [Delaware]'],
    [contoso.ndaId, 'Jurisdiction: [courts located in Los Angeles County, CA]', 'Governing Law: [Texas]'],
  ] as const)
    await api(request, session, 'POST', '/projects/comment_threads/', {
      nda,
      text: 'Another law, please.',
      pointers: [{ page: 1, x: 0.3, y: 0.79 }],
      quote,
      proposal,
    });

  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await newSignedInPage(context, adviser, `/projects/${project.id}/negotiation`);
  const clause = page.getByTestId('clause');
  await expect(clause).toHaveCount(1, LIVE);
  await expect(clause.getByTestId('clause-position')).toHaveCount(2);
  await clause.getByRole('button', { name: 'Answer open threads' }).click();
  const panel = clause.getByTestId('bulk-move');
  await panel.getByLabel('Move', { exact: true }).click();
  await page.getByRole('option', { name: 'Fallback 1: Governing Law: [New York]' }).click();
  await panel.getByRole('button', { name: 'Propose fallback 1 to 2 groups' }).click();
  await expect(page.getByText('Sent to 2 threads.')).toBeVisible(LIVE);
  await expect(clause.getByTestId('clause-position')).toHaveCount(1, LIVE);
  await expect(clause.getByTestId('position-wording')).toHaveText('Governing Law: [New York]');
  await expect(clause.getByTestId('position-groups')).toHaveText(
    'Held by 2 groups: Northwind Capital, Contoso Partners',
  );
  await context.close();
});

test('three bidders: one agrees, the clause is flagged, the adviser offers that wording to the third, and internal notes stay with the team', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const adviser = await createActiveUser(request);
  const session = await login(request, adviser);
  await saveSignature(request, session);
  const project = await api<{ id: number }>(request, session, 'POST', '/projects/projects/', {
    name: 'Project Plover',
    summary: 'Sale of a shipping line',
  });
  const buyer = { ...newUser(), firstName: 'Bea', lastName: 'Buyer' };
  const northwind = await addGroup(request, session, {
    projectId: project.id,
    name: 'Northwind Capital',
    contactsName: 'Northwind bidders',
    recipient: { email: buyer.email, firstName: buyer.firstName, lastName: buyer.lastName },
    pdf: fs.readFileSync(MUTUAL_NDA),
    ndaName: 'Mutual NDA',
  });
  const contoso = await addBidder(request, session, project.id, 'Contoso Partners');
  const fabrikam = await addBidder(request, session, project.id, 'Fabrikam Holdings');
  await api(request, session, 'POST', `/projects/dashboard/${northwind.branchId}/send_nda_to_all_signers/`, {
    subject: 'Project Plover: NDA for your review',
    note: 'Please review the mutual NDA.',
  });

  // Northwind's bidder registers and contests governing law; the two other groups contest it too (their
  // threads arrive through the API, as their browsers would send them).
  const bidderContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const bidderPage = await registerBuyer(request, bidderContext, buyer, {
    projectId: project.id,
    branchId: northwind.branchId,
  });
  const bidder = await login(request, buyer);
  const law = (nda: number, who: Session, proposal: string) =>
    api<{ id: number }>(request, who, 'POST', '/projects/comment_threads/', {
      nda,
      text: 'Another law, please.',
      pointers: [{ page: 1, x: 0.3, y: 0.78 }],
      quote: 'Governing Law: [California]',
      proposal,
    });
  const north = await law(northwind.ndaId, bidder, 'Governing Law: [Delaware]');
  const cont = await law(contoso.ndaId, session, 'Governing Law: [Texas]');
  await law(fabrikam.ndaId, session, 'Governing Law: [Utah]');
  // The adviser answered Northwind and Contoso with New York in one move (tested above through the page).
  await api(request, session, 'POST', `/projects/projects/${project.id}/negotiation_bulk/`, {
    threads: [north.id, cont.id],
    move: 'propose',
    proposal: 'Governing Law: [New York]',
  });

  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await newSignedInPage(context, adviser, `/projects/${project.id}/negotiation`);
  const clause = page.getByTestId('clause');
  await expect(clause).toHaveCount(1, LIVE);
  await expect(clause.getByTestId('clause-counts')).toHaveText(/3 open/, LIVE);
  await expect(clause.getByTestId('consistency-flag')).toHaveCount(0);
  await markNoReload(page);

  // Northwind agrees New York, and the adviser confirms: the flag appears, live.
  await api(request, bidder, 'POST', `/projects/comment_threads/${north.id}/negotiation_approve/`);
  await api(request, session, 'POST', `/projects/comment_threads/${north.id}/negotiation_approve/`);
  const flag = clause.getByTestId('consistency-flag');
  await expect(flag.getByTestId('consistency-sentence')).toHaveText(
    '1 group agreed Governing Law: [New York], 1 is offered an agreed wording, 1 still negotiating other wording.',
    LIVE,
  );
  await expectNoSeriousA11yViolations(page);
  await flag.getByRole('button', { name: 'Offer “Governing Law: [New York]” to 1 group' }).click();
  const panel = clause.getByTestId('bulk-move');
  await expect(panel.getByRole('checkbox', { name: 'Fabrikam Holdings' })).toBeChecked();
  await expect(panel.getByRole('checkbox', { name: 'Contoso Partners' })).not.toBeChecked();
  await expect(panel.getByLabel('Wording', { exact: true })).toHaveValue('Governing Law: [New York]');
  await panel.getByRole('button', { name: 'Propose this wording to 1 group' }).click();
  await expect(page.getByText('Sent to 1 thread.')).toBeVisible(LIVE);
  // Every group now stands on New York: nothing left to flag.
  await expect(clause.getByTestId('consistency-flag')).toHaveCount(0, LIVE);
  await expect(clause.getByTestId('position-wording')).toHaveText('Governing Law: [New York]');
  await expectNotReloaded(page);

  // On Northwind's NDA page the adviser writes an internal note; the bidder, on the same NDA, never sees it.
  const NOTE = 'Internal: Northwind is our likely winner, concede quickly.';
  await page.goto(`/projects/${project.id}/group/${northwind.branchId}/nda?thread=${north.id}`);
  const card = page.locator(`[data-testid="thread-card"][data-thread="${north.id}"]`);
  const notes = card.getByTestId('thread-notes');
  await expect(notes).toContainText('Internal notes: only your team sees these', LIVE);
  await notes.getByRole('textbox', { name: 'Internal note' }).fill(NOTE);
  await notes.getByRole('button', { name: 'Add note' }).click();
  await expect(notes.getByTestId('thread-note')).toContainText(NOTE, LIVE);
  await expectNoSeriousA11yViolations(page);
  const bidderCard = bidderPage.locator(`[data-testid="thread-card"][data-thread="${north.id}"]`);
  await expect(bidderCard).toBeVisible(LIVE);
  // A reply sent after the note reaches the bidder live; the note, sent before it, never did.
  await api(request, session, 'POST', '/projects/comments/', { comment_thread: north.id, text: 'Thank you, agreed.' });
  await expect(bidderCard.getByTestId('replies')).toContainText('Thank you, agreed.', LIVE);
  await expect(bidderPage.getByTestId('thread-notes')).toHaveCount(0);
  await expect(bidderPage.locator('body')).not.toContainText(NOTE);
  await bidderPage.reload();
  await expect(bidderPage.locator(`[data-testid="thread-card"][data-thread="${north.id}"]`)).toBeVisible(LIVE);
  await expect(bidderPage.locator('body')).not.toContainText(NOTE);
  await context.close();
  await bidderContext.close();
});

test('a team member’s proposal outside the playbook waits for the owner: the bidder sees nothing until it is released', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const { adviser, session, buyer, deal } = await adviserWithDeal(request, { send: true });
  const { member } = await teamMemberOnProject(request, session, deal.projectId, { proposal_approval: true });

  const bidderContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const bidderPage = await registerBuyer(request, bidderContext, buyer, deal);
  const bidder = await login(request, buyer);
  const thread = await api<{ id: number }>(request, bidder, 'POST', '/projects/comment_threads/', {
    nda: deal.ndaId,
    text: 'Delaware law, please.',
    pointers: [{ page: 1, x: 0.3, y: 0.78 }],
    quote: 'Governing Law: [California]',
    proposal: 'Governing Law: [Delaware]',
  });
  const bidderCard = bidderPage.locator(`[data-testid="thread-card"][data-thread="${thread.id}"]`);
  await expect(bidderCard).toBeVisible(LIVE);

  // The adviser watches the thread while the member answers it with wording of their own: it is held.
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await newSignedInPage(
    context,
    adviser,
    `/projects/${deal.projectId}/group/${deal.branchId}/nda?thread=${thread.id}`,
  );
  const card = page.locator(`[data-testid="thread-card"][data-thread="${thread.id}"]`);
  await expect(card).toBeVisible(LIVE);
  const WORDING = 'Governing Law: [New York], held for approval';
  const memberSession = await login(request, member);
  const held = await api<{ approval: string }>(request, memberSession, 'POST', '/projects/comments/', {
    comment_thread: thread.id,
    text: 'We could accept New York.',
    proposal: WORDING,
  });
  expect(held.approval).toBe('pending');
  const waiting = card.getByTestId('held-proposal');
  await expect(waiting).toContainText('Awaiting approval (internal)', LIVE);
  await expect(waiting).toContainText(`Proposed wording: ${WORDING}`);
  await expectNoSeriousA11yViolations(page);
  await expect(bidderPage.locator('body')).not.toContainText(WORDING);
  await bidderPage.reload();
  await expect(bidderCard).toBeVisible(LIVE);
  await expect(bidderPage.locator('body')).not.toContainText(WORDING);
  await expect(bidderPage.getByTestId('held-proposal')).toHaveCount(0);

  // The owner releases it: the bidder receives it live, as the member's reply.
  await waiting.getByRole('button', { name: 'Release to the bidder' }).click();
  await expect(card.getByTestId('held-proposal')).toHaveCount(0, LIVE);
  await expect(bidderCard.getByTestId('proposal-text')).toHaveText(WORDING, LIVE);
  await expect(bidderCard.getByTestId('replies')).toContainText('We could accept New York.');
  await context.close();
  await bidderContext.close();
});
