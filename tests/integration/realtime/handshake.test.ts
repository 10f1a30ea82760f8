import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rooms } from '@server/realtime/rooms.js';
import { startTestApp, type TestApp } from '@tests/support/app.js';
import { createOwner, loginAs, passwordResetLink, type TestUser } from '@tests/support/factories.js';
import { authHeader, post } from '@tests/support/http.js';
import { withTimeout } from '@tests/support/wait.js';

// server/realtime/index.ts: the handshake needs a live session's access token; sockets join user:<id>.

let t: TestApp;
let url: string;
let alice: TestUser;
let bob: TestUser;
const open: Socket[] = [];

beforeAll(async () => {
  t = await startTestApp();
  url = await t.listen();
  alice = await createOwner(t);
  bob = await createOwner(t);
});
afterEach(() => {
  for (const s of open.splice(0)) s.disconnect();
});
afterAll(async () => {
  await t?.close();
});

function socket(auth?: Record<string, unknown>): Socket {
  const s = connect(url, { path: '/socket.io', transports: ['websocket'], reconnection: false, forceNew: true, auth });
  open.push(s);
  return s;
}

/** Resolves 'connected' (now or once it connects) or the connect_error message. */
function outcome(s: Socket): Promise<string> {
  return withTimeout(
    new Promise<string>((resolve) => {
      // A socket may have connected before its outcome is asked for (the second of two opened together).
      if (s.connected) return resolve('connected');
      s.once('connect', () => resolve('connected'));
      s.once('connect_error', (err) => resolve(`error: ${err.message}`));
    }),
    15_000,
    'socket handshake',
  );
}

/** Resolves once the server has put the user's sockets in their room (the join follows the handshake). */
async function inRoom(userId: number, count: number): Promise<void> {
  await withTimeout(
    (async () => {
      while ((await t.io.in(rooms.user(userId)).fetchSockets()).length < count)
        await new Promise((r) => setImmediate(r));
    })(),
    15_000,
    `join of ${rooms.user(userId)}`,
  );
}

describe('socket.io handshake', () => {
  it('refuses a connection without a token', async () => {
    expect(await outcome(socket())).toBe('error: Authentication credentials were not provided.');
    expect(await outcome(socket({ token: '' }))).toBe('error: Authentication credentials were not provided.');
  });

  it('refuses a bad token', async () => {
    expect(await outcome(socket({ token: 'not-a-token' }))).toBe('error: Given token not valid for any token type');
    expect(await outcome(socket({ token: alice.refresh }))).toMatch(/^error: /);
  });

  it("accepts a valid token; a message to user:<id> reaches that user's sockets only", async () => {
    const a = socket({ token: alice.access });
    const b = socket({ token: bob.access });
    expect(await outcome(a)).toBe('connected');
    expect(await outcome(b)).toBe('connected');
    await inRoom(alice.id, 1);
    await inRoom(bob.id, 1);

    const bobGot: unknown[] = [];
    b.on('project.received', (m) => bobGot.push(m));
    const received = withTimeout(
      new Promise((resolve) => a.once('project.received', resolve)),
      15_000,
      'message to alice',
    );
    t.io.to(rooms.user(alice.id)).emit('project.received', { project: alice.id, projectBranch: 1 });
    expect(await received).toEqual({ project: alice.id, projectBranch: 1 });

    // A message to bob, sent after alice's, arrives at bob only after alice's would have: none leaked to him.
    const bobOwn = withTimeout(new Promise((resolve) => b.once('thread.deleted', resolve)), 15_000, 'message to bob');
    t.io.to(rooms.user(bob.id)).emit('thread.deleted', { id: 1, nda: 1 });
    expect(await bobOwn).toEqual({ id: 1, nda: 1 });
    expect(bobGot).toEqual([]);
  });

  it("refuses a logged-out session's token", async () => {
    const carol = await createOwner(t);
    expect((await post(t, '/authentication/logout/', undefined, authHeader(carol.access))).status).toBe(200);
    expect(await outcome(socket({ token: carol.access }))).toBe('error: Session has ended. Please sign in again.');
  });
});

/** Resolves with the reason once the server closes the socket. */
function closed(s: Socket): Promise<string> {
  return withTimeout(
    new Promise<string>((resolve) => s.once('disconnect', (reason) => resolve(reason))),
    15_000,
    'server-side disconnect',
  );
}

async function connected(token: string): Promise<Socket> {
  const s = socket({ token });
  expect(await outcome(s)).toBe('connected');
  return s;
}

describe('sockets of an ended session', () => {
  it("are closed at logout; the same user's other session stays connected", async () => {
    const dave = await createOwner(t);
    const other = await loginAs(t, dave.email);
    const ending = await connected(dave.access);
    const staying = await connected(other.access);
    await inRoom(dave.id, 2);

    const reason = closed(ending);
    expect((await post(t, '/authentication/logout/', undefined, authHeader(dave.access))).status).toBe(200);
    expect(await reason).toBe('io server disconnect');

    const got = withTimeout(
      new Promise((resolve) => staying.once('thread.deleted', resolve)),
      15_000,
      'message to the other session',
    );
    t.io.to(rooms.user(dave.id)).emit('thread.deleted', { id: 2, nda: 1 });
    expect(await got).toEqual({ id: 2, nda: 1 });
    expect(staying.connected).toBe(true);
  });

  it('are all closed by a password reset', async () => {
    const erin = await createOwner(t);
    const other = await loginAs(t, erin.email);
    const sockets = [await connected(erin.access), await connected(other.access)];
    await inRoom(erin.id, 2);
    const reasons = Promise.all(sockets.map(closed));

    expect((await post(t, '/authentication/password/reset/', { email: erin.email })).status).toBe(200);
    const link = await passwordResetLink(t, erin.email);
    const res = await post(t, '/authentication/password/reset/confirm/', {
      ...link,
      new_password1: 'renewed-password-1',
      new_password2: 'renewed-password-1',
    });
    expect(res.status).toBe(200);
    expect(await reasons).toEqual(['io server disconnect', 'io server disconnect']);
  });

  it('are closed when a reused refresh token reveals theft', async () => {
    const fred = await createOwner(t);
    const s = await connected(fred.access);
    await inRoom(fred.id, 1);
    expect((await post(t, '/authentication/token/refresh/', { refresh: fred.refresh })).status).toBe(200);
    expect(s.connected).toBe(true);
    // Past the grace in which the rotated token still answers its new pair.
    await t.core.db
      .updateTable('refreshTokens')
      .set({ revokedAt: new Date(Date.now() - 60_000) })
      .where('userId', '=', fred.id)
      .where('replacedById', 'is not', null)
      .execute();
    const reason = closed(s);
    expect((await post(t, '/authentication/token/refresh/', { refresh: fred.refresh })).status).toBe(401);
    expect(await reason).toBe('io server disconnect');
  });
});
