import type { Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import type { PresenceViewer } from '@shared/realtime/contract.js';
import { publishThreadDeleted } from '@server/realtime/publishers/threads.js';
import { rooms } from '@server/realtime/rooms.js';
import { startTestApp, type TestApp } from '@tests/support/app.js';
import { createOwner, type TestUser } from '@tests/support/factories.js';
import { post } from '@tests/support/http.js';
import {
  api,
  type Cast,
  connected,
  createDeal,
  createThread,
  type Deal,
  negotiate,
  nextMessage,
  openSocket,
  record,
  subscribe,
  threadBy,
  negotiationSetup,
} from '@tests/support/negotiation.js';
import { presenceOf } from '@tests/support/presence.js';
import { SETUP_MS, withTimeout } from '@tests/support/wait.js';

// socket.io: rooms joined by the same policies as the HTTP calls; every change of a thread reaches
// the NDA's room after commit; presence per NDA page; REST catch-up after a reconnect; token expiry.

let t: TestApp;
let url: string;
let cast: Cast;
let deal: Deal;
const open: Socket[] = [];

negotiationSetup({ listen: true, signersReady: false, sockets: open }, async (made) => {
  ({ t, url, cast } = made);
  deal = await createDeal(t, cast);
});

/** A connected socket of a user. */
async function socketOf(user: TestUser): Promise<Socket> {
  const s = openSocket(url, user.access, open);
  await connected(s);
  return s;
}

/** The users whose sockets the server has in a room. */
async function membersOf(room: string): Promise<number[]> {
  const sockets = await t.io.in(room).fetchSockets();
  return sockets.map((s) => (s.data as { actor: { user: { id: number } } }).actor.user.id).sort((a, b) => a - b);
}

describe('the handshake', () => {
  it('refuses a socket without a valid token (connect_error)', async () => {
    await expect(connected(openSocket(url, undefined, open))).rejects.toThrow(
      'Authentication credentials were not provided.',
    );
    await expect(connected(openSocket(url, 'not-a-token', open))).rejects.toThrow(/not valid/);
    await expect(connected(openSocket(url, cast.owner.refresh, open))).rejects.toThrow();
  });
});

describe('subscribing', () => {
  it('joins an NDA room for both sides of its negotiation', async () => {
    for (const user of [cast.owner, cast.manager, cast.signerA1]) {
      const s = await socketOf(user);
      expect(await subscribe(s, { ndaId: deal.a.ndaId })).toEqual({ ok: true, rooms: [rooms.nda(deal.a.ndaId)] });
    }
    expect(await membersOf(rooms.nda(deal.a.ndaId))).toEqual(
      [cast.owner.id, cast.manager.id, cast.signerA1.id].sort((a, b) => a - b),
    );
  });

  it('answers {ok:false} for an NDA or project the user may not see, and joins nothing', async () => {
    const refusals: Array<[TestUser, Record<string, unknown>]> = [
      [cast.signerB, { ndaId: deal.a.ndaId }],
      [cast.stranger, { ndaId: deal.a.ndaId }],
      [cast.member, { ndaId: deal.a.ndaId }],
      [cast.stranger, { projectId: deal.projectId }],
      [cast.member, { projectId: deal.projectId }],
      [cast.owner, { ndaId: 2_000_000_000 }],
      [cast.owner, { projectId: 2_000_000_000 }],
      [cast.owner, { ndaId: 'one' }],
      [cast.owner, {}],
    ];
    for (const [user, target] of refusals) {
      const s = await socketOf(user);
      const ack = await subscribe(s, target);
      expect(ack.ok, `${user.email} ${JSON.stringify(target)}`).toBe(false);
      if (!ack.ok) expect(ack.error).toMatch(/\S/);
    }
    expect(await membersOf(rooms.nda(deal.a.ndaId))).toEqual([]);
    expect(await membersOf(rooms.project(deal.projectId))).toEqual([]);
  });

  it('refuses the room of an NDA not yet sent to its signer', async () => {
    const unsent = await createDeal(t, cast, { sentA: false });
    const s = await socketOf(cast.signerA1);
    expect((await subscribe(s, { ndaId: unsent.a.ndaId })).ok).toBe(false);
    // Nor its project: their only group there has not been sent anything.
    expect((await subscribe(s, { projectId: unsent.projectId })).ok).toBe(false);
  });

  it("puts a signer who subscribes to a project in their group's room only, and senders in the project's room", async () => {
    const signer = await socketOf(cast.signerA1);
    expect(await subscribe(signer, { projectId: deal.projectId })).toEqual({
      ok: true,
      rooms: [rooms.branch(deal.a.branchId)],
    });
    const owner = await socketOf(cast.owner);
    expect(await subscribe(owner, { projectId: deal.projectId })).toEqual({
      ok: true,
      rooms: [rooms.project(deal.projectId)],
    });
    const manager = await socketOf(cast.manager);
    expect(await subscribe(manager, { projectId: deal.projectId })).toEqual({
      ok: true,
      rooms: [rooms.project(deal.projectId)],
    });

    // Events of group B reach the senders but not group A's signer; events of group A reach both.
    const signerLog = record(signer, ['event.created']);
    const ownerSeesB = nextMessage(
      owner,
      'event.created',
      (e) => e.projectBranch === deal.b.branchId && e.status === 'new_comments_thread',
    );
    const threadB = await threadBy(t, cast.signerB, deal.b.ndaId, 'In group B');
    expect(await ownerSeesB).toMatchObject({ project: deal.projectId, subject: threadB, authorId: cast.signerB.id });
    const signerSeesA = nextMessage(signer, 'event.created', (e) => e.projectBranch === deal.a.branchId);
    const ownerSeesA = nextMessage(owner, 'event.created', (e) => e.projectBranch === deal.a.branchId);
    const threadA = await threadBy(t, cast.owner, deal.a.ndaId, 'In group A');
    expect(await signerSeesA).toMatchObject({
      status: 'new_comments_thread',
      subject: threadA,
      author: 'Olivia Owner',
    });
    await ownerSeesA;
    expect(signerLog.map((m) => m.payload.projectBranch)).toEqual([deal.a.branchId]);
  });
});

describe('live changes in the NDA room', () => {
  it("delivers a thread created through REST to the other side's socket, and not to another group's signer", async () => {
    const signerA = await socketOf(cast.signerA1);
    const signerB = await socketOf(cast.signerB);
    expect((await subscribe(signerA, { ndaId: deal.a.ndaId })).ok).toBe(true);
    expect((await subscribe(signerB, { ndaId: deal.b.ndaId })).ok).toBe(true);
    const bLog = record(signerB, [
      'thread.created',
      'thread.updated',
      'comment.created',
      'negotiation.changed',
      'event.created',
    ]);

    const arrives = nextMessage(signerA, 'thread.created', (m) => m.nda === deal.a.ndaId);
    const res = await createThread(t, cast.owner, deal.a.ndaId, 'Live: clause 7 is too broad');
    expect(res.status).toBe(201);
    // The socket carries the same DTO the REST call answered.
    expect(await arrives).toEqual(res.body);

    // A follow-up in B's own room arrives; nothing of group A came before it.
    const own = nextMessage(signerB, 'thread.created', (m) => m.nda === deal.b.ndaId);
    const resB = await createThread(t, cast.owner, deal.b.ndaId, 'Live: for group B');
    expect(await own).toEqual(resB.body);
    expect(bLog.map((m) => [m.event, m.payload.nda])).toEqual([['thread.created', deal.b.ndaId]]);
  });

  it('delivers negotiation.changed, comment.*, pointer.* and thread.* messages', async () => {
    const owner = await socketOf(cast.owner);
    expect((await subscribe(owner, { ndaId: deal.a.ndaId })).ok).toBe(true);
    const thread = await threadBy(t, cast.owner, deal.a.ndaId, 'Watch me');

    const changed = nextMessage(owner, 'negotiation.changed', (m) => m.thread === thread);
    expect((await negotiate(t, cast.signerA1, thread, 'approve')).status).toBe(200);
    expect(await changed).toEqual({
      thread,
      nda: deal.a.ndaId,
      negotiationStatus: 'approved_by_recipient_waiting_sender',
      by: cast.signerA1.id,
    });

    const commented = nextMessage(owner, 'comment.created', (m) => m.commentThread === thread);
    const comment = await api(t, 'POST', '/projects/comments/', cast.signerA1, {
      comment_thread: thread,
      text: 'Glad we agree.',
    });
    expect(comment.status).toBe(201);
    expect(await commented).toEqual({ ...comment.body, nda: deal.a.ndaId });

    const commentUpdated = nextMessage(owner, 'comment.updated', (m) => m.id === comment.body.id);
    expect(
      (await api(t, 'PATCH', `/projects/comments/${comment.body.id}/`, cast.signerA1, { text: 'Glad we agree!' }))
        .status,
    ).toBe(200);
    expect(await commentUpdated).toMatchObject({ id: comment.body.id, text: 'Glad we agree!', nda: deal.a.ndaId });
    const commentDeleted = nextMessage(owner, 'comment.deleted', (m) => m.id === comment.body.id);
    expect((await api(t, 'DELETE', `/projects/comments/${comment.body.id}/`, cast.signerA1)).status).toBe(204);
    expect(await commentDeleted).toEqual({ id: comment.body.id, commentThread: thread, nda: deal.a.ndaId });

    const signer = await socketOf(cast.signerA1);
    expect((await subscribe(signer, { ndaId: deal.a.ndaId })).ok).toBe(true);
    const pointerCreated = nextMessage(signer, 'pointer.created', (m) => m.commentThread === thread);
    const pointer = await api(t, 'POST', '/projects/pointers/', cast.owner, {
      comment_thread: thread,
      page: 2,
      x: 0.4,
      y: 0.4,
    });
    expect(pointer.status).toBe(201);
    expect(await pointerCreated).toEqual({ ...pointer.body, nda: deal.a.ndaId });
    const pointerDeleted = nextMessage(signer, 'pointer.deleted', (m) => m.id === pointer.body.id);
    expect((await api(t, 'DELETE', `/projects/pointers/${pointer.body.id}/`, cast.owner)).status).toBe(204);
    expect(await pointerDeleted).toEqual({ id: pointer.body.id, commentThread: thread, nda: deal.a.ndaId });

    const updated = nextMessage(signer, 'thread.updated', (m) => m.id === thread);
    expect(
      (await api(t, 'PATCH', `/projects/comment_threads/${thread}/`, cast.owner, { text: 'Watch me, reworded' }))
        .status,
    ).toBe(200);
    expect(await updated).toMatchObject({
      id: thread,
      text: 'Watch me, reworded',
      negotiationStatus: 'approved_by_recipient_waiting_sender',
    });
    const deleted = nextMessage(signer, 'thread.deleted', (m) => m.id === thread);
    expect((await api(t, 'DELETE', `/projects/comment_threads/${thread}/`, cast.owner)).status).toBe(204);
    expect(await deleted).toEqual({ id: thread, nda: deal.a.ndaId });
  });

  it('sends nothing for a refused change', async () => {
    const owner = await socketOf(cast.owner);
    expect((await subscribe(owner, { ndaId: deal.a.ndaId })).ok).toBe(true);
    const thread = await threadBy(t, cast.owner, deal.a.ndaId, 'Refused moves');
    const log = record(owner, ['negotiation.changed']);
    expect((await negotiate(t, cast.owner, thread, 'approve')).status).toBe(400); // the author's first move
    const next = nextMessage(owner, 'negotiation.changed', (m) => m.thread === thread);
    expect((await negotiate(t, cast.signerA2, thread, 'reject')).status).toBe(200);
    await next;
    expect(log.map((m) => m.payload.by)).toEqual([cast.signerA2.id]);
  });
});

const onPage = (id: number, page: number) => (viewers: PresenceViewer[]) =>
  viewers.some((v) => v.userId === id && v.page === page);

describe('presence', () => {
  it('gives a joining socket the whole list once, then the changes: pages, and who leaves', async () => {
    const d = await createDeal(t, cast);
    const owner = await socketOf(cast.owner);
    const signer = await socketOf(cast.signerA1);
    const ownerSees = presenceOf(owner, d.a.ndaId);
    const signerSees = presenceOf(signer, d.a.ndaId);
    expect((await subscribe(owner, { ndaId: d.a.ndaId })).ok).toBe(true);
    await ownerSees.until((v) => v.length === 1);
    expect(ownerSees.state.messages[0]).toMatchObject({ full: true, viewers: [{ userId: cast.owner.id, page: 1 }] });

    expect((await subscribe(signer, { ndaId: d.a.ndaId })).ok).toBe(true);
    signer.emit('presence.update', { ndaId: d.a.ndaId, page: 3 });
    const both = [
      { userId: cast.owner.id, name: 'Olivia Owner', page: 1 },
      { userId: cast.signerA1.id, name: 'Alice Acquirer', page: 3 },
    ].sort((a, b) => a.userId - b.userId);
    expect(await ownerSees.until(onPage(cast.signerA1.id, 3))).toEqual(both);
    expect(await signerSees.until(onPage(cast.signerA1.id, 3))).toEqual(both);
    // The signer's first message was the whole list; the owner only ever got one whole list.
    expect(signerSees.state.messages[0]!.full).toBe(true);
    expect(ownerSees.state.messages.filter((m) => m.full)).toHaveLength(1);
    expect(ownerSees.state.messages.slice(1).every((m) => !m.viewers.some((v) => v.userId === cast.owner.id))).toBe(
      true,
    );

    // An update for a room the socket is not in, or a page that is no page, changes nothing.
    signer.emit('presence.update', { ndaId: d.b.ndaId, page: 9 });
    signer.emit('presence.update', { ndaId: d.a.ndaId, page: -1 });
    owner.emit('presence.update', { ndaId: d.a.ndaId, page: 2 });
    await ownerSees.until(onPage(cast.owner.id, 2));
    expect(ownerSees.state.viewers.find((v) => v.userId === cast.signerA1.id)?.page).toBe(3);

    signer.disconnect();
    expect(await ownerSees.until((v) => v.length === 1)).toEqual([
      { userId: cast.owner.id, name: 'Olivia Owner', page: 2 },
    ]);
    expect(ownerSees.state.messages.at(-1)).toMatchObject({ full: false, viewers: [], left: [cast.signerA1.id] });
  });

  it('gathers quick page changes into fewer messages, and never goes back to an older page', async () => {
    const d = await createDeal(t, cast);
    const owner = await socketOf(cast.owner);
    const signer = await socketOf(cast.signerA1);
    const ownerSees = presenceOf(owner, d.a.ndaId);
    expect((await subscribe(owner, { ndaId: d.a.ndaId })).ok).toBe(true);
    expect((await subscribe(signer, { ndaId: d.a.ndaId })).ok).toBe(true);
    await ownerSees.until((v) => v.length === 2);
    const before = ownerSees.state.messages.length;
    for (let page = 1; page <= 40; page++) signer.emit('presence.update', { ndaId: d.a.ndaId, page });
    await ownerSees.until(onPage(cast.signerA1.id, 40));
    const pages = ownerSees.state.messages
      .slice(before)
      .flatMap((m) => m.viewers.filter((v) => v.userId === cast.signerA1.id).map((v) => v.page));
    expect(pages).toEqual([...pages].sort((a, b) => a - b));
    // Forty updates sent at once arrive in the few messages of the flushes they fell in.
    expect(pages.length).toBeLessThan(40);
  });
});

describe('reconnecting', () => {
  it('loses nothing: changes made while a socket was away come back through the REST calls', async () => {
    const d = await createDeal(t, cast);
    const signer = await socketOf(cast.signerA1);
    expect((await subscribe(signer, { ndaId: d.a.ndaId })).ok).toBe(true);
    expect((await subscribe(signer, { projectId: d.projectId })).ok).toBe(true);
    const before = await threadBy(t, cast.signerA1, d.a.ndaId, 'Before the disconnect');
    const lastEvent = await t.core.db
      .selectFrom('events')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirstOrThrow();

    const gone = withTimeout(new Promise((resolve) => signer.once('disconnect', resolve)), 10_000, 'disconnect');
    signer.disconnect();
    await gone;
    const missed: number[] = [];
    for (const text of ['While away 1', 'While away 2', 'While away 3'])
      missed.push(await threadBy(t, cast.owner, d.a.ndaId, text));

    signer.connect();
    await connected(signer);
    expect((await subscribe(signer, { ndaId: d.a.ndaId })).ok).toBe(true);
    const list = await api(t, 'GET', `/projects/comment_threads/?nda=${d.a.ndaId}&limit=-1`, cast.signerA1);
    expect(list.status).toBe(200);
    expect(list.body.results.map((r: { id: number }) => r.id)).toEqual([before, ...missed]);

    // The events feed catches up by id when its call exists (another area writes it).
    if (t.app.hasRoute({ method: 'GET', url: '/api/v1/projects/events/' })) {
      const feed = await api(t, 'GET', `/projects/events/?id__gt=${Number(lastEvent.id)}&limit=100`, cast.signerA1);
      expect(feed.status, JSON.stringify(feed.body)).toBe(200);
      const results = (feed.body.results ?? feed.body) as Array<{
        id: number;
        project: number;
        status: string;
        subject: number | null;
      }>;
      // Nothing lost: every thread opened while away is in the answer (that older events are left
      // out is the feed's own test).
      const threads = results.filter(
        (e) => e.project === d.projectId && e.status === 'new_comments_thread' && e.id > Number(lastEvent.id),
      );
      expect(threads.map((e) => e.subject).sort((a, b) => a! - b!)).toEqual(missed);
    }

    // Live again: the next change arrives on the socket.
    const live = nextMessage(signer, 'thread.created', (m) => m.nda === d.a.ndaId);
    const after = await threadBy(t, cast.owner, d.a.ndaId, 'After the reconnect');
    expect((await live).id).toBe(after);
  });
});

describe('token expiry', () => {
  it(
    'ends the socket when its access token expires',
    async () => {
      const short = await startTestApp({ accessTokenTtlSec: 2 });
      try {
        const shortUrl = await short.listen();
        const user = await createOwner(short);
        // A fresh access token (the login's may already be old on a slow machine): 2 seconds from now.
        const fresh = await post<{ access: string }>(short, '/authentication/token/refresh/', {
          refresh: user.refresh,
        });
        expect(fresh.status).toBe(200);
        const s = openSocket(shortUrl, fresh.body.access, open);
        const ended = withTimeout(
          new Promise<string>((resolve) => s.once('disconnect', resolve)),
          10_000,
          'disconnect at token expiry',
        );
        await connected(s);
        // Ended by the server, and because the token expired: not before its expiry time.
        const { exp } = JSON.parse(Buffer.from(fresh.body.access.split('.')[1]!, 'base64url').toString()) as {
          exp: number;
        };
        expect(await ended).toBe('io server disconnect');
        expect(Date.now()).toBeGreaterThanOrEqual(exp * 1000);
        // The same token cannot open a new one.
        await expect(connected(openSocket(shortUrl, fresh.body.access, open))).rejects.toThrow('Token is expired');
      } finally {
        for (const s of open.splice(0)) s.disconnect();
        await short.close();
      }
    },
    SETUP_MS,
  );
});

describe('subscribe and unsubscribe of one room', () => {
  // Handled in the order a socket sent them (server/realtime/subscriptions.ts): a page that leaves a
  // room and joins it again at once ends in the room, whatever the database work of each message takes.
  const unsubscribe = (s: Socket, target: { projectId: number }) =>
    s.timeout(10_000).emitWithAck('unsubscribe', target) as Promise<{ ok: boolean }>;

  it('a leave still reading its rooms does not undo the join that follows it', async () => {
    const s = openSocket(url, cast.owner.access, open);
    await connected(s);
    const target = { projectId: deal.projectId };
    for (let round = 1; round <= 5; round++) {
      // Joined; a leave sent before the join was answered; joined again as soon as the first join is.
      const first = subscribe(s, target);
      const leave = unsubscribe(s, target);
      expect(await first).toMatchObject({ ok: true });
      expect(await subscribe(s, target)).toMatchObject({ ok: true });
      expect(await leave).toMatchObject({ ok: true });
      // Still in the project's room: what is published to it arrives.
      const id = 9_000 + round;
      const arrived = nextMessage(s, 'thread.deleted', (m: { id: number }) => m.id === id, 5_000);
      await t.core.tx(async (tx) =>
        publishThreadDeleted(t.core, tx, { nda: deal.a.ndaId, project: deal.projectId, thread: id }),
      );
      await arrived;
      expect(await unsubscribe(s, target)).toMatchObject({ ok: true });
    }
  });
});
