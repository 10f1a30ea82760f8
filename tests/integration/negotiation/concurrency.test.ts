import { describe, expect, it } from 'vitest';
import {
  type Move,
  NEGOTIATION_STATUSES,
  type NegotiationStatus,
  nextStatus,
  REFUSAL_MESSAGES,
  type Side,
} from '@shared/negotiation.js';
import { type TestApp } from '@tests/support/app.js';
import type { TestUser } from '@tests/support/factories.js';
import {
  api,
  type Cast,
  createDeal,
  type Deal,
  eventRows,
  negotiate,
  nonField,
  threadBy,
  negotiationSetup,
} from '@tests/support/negotiation.js';

// Concurrent approve and reject calls on one thread: the thread row is locked, so moves apply one
// after the other by the state machine, and the stored history replays to the stored status.

let t: TestApp;
let cast: Cast;
let deal: Deal;

negotiationSetup({ signersReady: false }, async (made) => {
  ({ t, cast } = made);
  deal = await createDeal(t, cast);
});

const ALLOWED_REFUSALS = [
  REFUSAL_MESSAGES.own_thread,
  REFUSAL_MESSAGES.not_your_turn,
  REFUSAL_MESSAGES.no_change,
  REFUSAL_MESSAGES.agreed,
];

/** Fires `calls` at once (mixed sides and moves) and checks the outcome against the machine. */
async function storm(author: TestUser, actors: TestUser[], calls = 20) {
  const thread = await threadBy(t, author, deal.a.ndaId, `Storm on a thread by ${author.user.firstName}`);
  const plan = Array.from({ length: calls }, (_, i) => ({
    user: actors[i % actors.length]!,
    move: (i % 4 < 2 ? 'approve' : 'reject') as Move,
  }));
  const answers = await Promise.all(plan.map((p) => negotiate(t, p.user, thread, p.move)));

  // Every answer is an accepted move or a refusal by the machine: no 5xx, no lost update.
  for (const res of answers) {
    expect([200, 400], JSON.stringify(res.body)).toContain(res.status);
    if (res.status === 400) expect(ALLOWED_REFUSALS).toContain(nonField(res));
  }
  const accepted = answers.filter((r) => r.status === 200);

  const row = await t.core.db
    .selectFrom('commentThreads')
    .selectAll()
    .where('id', '=', thread)
    .executeTakeFirstOrThrow();
  expect(NEGOTIATION_STATUSES).toContain(row.negotiationStatus);

  // Exactly one negotiation row per accepted move, and one approved/rejected event each.
  const moves = await t.core.db
    .selectFrom('negotiations')
    .selectAll()
    .where('commentThreadId', '=', thread)
    .orderBy('id')
    .execute();
  expect(moves).toHaveLength(accepted.length);
  const events = (await eventRows(t, deal.projectId)).filter(
    (e) => e.subjectId === thread && (e.status === 'approved' || e.status === 'rejected'),
  );
  expect(events).toHaveLength(accepted.length);
  expect(events.filter((e) => e.status === 'approved')).toHaveLength(moves.filter((m) => m.move === 'approve').length);

  // Replaying the stored moves through the machine from 'unresolved' reproduces every step and the final status.
  let status: NegotiationStatus = 'unresolved';
  for (const m of moves) {
    expect(m.fromStatus).toBe(status);
    status = nextStatus(
      {
        status,
        side: m.side as Side,
        isAuthor: m.authorId === author.id,
        canAddNegotiation: true,
        nda: { isRecalled: false, isSigned: false },
        passed: false,
      },
      m.move as Move,
    );
    expect(m.toStatus).toBe(status);
  }
  expect(row.negotiationStatus).toBe(status);

  // What each accepted call answered is one of the stored steps, each step answered once.
  expect(accepted.map((r) => r.body.negotiationStatus).sort()).toEqual(moves.map((m) => m.toStatus).sort());
  return { thread, accepted: accepted.length, refused: answers.length - accepted.length, final: row.negotiationStatus };
}

describe('20 concurrent moves on one thread', () => {
  it('by the owner and a signer on a thread by another signer', async () => {
    const outcome = await storm(cast.signerA2, [cast.owner, cast.signerA1]);
    expect(outcome.accepted).toBeGreaterThanOrEqual(1);
  });

  it("by the owner, a manager and both signers on the owner's own thread (the author's first move is refused)", async () => {
    const outcome = await storm(cast.owner, [cast.owner, cast.signerA1, cast.manager, cast.signerA2]);
    expect(outcome.accepted).toBeGreaterThanOrEqual(1);
  });

  it('on several threads at once, each keeping its own history', async () => {
    const results = await Promise.all([
      storm(cast.signerA1, [cast.owner, cast.signerA2]),
      storm(cast.manager, [cast.signerA1, cast.owner, cast.signerA2]),
      storm(cast.signerA2, [cast.manager, cast.signerA1]),
    ]);
    expect(new Set(results.map((r) => r.thread)).size).toBe(3);
    // The API lists the same history the table holds.
    for (const r of results) {
      const listed = await api(t, 'GET', `/projects/negotiations/?comment_thread=${r.thread}`, cast.owner);
      expect(listed.status).toBe(200);
      expect(listed.body.count).toBe(r.accepted);
    }
  });
});
