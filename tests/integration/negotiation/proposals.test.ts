import type { Socket } from 'socket.io-client';
import { beforeAll, describe, expect, it } from 'vitest';
import { PASSED_MESSAGE, PROPOSAL_MESSAGES } from '@shared/negotiation.js';
import { MAX_PROPOSAL, MAX_QUOTE, PROPOSAL_FIELD_MESSAGES } from '@shared/schemas/threads.js';
import { openThreadsMessage } from '@shared/signing.js';
import { threadHistories } from '@server/queries/threads/thread-histories.js';
import { type TestApp } from '@tests/support/app.js';
import type { TestUser } from '@tests/support/factories.js';
import { authHeader, trpcMutation, trpcQuery } from '@tests/support/http.js';
import {
  api,
  type Cast,
  connected,
  createDeal,
  type Deal,
  negotiate,
  nextMessage,
  nonField,
  openSocket,
  somewhere,
  subscribe,
  threadBy,
  threadStatus,
  negotiationSetup,
} from '@tests/support/negotiation.js';

import { expectStatus } from '@tests/support/projects.js';

// Quoted clauses, proposed wording and counter-proposals (REST, tRPC, socket), the signing gate on
// settled threads, and a pass on the opportunity closing the negotiation.

let t: TestApp;
let url: string;
let cast: Cast;
const open: Socket[] = [];

negotiationSetup({ listen: true, sockets: open }, (made) => {
  ({ t, url, cast } = made);
});

const QUOTE = 'This Agreement shall be governed by the laws of the State of California.';
const WORDING = 'This Agreement shall be governed by the laws of England and Wales.';
const COUNTER = 'This Agreement shall be governed by the laws of the State of New York.';

const openThread = (user: TestUser, ndaId: number, body: Record<string, unknown> = {}) =>
  api(t, 'POST', '/projects/comment_threads/', user, {
    nda: ndaId,
    text: 'Governing law should be English.',
    pointers: somewhere,
    ...body,
  });
const reply = (user: TestUser, thread: number, body: Record<string, unknown> = {}) =>
  api(t, 'POST', '/projects/comments/', user, { comment_thread: thread, text: 'See my wording.', ...body });
const sign = (user: TestUser, signership: number) => api(t, 'GET', `/projects/dashboard/${signership}/sign/`, user);
const pass = (user: TestUser, signership: number) => api(t, 'GET', `/projects/dashboard/${signership}/reject/`, user);

