import { describe, expect, it } from 'vitest';
import { REFUSAL_MESSAGES } from '@shared/negotiation.js';
import { type TestApp } from '@tests/support/app.js';
import type { TestUser } from '@tests/support/factories.js';
import { authHeader, trpcMutation } from '@tests/support/http.js';
import {
  api,
  type Cast,
  createDeal,
  type Deal,
  eventRows,
  negotiationSetup,
  threadBy,
  threadStatus,
} from '@tests/support/negotiation.js';
import { expectStatus } from '@tests/support/projects.js';

// A rejection may say why: the reason is posted as the rejecting side's reply, with the move, in one
// transaction, over tRPC (the NDA page) and REST alike.

let t: TestApp;
let cast: Cast;
let deal: Deal;

negotiationSetup({ signersReady: false }, async (made) => {
  ({ t, cast } = made);
  deal = await createDeal(t, cast);
});

const auth = (u: TestUser) => authHeader(u.access);
const repliesOf = (threadId: number) =>
  t.core.db
    .selectFrom('comments')
    .select(['authorId', 'text'])
    .where('commentThreadId', '=', threadId)
    .orderBy('id')
    .execute();

describe('rejecting with a reason', () => {
  it('posts the reason as the rejecting side’s reply, with the move and both events', async () => {
    const thread = await threadBy(t, cast.signerA1, deal.a.ndaId, 'Delaware courts instead.');
    const res = await trpcMutation(
      t,
      'threads.negotiate',
      { id: thread, move: 'reject', reason: '  Our fund only litigates in London.  ' },
      auth(cast.owner),
    );
    expect(res.status, JSON.stringify(res.error)).toBe(200);
    expect(res.data.negotiationStatus).toBe('rejected_by_sender_waiting_recipient');
    expect(res.data.comments).toMatchObject([{ text: 'Our fund only litigates in London.', authorId: cast.owner.id }]);
    expect(await repliesOf(thread)).toEqual([{ authorId: cast.owner.id, text: 'Our fund only litigates in London.' }]);
    const events = (await eventRows(t, deal.projectId)).filter((e) => e.authorId === cast.owner.id).slice(-2);
    expect(events.map((e) => e.status)).toEqual(['new_comment', 'rejected']);

    // Over REST, the reason rides in the body (POST) or the query (GET); the other side settles it.
    const rest = await api(t, 'POST', `/projects/comment_threads/${thread}/negotiation_reject/`, cast.signerA1, {
      reason: 'Then the original clause it is.',
    });
    expectStatus(rest, 200);
    expect(rest.body.negotiationStatus).toBe('rejected_by_both_parties');
    expect((await repliesOf(thread)).map((r) => r.text)).toEqual([
      'Our fund only litigates in London.',
      'Then the original clause it is.',
    ]);
  });

  it('posts nothing for a blank reason, and nothing when the move is refused', async () => {
    const thread = await threadBy(t, cast.signerA1, deal.a.ndaId, 'Shorter term.');
    const blank = await api(
      t,
      'GET',
      `/projects/comment_threads/${thread}/negotiation_reject/?reason=%20%20`,
      cast.owner,
    );
    expectStatus(blank, 200);
    expect(await repliesOf(thread)).toEqual([]);

    // Not the owner's turn again: the move is refused and its reason is not posted.
    const refused = await trpcMutation(
      t,
      'threads.negotiate',
      { id: thread, move: 'reject', reason: 'Still no.' },
      auth(cast.owner),
    );
    expect(refused.status).toBe(400);
    expect(refused.error?.data.body.nonFieldErrors).toEqual([REFUSAL_MESSAGES.not_your_turn]);
    expect(await repliesOf(thread)).toEqual([]);
    expect(await threadStatus(t, thread)).toBe('rejected_by_sender_waiting_recipient');
  });

  it('refuses a reason that is too long, or given with an approval', async () => {
    const thread = await threadBy(t, cast.signerA1, deal.a.ndaId, 'Mutual obligations.');
    const long = await api(t, 'POST', `/projects/comment_threads/${thread}/negotiation_reject/`, cast.owner, {
      reason: 'x'.repeat(5001),
    });
    expect(long.status).toBe(400);
    expect(JSON.stringify(long.body)).toContain('Ensure this field has no more than 5000 characters.');
    const approve = await trpcMutation(
      t,
      'threads.negotiate',
      { id: thread, move: 'approve', reason: 'Fine.' },
      auth(cast.owner),
    );
    expect(approve.status).toBe(400);
    expect(await repliesOf(thread)).toEqual([]);
    expect(await threadStatus(t, thread)).toBe('unresolved');
  });
});
