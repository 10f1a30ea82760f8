import type { Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '@tests/support/app.js';
import type { TestUser } from '@tests/support/factories.js';
import { authHeader, trpcMutation } from '@tests/support/http.js';
import {
  api,
  type Cast,
  connected,
  createDeal,
  eventRows,
  negotiate,
  negotiationSetup,
  nextMessage,
  openSocket,
  record,
  subscribe,
  threadStatus,
} from '@tests/support/negotiation.js';

// POST /projects/projects/{id}/negotiation_bulk/: one move to many threads across groups, each thread
// answered as if one by one, failures reported by thread while the others proceed.

let t: TestApp;
let url: string;
let cast: Cast;
const open: Socket[] = [];

negotiationSetup({ listen: true, signersReady: false, sockets: open }, (made) => {
  ({ t, url, cast } = made);
});

const LAW = { page: 1, x: 0.3, y: 0.78 };

async function contest(user: TestUser, ndaId: number, quote: string, proposal: string): Promise<number> {
  const res = await api(t, 'POST', '/projects/comment_threads/', user, {
    nda: ndaId,
    text: 'Our counsel asks for other law.',
    pointers: [LAW],
    quote,
    proposal,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as number;
}

const bulk = (user: TestUser | null, projectId: number, body: unknown) =>
  api(t, 'POST', `/projects/projects/${projectId}/negotiation_bulk/`, user, body);

describe('a bulk move', () => {
  it('counter-proposes a playbook fallback to two groups in one request, each bidder receiving only their own', async () => {
    const deal = await createDeal(t, cast);
    const put = await api(t, 'PUT', `/projects/projects/${deal.projectId}/playbook/`, cast.owner, {
      clauses: [
        {
          key: 'h-governing-law-jurisdiction',
          preferred: 'Governing Law: [England and Wales]',
          fallbacks: ['Governing Law: [New York]'],
          walkAway: '',
          guidance: 'Internal only.',
        },
      ],
    });
    expect(put.status).toBe(200);
    const a = await contest(cast.signerA1, deal.a.ndaId, 'Governing Law: [California]', 'Governing Law: [Delaware]');
    const b = await contest(
      cast.signerB,
      deal.b.ndaId,
      'Governing Law: [California] Jurisdiction: [courts located in Los Angeles County, CA]',
      'Governing Law: [Texas]',
    );
    const bidderA = openSocket(url, cast.signerA1.access, open);
    const bidderB = openSocket(url, cast.signerB.access, open);
    await Promise.all([connected(bidderA), connected(bidderB)]);
    expect(await subscribe(bidderA, { ndaId: deal.a.ndaId })).toMatchObject({ ok: true });
    expect(await subscribe(bidderB, { ndaId: deal.b.ndaId })).toMatchObject({ ok: true });
    const logA = record(bidderA, ['proposal.created']);
    const logB = record(bidderB, ['proposal.created']);
    const reachA = nextMessage(bidderA, 'proposal.created', (m) => m.commentThread === a);
    const reachB = nextMessage(bidderB, 'proposal.created', (m) => m.commentThread === b);
    const before = (await eventRows(t, deal.projectId)).length;

    const res = await bulk(cast.owner, deal.projectId, { threads: [a, b], move: 'propose', playbookPosition: 1 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      results: [
        { thread: a, ok: true, status: 'unresolved' },
        { thread: b, ok: true, status: 'unresolved' },
      ],
    });
    await Promise.all([reachA, reachB]);
    expect(logA.map((m) => m.payload.commentThread)).toEqual([a]);
    expect(logB.map((m) => m.payload.commentThread)).toEqual([b]);
    for (const id of [a, b]) {
      const thread = await api(t, 'GET', `/projects/comment_threads/${id}/`, cast.owner);
      expect(thread.body.proposal).toBe('Governing Law: [New York]');
      expect(thread.body.comments.at(-1)).toMatchObject({
        text: 'We propose the following wording.',
        proposal: 'Governing Law: [New York]',
      });
    }
    expect((await eventRows(t, deal.projectId)).length).toBeGreaterThan(before);
  });

  it('reports a thread that changed meanwhile, or is not the project’s, while the others proceed', async () => {
    const deal = await createDeal(t, cast);
    const other = await createDeal(t, cast);
    const a = await contest(cast.signerA1, deal.a.ndaId, 'Governing Law: [California]', 'Governing Law: [Delaware]');
    const b = await contest(cast.signerB, deal.b.ndaId, 'Governing Law: [California]', 'Governing Law: [Texas]');
    const foreign = await contest(cast.signerB, other.b.ndaId, 'Governing Law: [California]', 'Governing Law: [Ohio]');
    // Thread b is settled before the bulk move: both sides approve.
    expect((await negotiate(t, cast.owner, b, 'approve')).status).toBe(200);
    expect((await negotiate(t, cast.signerB, b, 'approve')).status).toBe(200);

    const res = await bulk(cast.owner, deal.projectId, {
      threads: [a, b, foreign],
      move: 'approve',
      reply: 'Agreed.',
    });
    expect(res.status).toBe(200);
    expect(res.body.results).toEqual([
      { thread: a, ok: true, status: 'approved_by_sender_waiting_recipient' },
      { thread: b, ok: false, error: { code: 'thread_agreed', message: expect.any(String) } },
      { thread: foreign, ok: false, error: { code: 'not_found', message: expect.any(String) } },
    ]);
    expect(await threadStatus(t, a)).toBe('approved_by_sender_waiting_recipient');
    expect(await threadStatus(t, foreign)).toBe('unresolved');

    // Rejection with a reason, over tRPC.
    const c = await contest(cast.signerA1, deal.a.ndaId, 'Governing Law: [California]', 'Governing Law: [Utah]');
    const twin = await trpcMutation(
      t,
      'projects.negotiationBulk',
      { id: deal.projectId, threads: [c], move: 'reject', reply: 'We keep California.' },
      authHeader(cast.owner.access),
    );
    expect(twin.status, JSON.stringify(twin)).toBe(200);
    expect(twin.data).toEqual({ results: [{ thread: c, ok: true, status: 'rejected_by_sender_waiting_recipient' }] });
  });

  it('refuses bad input with 400 and recipients with 404', async () => {
    const deal = await createDeal(t, cast);
    const a = await contest(cast.signerA1, deal.a.ndaId, 'Governing Law: [California]', 'Governing Law: [Delaware]');
    for (const body of [
      { threads: [], move: 'approve' },
      { threads: [a, a], move: 'approve' },
      { threads: [a], move: 'propose' },
      { threads: [a], move: 'propose', proposal: 'X', playbookPosition: 0 },
      { threads: [a], move: 'approve', proposal: 'X' },
      { threads: [a], move: 'withdraw' },
    ]) {
      const res = await bulk(cast.owner, deal.projectId, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('invalid_input');
    }
    const signer = await bulk(cast.signerA1, deal.projectId, { threads: [a], move: 'approve' });
    expect(signer.status).toBe(404);
    expect(signer.body.code).toBe('not_found');
    expect((await bulk(null, deal.projectId, { threads: [a], move: 'approve' })).status).toBe(401);
    // No playbook wording for the thread's clause: reported by thread.
    const none = await bulk(cast.owner, deal.projectId, { threads: [a], move: 'propose', playbookPosition: 0 });
    expect(none.body.results).toEqual([
      { thread: a, ok: false, error: { code: 'playbook_wording_missing', message: expect.any(String) } },
    ]);
    expect(await threadStatus(t, a)).toBe('unresolved');
  });
});
