import { describe, expect, it } from 'vitest';
import type { TestApp } from '@tests/support/app.js';
import type { TestUser } from '@tests/support/factories.js';
import { authHeader, trpcQuery } from '@tests/support/http.js';
import {
  api,
  type Cast,
  createDeal,
  createNamedSigner,
  insertGroup,
  negotiate,
  negotiationSetup,
} from '@tests/support/negotiation.js';

// Consistency across bidders in the clause view (GET /projects/projects/{id}/negotiation_overview/ and
// tRPC projects.negotiationOverview): a clause is flagged once a group agreed wording the project's other
// groups do not stand on, with the open threads each agreed wording can be offered on; groups holding an
// agreed wording no other group has are listed for the tracker.

let t: TestApp;
let cast: Cast;
let signerC: TestUser;

negotiationSetup({ signersReady: false }, async (made) => {
  ({ t, cast } = made);
  signerC = await createNamedSigner(t, cast.owner, 'Clara', 'Capital', 'Buyer C Fund');
});

const LAW = 'h-governing-law-jurisdiction';
const NEW_YORK = 'Governing Law: [New York]';

async function contest(user: TestUser, ndaId: number, proposal: string): Promise<number> {
  const res = await api(t, 'POST', '/projects/comment_threads/', user, {
    nda: ndaId,
    text: 'Our counsel asks for other law.',
    pointers: [{ page: 1, x: 0.3, y: 0.78 }],
    quote: 'Governing Law: [California]',
    proposal,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as number;
}

async function lawClause(projectId: number) {
  const rest = await api(t, 'GET', `/projects/projects/${projectId}/negotiation_overview/`, cast.owner);
  expect(rest.status).toBe(200);
  const twin = await trpcQuery(t, 'projects.negotiationOverview', { id: projectId }, authHeader(cast.manager.access));
  expect(twin.data).toEqual(rest.body);
  const clause = rest.body.clauses.find((c: { key: string }) => c.key === LAW);
  expect(clause, JSON.stringify(rest.body)).toBeTruthy();
  return { clause, outliers: rest.body.outliers };
}

/** Both sides approve: the sender, then the bidder. */
async function agree(bidder: TestUser, thread: number): Promise<void> {
  expect((await negotiate(t, cast.owner, thread, 'approve')).status).toBe(200);
  const res = await negotiate(t, bidder, thread, 'approve');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.negotiationStatus).toBe('approved_by_both_parties');
}

describe('consistency across bidders', () => {
  it('flags a clause once one group agreed, offers the wording to the others, and clears once all stand on it', async () => {
    const deal = await createDeal(t, cast);
    const c = await insertGroup(t, deal.projectId, [signerC], { name: 'Group C' });
    const a = await contest(cast.signerA1, deal.a.ndaId, 'Governing Law: [Delaware]');
    const b = await contest(cast.signerB, deal.b.ndaId, 'Governing Law: [Texas]');
    const third = await contest(signerC, c.ndaId, 'Governing Law: [Utah]');
    const bulk = await api(t, 'POST', `/projects/projects/${deal.projectId}/negotiation_bulk/`, cast.owner, {
      threads: [a, b],
      move: 'propose',
      proposal: NEW_YORK,
    });
    expect(bulk.status).toBe(200);
    // Nobody agreed yet: nothing to flag.
    expect((await lawClause(deal.projectId)).clause.consistency).toBeNull();

    // Bidder A agrees New York (their approval of the adviser's wording, then the adviser's).
    expect((await negotiate(t, cast.signerA1, a, 'approve')).status).toBe(200);
    expect((await negotiate(t, cast.owner, a, 'approve')).body.negotiationStatus).toBe('approved_by_both_parties');
    const { clause, outliers } = await lawClause(deal.projectId);
    expect(clause.consistency).toEqual({
      sentence: `1 group agreed ${NEW_YORK}, 1 is offered an agreed wording, 1 still negotiating other wording`,
      agreed: [{ wording: NEW_YORK, groups: [{ projectBranch: deal.a.branchId, groupName: 'Group A' }] }],
      offers: [{ wording: NEW_YORK, threads: [third], groups: [{ projectBranch: c.branchId, groupName: 'Group C' }] }],
    });
    // Group B is offered the same wording: A's is not theirs alone.
    expect(outliers).toEqual([]);

    // The offer is a bulk counter-proposal to the threads it names.
    const offer = await api(t, 'POST', `/projects/projects/${deal.projectId}/negotiation_bulk/`, cast.owner, {
      threads: clause.consistency.offers[0].threads,
      move: 'propose',
      proposal: clause.consistency.offers[0].wording,
    });
    expect(offer.body.results).toEqual([{ thread: third, ok: true, status: 'unresolved' }]);
    expect((await lawClause(deal.projectId)).clause.consistency).toBeNull();
  });

  it('counts groups that raised nothing as keeping the original wording, and lists a group alone with its terms', async () => {
    const deal = await createDeal(t, cast);
    const a = await contest(cast.signerA1, deal.a.ndaId, 'Governing Law: [Delaware]');
    await agree(cast.signerA1, a);
    const { clause, outliers } = await lawClause(deal.projectId);
    expect(clause.consistency).toMatchObject({
      sentence: '1 group agreed Governing Law: [Delaware], 1 kept the original wording',
      offers: [{ wording: 'Governing Law: [Delaware]', threads: [], groups: [] }],
    });
    expect(outliers).toEqual([
      {
        projectBranch: deal.a.branchId,
        groupName: 'Group A',
        clauses: [{ key: LAW, number: clause.number, heading: clause.heading, wording: 'Governing Law: [Delaware]' }],
      },
    ]);

    // Group B contests, is rejected by both sides: the original text stands for them, still flagged.
    const b = await contest(cast.signerB, deal.b.ndaId, 'Governing Law: [Texas]');
    expect((await negotiate(t, cast.owner, b, 'reject')).status).toBe(200);
    expect((await negotiate(t, cast.signerB, b, 'reject')).status).toBe(200);
    expect((await lawClause(deal.projectId)).clause.consistency.sentence).toBe(
      '1 group agreed Governing Law: [Delaware], 1 kept the original wording',
    );
    // Two agreed wordings, most groups first.
    const deal2 = await createDeal(t, cast);
    const c = await insertGroup(t, deal2.projectId, [signerC], { name: 'Group C' });
    await agree(cast.signerA1, await contest(cast.signerA1, deal2.a.ndaId, 'Governing Law: [Delaware]'));
    await agree(cast.signerB, await contest(cast.signerB, deal2.b.ndaId, 'Governing Law: [Texas]'));
    await agree(signerC, await contest(signerC, c.ndaId, 'governing law:  [TEXAS]'));
    const two = await lawClause(deal2.projectId);
    expect(two.clause.consistency.sentence).toBe(
      '2 groups agreed Governing Law: [Texas], 1 agreed Governing Law: [Delaware]',
    );
    expect(two.outliers.map((o: { groupName: string }) => o.groupName)).toEqual(['Group A']);
  });

  it('is the sending team’s only', async () => {
    const deal = await createDeal(t, cast);
    const res = await api(t, 'GET', `/projects/projects/${deal.projectId}/negotiation_overview/`, cast.signerA1);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('not_found');
  });
});
