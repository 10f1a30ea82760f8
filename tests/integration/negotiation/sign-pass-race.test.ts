import { describe, expect, it } from 'vitest';
import { SIGNING_MESSAGES } from '@shared/signing.js';
import { type TestApp } from '@tests/support/app.js';
import {
  api,
  type Cast,
  createDeal,
  eventRows,
  negotiationSetup,
  nonField,
  type Res,
} from '@tests/support/negotiation.js';

// A signer's sign and pass on one signership, sent together or a little apart: one decision is taken
// under a lock on the NDA and the signership; the other call answers 400 and writes nothing.

let t: TestApp;
let cast: Cast;

negotiationSetup({}, (made) => {
  ({ t, cast } = made);
});

const later = <T>(ms: number, fn: () => Promise<T>): Promise<T> =>
  new Promise((resolve, reject) => setTimeout(() => fn().then(resolve, reject), ms));

type Move = 'sign' | 'reject';

describe('sign and pass on one signership at about the same time', () => {
  const schedules: Array<[Move, number]> = [
    ['sign', 0],
    ['sign', 50],
    ['sign', 100],
    ['sign', 150],
    ['reject', 0],
    ['reject', 50],
    ['reject', 150],
  ];

  it.each(schedules)('first %s, the other %i ms later: exactly one wins, with one event', async (first, gap) => {
    const deal = await createDeal(t, cast);
    const id = deal.a.signerships[cast.signerA1.id]!;
    const call = (move: Move) => () => api(t, 'GET', `/projects/dashboard/${id}/${move}/`, cast.signerA1);
    const second: Move = first === 'sign' ? 'reject' : 'sign';
    const answers: Record<Move, Res> = Object.fromEntries(
      await Promise.all(
        [call(first)(), later(gap, call(second))].map(async (p, i) => [i === 0 ? first : second, await p] as const),
      ),
    ) as Record<Move, Res>;

    const statuses = [answers.sign.status, answers.reject.status].sort();
    expect(statuses, JSON.stringify(answers)).toEqual([200, 400]);
    const signed = answers.sign.status === 200;
    const loser = signed ? answers.reject : answers.sign;
    expect(nonField(loser)).toBe(signed ? SIGNING_MESSAGES.alreadySigned : SIGNING_MESSAGES.passed);

    const events = await eventRows(t, deal.projectId);
    expect(events.filter((e) => e.status === 'nda_signed')).toHaveLength(signed ? 1 : 0);
    expect(events.filter((e) => e.status === 'nda_rejected')).toHaveLength(signed ? 0 : 1);
    const ship = await t.core.db.selectFrom('signerships').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect([!!ship.signedAt, !!ship.rejectedAt]).toEqual([signed, !signed]);
    const nda = await t.core.db
      .selectFrom('ndas')
      .select(['isSigned', 'signedFileKey'])
      .where('id', '=', deal.a.ndaId)
      .executeTakeFirstOrThrow();
    expect(nda.isSigned).toBe(signed);
    expect(nda.signedFileKey !== null).toBe(signed);
  });
});