describe('quote and proposals over REST', () => {
  let deal: Deal;
  beforeAll(async () => {
    deal = await createDeal(t, cast);
  });

  it('stores the quote and the proposal of a new thread, and answers them on every read', async () => {
    const created = await openThread(cast.signerA1, deal.a.ndaId, {
      quote: `  ${QUOTE.replace(/ /g, '\n ')} `,
      proposal: WORDING,
    });
    expectStatus(created, 201);
    expect(created.body).toMatchObject({
      quote: QUOTE,
      proposal: WORDING,
      proposals: [{ text: WORDING, author: 'Alice Acquirer', authorId: cast.signerA1.id, created: expect.any(String) }],
    });
    expect(Object.keys(created.body.proposals[0]).sort()).toEqual(['author', 'authorId', 'created', 'text']);

    const listed = await api(t, 'GET', `/projects/comment_threads/?nda=${deal.a.ndaId}&limit=-1`, cast.owner);
    expectStatus(listed, 200);
    expect(listed.body.results.find((x: { id: number }) => x.id === created.body.id)).toMatchObject({
      quote: QUOTE,
      proposal: WORDING,
    });
  });

  it('keeps a thread without quote or proposal as before (null, null, [])', async () => {
    const created = await openThread(cast.owner, deal.a.ndaId, { quote: '', proposal: '   ' });
    expectStatus(created, 201);
    expect(created.body).toMatchObject({ quote: null, proposal: null, proposals: [] });
  });

  it('takes a counter-proposal in a reply: the latest is current, every earlier one stays, oldest first', async () => {
    const thread = (await openThread(cast.signerA1, deal.a.ndaId, { quote: QUOTE, proposal: WORDING })).body.id;
    const plain = await reply(cast.owner, thread);
    expectStatus(plain, 201);
    expect(plain.body.proposal).toBeNull();
    const counter = await reply(cast.owner, thread, { text: 'New York law instead.', proposal: COUNTER });
    expectStatus(counter, 201);
    expect(counter.body).toMatchObject({ text: 'New York law instead.', proposal: COUNTER });

    const one = await api(t, 'GET', `/projects/comment_threads/${thread}/`, cast.signerA2);
    expectStatus(one, 200);
    expect(one.body.proposal).toBe(COUNTER);
    expect(one.body.proposals.map((p: { text: string; authorId: number }) => [p.text, p.authorId])).toEqual([
      [WORDING, cast.signerA1.id],
      [COUNTER, cast.owner.id],
    ]);
    expect(one.body.comments.map((c: { proposal: string | null }) => c.proposal)).toEqual([null, COUNTER]);
    const comments = await api(t, 'GET', `/projects/comments/?comment_thread=${thread}`, cast.signerA1);
    expect(comments.body.results.map((c: { proposal: string | null }) => c.proposal)).toEqual([null, COUNTER]);

    // Editing or deleting the reply keeps the proposal on the record.
    expectStatus(await api(t, 'PATCH', `/projects/comments/${counter.body.id}/`, cast.owner, { text: 'NY.' }), 200);
    expectStatus(await api(t, 'DELETE', `/projects/comments/${counter.body.id}/`, cast.owner), 204);
    const after = await api(t, 'GET', `/projects/comment_threads/${thread}/`, cast.signerA1);
    expect(after.body.proposal).toBe(COUNTER);
    expect(after.body.proposals).toHaveLength(2);
  });

  it('refuses a quote or a proposal that is too long, with the field and its message', async () => {
    const quote = await openThread(cast.owner, deal.a.ndaId, { quote: 'q'.repeat(MAX_QUOTE + 1) });
    expectStatus(quote, 400);
    expect(quote.body.quote).toEqual([PROPOSAL_FIELD_MESSAGES.quoteTooLong]);
    const proposal = await openThread(cast.owner, deal.a.ndaId, { proposal: 'p'.repeat(MAX_PROPOSAL + 1) });
    expectStatus(proposal, 400);
    expect(proposal.body.proposal).toEqual([PROPOSAL_FIELD_MESSAGES.proposalTooLong]);
    const thread = await threadBy(t, cast.owner, deal.a.ndaId);
    const counter = await reply(cast.signerA1, thread, { proposal: 'p'.repeat(MAX_PROPOSAL + 1) });
    expectStatus(counter, 400);
    expect(counter.body.proposal).toEqual([PROPOSAL_FIELD_MESSAGES.proposalTooLong]);
  });
});

describe('quote and proposals over tRPC', () => {
  it('round-trips through threads.create, threads.comment and threads.list', async () => {
    const deal = await createDeal(t, cast);
    const auth = authHeader(cast.signerA1.access);
    const created = await trpcMutation(
      t,
      'threads.create',
      { nda: deal.a.ndaId, text: 'Governing law', pointers: somewhere, quote: QUOTE, proposal: WORDING },
      auth,
    );
    expect(created.status, JSON.stringify(created.error)).toBe(200);
    expect(created.data).toMatchObject({ quote: QUOTE, proposal: WORDING, proposals: [{ text: WORDING }] });
    const counter = await trpcMutation(
      t,
      'threads.comment',
      { commentThread: created.data.id, text: 'Counter', proposal: COUNTER },
      authHeader(cast.owner.access),
    );
    expect(counter.status, JSON.stringify(counter.error)).toBe(200);
    expect(counter.data.proposal).toBe(COUNTER);
    const list = await trpcQuery(t, 'threads.list', { nda: deal.a.ndaId }, auth);
    expect(list.data[0]).toMatchObject({
      quote: QUOTE,
      proposal: COUNTER,
      proposals: [
        { text: WORDING, authorId: cast.signerA1.id },
        { text: COUNTER, authorId: cast.owner.id },
      ],
    });
    const tooLong = await trpcMutation(
      t,
      'threads.create',
      { nda: deal.a.ndaId, text: 'x', pointers: somewhere, quote: 'q'.repeat(MAX_QUOTE + 1) },
      auth,
    );
    expect(tooLong.status).toBe(400);
  });
});

