import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SOCKET_ERRORS } from '@shared/realtime/contract.js';
import { startTestApp, type TestApp } from '@tests/support/app.js';
import { createOwner, type TestUser } from '@tests/support/factories.js';
import { connected, openSocket, subscribe, type SubscribeAck } from '@tests/support/negotiation.js';
import { SETUP_MS, withTimeout } from '@tests/support/wait.js';

// server/realtime/message-limits.ts: every client message goes through a bucket per socket and per
// user; a message over the limit is refused before any handler runs, and a socket that keeps sending
// over it is disconnected. server/realtime/subscriptions.ts: joining a room again does no database work.
// The buckets never refill during a test (a rate of one token in ~3 hours), so the counts are exact.

const SLOW = 1e-4;
let t: TestApp;
let url: string;
const open: Socket[] = [];
let people: TestUser[] = [];
let projects: number[] = [];

beforeAll(async () => {
  t = await startTestApp({
    socketLimits: {
      perSocket: { burst: 5, perSecond: SLOW },
      perUser: { burst: 8, perSecond: SLOW },
      refusals: { burst: 3, perSecond: SLOW },
    },
    // No polling worker queries the database while a test counts queries.
    notifyPollMs: 3_600_000,
    outboxPollMs: 3_600_000,
  });
  url = await t.listen();
  people = await Promise.all([1, 2, 3, 4].map(() => createOwner(t)));
  projects = await Promise.all(
    people.map(
      async (p) =>
        (
          await t.core.db
            .insertInto('projects')
            .values({ companyId: p.user.company!, ownerId: p.id, name: 'Project Heron' })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
    ),
  );
}, SETUP_MS);
afterEach(() => {
  vi.restoreAllMocks();
  for (const s of open.splice(0)) s.disconnect();
});
afterAll(async () => {
  await t?.close();
});

async function socketOf(user: TestUser): Promise<Socket> {
  const s = openSocket(url, user.access, open);
  await connected(s);
  return s;
}

/** Counts the statements the server sends to the database from now on. */
function countQueries(): () => number {
  const spy = vi.spyOn(t.core.db.getExecutor(), 'executeQuery');
  return () => spy.mock.calls.length;
}

const tooMany: SubscribeAck = { ok: false, error: SOCKET_ERRORS.tooMany };

describe('socket message limits', () => {
  it('answers a repeated subscribe from memory, with no database work', async () => {
    const [owner] = people;
    const s = await socketOf(owner!);
    const room = `project:${projects[0]}`;
    expect(await subscribe(s, { projectId: projects[0]! })).toEqual({ ok: true, rooms: [room] });
    const queries = countQueries();
    for (let i = 0; i < 3; i++)
      expect(await subscribe(s, { projectId: projects[0]! })).toEqual({ ok: true, rooms: [room] });
    expect(queries()).toBe(0);
  });

  it('refuses a socket over its limit at once and without database work, then disconnects it', async () => {
    const owner = people[1]!;
    const s = await socketOf(owner);
    const gone = withTimeout(new Promise<string>((resolve) => s.once('disconnect', resolve)), 10_000, 'disconnect');
    // Five messages pass: an unknown one, a presence update, subscribes.
    expect(await s.timeout(10_000).emitWithAck('no.such.message', {})).toEqual({
      ok: false,
      error: SOCKET_ERRORS.unknown,
    });
    s.emit('presence.update', { ndaId: 1, page: 1 });
    for (let i = 0; i < 3; i++) expect((await subscribe(s, { projectId: projects[1]! })).ok).toBe(true);
    const queries = countQueries();
    // Over the limit: refused, whatever the message, three times (the refusal bucket)...
    expect(await subscribe(s, { projectId: projects[1]! })).toEqual(tooMany);
    expect(await subscribe(s, { projectId: 999_999 })).toEqual(tooMany);
    expect(await s.timeout(10_000).emitWithAck('unsubscribe', { projectId: projects[1]! })).toEqual(tooMany);
    expect(queries()).toBe(0);
    // ...and the fourth refusal ends the connection.
    s.emit('subscribe', { projectId: projects[1]! }, () => undefined);
    expect(await gone).toBe('io server disconnect');
  });

  it("counts all of a user's sockets together", async () => {
    const owner = people[2]!;
    const [a, b] = await Promise.all([socketOf(owner), socketOf(owner)]);
    for (let i = 0; i < 5; i++) expect((await subscribe(a, { projectId: projects[2]! })).ok).toBe(true);
    expect(await subscribe(a, { projectId: projects[2]! })).toEqual(tooMany);
    // b has sent nothing, but its user has three messages left.
    for (let i = 0; i < 3; i++) expect((await subscribe(b, { projectId: projects[2]! })).ok).toBe(true);
    expect(await subscribe(b, { projectId: projects[2]! })).toEqual(tooMany);
    // Another user's sockets are not affected.
    const other = await socketOf(people[3]!);
    expect(await subscribe(other, { projectId: projects[3]! })).toEqual({
      ok: true,
      rooms: [`project:${projects[3]}`],
    });
  });

  it('keeps a user within limits after reconnecting', async () => {
    // people[2] spent its user bucket above: a new socket has its own bucket but not a new user bucket.
    const again = await socketOf(people[2]!);
    expect(await subscribe(again, { projectId: projects[2]! })).toEqual(tooMany);
  });

  it('decides again when the socket left the room meanwhile', async () => {
    const owner = people[3]!;
    const s = await socketOf(owner);
    expect((await subscribe(s, { projectId: projects[3]! })).ok).toBe(true);
    const server = (await t.io.in(`user:${owner.id}`).fetchSockets()).find((x) => x.id === s.id);
    server!.leave(`project:${projects[3]}`);
    const queries = countQueries();
    expect(await subscribe(s, { projectId: projects[3]! })).toEqual({ ok: true, rooms: [`project:${projects[3]}`] });
    expect(queries()).toBeGreaterThan(0);
  });
});