describe('a new proposal in the state machine, live', () => {
  it('puts a one-sided approval back to unresolved; both then approve the wording that stands', async () => {
    const deal = await createDeal(t, cast);
    const owner = openSocket(url, cast.owner.access, open);
    await connected(owner);
    expect((await subscribe(owner, { ndaId: deal.a.ndaId })).ok).toBe(true);

    const createdLive = nextMessage(owner, 'thread.created', (m) => m.nda === deal.a.ndaId);
    const thread = (await openThread(cast.signerA1, deal.a.ndaId, { quote: QUOTE, proposal: WORDING })).body.id;
    expect(await createdLive).toMatchObject({
      id: thread,
      quote: QUOTE,
      proposal: WORDING,
      proposals: [{ text: WORDING }],
    });

    // The sender approves the buyer's wording: one side only.
    expectStatus(await negotiate(t, cast.owner, thread, 'approve'), 200);
    expect(await threadStatus(t, thread)).toBe('approved_by_sender_waiting_recipient');

    // The buyer's colleague counter-proposes: the sender's approval no longer counts.
    const commentLive = nextMessage(owner, 'comment.created', (m) => m.commentThread === thread);
    const proposalLive = nextMessage(owner, 'proposal.created', (m) => m.commentThread === thread);
    const counter = await reply(cast.signerA2, thread, { proposal: COUNTER });
    expectStatus(counter, 201);
    expect(await commentLive).toMatchObject({ id: counter.body.id, proposal: COUNTER, nda: deal.a.ndaId });
    expect(await proposalLive).toEqual({
      nda: deal.a.ndaId,
      commentThread: thread,
      comment: counter.body.id,
      proposal: { text: COUNTER, author: 'Arthur Associate', authorId: cast.signerA2.id, created: expect.any(String) },
      negotiationStatus: 'unresolved',
    });
    expect(await threadStatus(t, thread)).toBe('unresolved');

    // The counter-proposal's author does not move first on it; the sender answers, then the buyer.
    const own = await negotiate(t, cast.signerA2, thread, 'approve');
    expectStatus(own, 400);
    expectStatus(await negotiate(t, cast.owner, thread, 'approve'), 200);
    expectStatus(await negotiate(t, cast.signerA2, thread, 'approve'), 200);
    expect(await threadStatus(t, thread)).toBe('approved_by_both_parties');

    // Agreement is final: no new wording.
    const late = await reply(cast.owner, thread, { proposal: 'Delaware law.' });
    expectStatus(late, 400);
    expect(nonField(late)).toBe(PROPOSAL_MESSAGES.agreed);
    // A plain reply is still welcome.
    expectStatus(await reply(cast.owner, thread, { text: 'Agreed, thanks.' }), 201);

    // What the signed PDF will read: quote, the agreed wording, the history, who approved it when.
    const [history] = await threadHistories(t.core.db, deal.a.ndaId);
    expect(history).toMatchObject({
      id: thread,
      pages: [1],
      quote: QUOTE,
      proposal: COUNTER,
      negotiationStatus: 'approved_by_both_parties',
      proposals: [{ text: WORDING }, { text: COUNTER }],
    });
    expect(history!.moves.map((m) => [m.authorId, m.move])).toEqual([
      [cast.owner.id, 'approve'],
      [cast.owner.id, 'approve'],
      [cast.signerA2.id, 'approve'],
    ]);
    expect(history!.currentMoves.map((m) => [m.side, m.authorId, m.toStatus])).toEqual([
      ['sender', cast.owner.id, 'approved_by_sender_waiting_recipient'],
      ['recipient', cast.signerA2.id, 'approved_by_both_parties'],
    ]);
    for (const m of history!.currentMoves) expect(m.at).toMatch(/Z$/);
  });
});

describe('the signing gate', () => {
  it('refuses signing while threads are open, with their count, and signs once all are settled', async () => {
    const deal = await createDeal(t, cast);
    const signership = deal.a.signerships[cast.signerA1.id]!;
    const first = (await openThread(cast.signerA1, deal.a.ndaId, { quote: QUOTE, proposal: WORDING })).body.id;
    const second = await threadBy(t, cast.owner, deal.a.ndaId, 'Term of two years.');

    const two = await sign(cast.signerA1, signership);
    expectStatus(two, 400);
    expect(nonField(two)).toBe(openThreadsMessage(2));
    expect(nonField(two)).toContain('2 comment threads');

    // One approved by one side only is still open.
    expectStatus(await negotiate(t, cast.owner, first, 'approve'), 200);
    expectStatus(await negotiate(t, cast.signerA1, second, 'reject'), 200);
    expectStatus(await negotiate(t, cast.owner, second, 'reject'), 200);
    const one = await sign(cast.signerA1, signership);
    expectStatus(one, 400);
    expect(nonField(one)).toBe(openThreadsMessage(1));
    const trpc = await trpcMutation(t, 'signing.sign', { signership }, authHeader(cast.signerA1.access));
    expect(trpc.status).toBe(400);
    expect(trpc.error?.data.body.nonFieldErrors).toEqual([openThreadsMessage(1)]);
    expect(
      (await t.core.db.selectFrom('ndas').select('isSigned').where('id', '=', deal.a.ndaId).executeTakeFirstOrThrow())
        .isSigned,
    ).toBe(false);

    // Approved by both, and rejected by both: settled.
    expectStatus(await negotiate(t, cast.signerA2, first, 'approve'), 200);
    const signed = await sign(cast.signerA1, signership);
    expectStatus(signed, 200);
    expect(signed.body).toMatchObject({ nda: deal.a.ndaId, isSigned: true });
  });
});

describe('passing on the opportunity', () => {
  it('closes the negotiation: no thread, reply, pointer or move after it, for either side', async () => {
    const deal = await createDeal(t, cast);
    const thread = (await openThread(cast.owner, deal.a.ndaId, { proposal: WORDING })).body.id;
    expectStatus(await negotiate(t, cast.signerA1, thread, 'approve'), 200);
    expectStatus(await pass(cast.signerA2, deal.a.signerships[cast.signerA2.id]!), 200);

    for (const user of [cast.owner, cast.manager, cast.signerA1, cast.signerA2]) {
      const created = await openThread(user, deal.a.ndaId);
      expectStatus(created, 400);
      expect(nonField(created)).toBe(PASSED_MESSAGE);
      const answered = await reply(user, thread, { proposal: COUNTER });
      expectStatus(answered, 400);
      expect(nonField(answered)).toBe(PASSED_MESSAGE);
    }
    const moved = await negotiate(t, cast.owner, thread, 'approve');
    expectStatus(moved, 400);
    expect(nonField(moved)).toBe(PASSED_MESSAGE);
    const pointer = await api(t, 'POST', '/projects/pointers/', cast.owner, {
      comment_thread: thread,
      page: 2,
      x: 0.5,
      y: 0.5,
    });
    expectStatus(pointer, 400);
    expect(nonField(pointer)).toBe(PASSED_MESSAGE);
    const viaTrpc = await trpcMutation(
      t,
      'threads.negotiate',
      { id: thread, move: 'approve' },
      authHeader(cast.owner.access),
    );
    expect(viaTrpc.status).toBe(400);
    expect(await threadStatus(t, thread)).toBe('approved_by_recipient_waiting_sender');

    // The other group's negotiation goes on.
    expectStatus(await openThread(cast.signerB, deal.b.ndaId), 201);
  });
});
