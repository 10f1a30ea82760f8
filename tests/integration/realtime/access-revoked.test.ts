import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rooms } from '@server/realtime/rooms.js';
import { startTestApp, type TestApp } from '@tests/support/app.js';
import { PASSWORD, type TestUser } from '@tests/support/factories.js';
import { connected, nextMessage, openSocket, record, subscribe, threadBy } from '@tests/support/negotiation.js';
import {
  addRecipientsGroup,
  api,
  createProject,
  createTeam,
  expectStatus,
  recipient,
  registerInvitedSigner,
  sendToAll,
  setExtraProjects,
  type Team,
  uploadProjectNda,
} from '@tests/support/projects.js';
import { SETUP_MS, waitFor, withTimeout } from '@tests/support/wait.js';

// Room membership is checked again when access changes and when socket.io restores a connection
// (server/realtime/revalidate.ts): live messages stop with the access, on the open socket and after
// a reconnect.

let t: TestApp;
let url: string;
const open: Socket[] = [];

beforeAll(async () => {
  t = await startTestApp();
  url = await t.listen();
}, SETUP_MS);
afterEach(() => {
  for (const s of open.splice(0)) s.disconnect();
});
afterAll(async () => {
  await t?.close();
});

interface Deal {
  team: Team;
  projectId: number;
  branchId: number;
  signerGroupId: number;
  ndaId: number;
  /** The group's two recipients, registered from their invitation. */
  stays: TestUser;
  goes: TestUser;
}

/** A project with the owner's team member on it and one group of two recipients, its NDA sent and both registered. */
async function createDeal(): Promise<Deal> {
  const team = await createTeam(t);
  await setExtraProjects(t, team.owner.user.company!, 50);
  const project = await createProject(t, team.owner, { members: [team.member.id] });
  await uploadProjectNda(t, team.owner, project.id);
  const [r1, r2] = [recipient('stays', 'Sam', 'Stays'), recipient('goes', 'Gus', 'Goes')];
  const { group, signerGroup, users } = await addRecipientsGroup(t, team.owner, project.id, [r1, r2]);
  expectStatus(await sendToAll(t, team.owner, group.id), 200);
  const [stays, goes] = await Promise.all([
    registerInvitedSigner(t, r1.email, 'Stays Capital'),
    registerInvitedSigner(t, r2.email, 'Goes Capital'),
  ]);
  expect(users).toEqual([stays.id, goes.id]);
  const nda = await t.core.db
    .selectFrom('ndas')
    .select('id')
    .where('projectBranchId', '=', group.id)
    .executeTakeFirstOrThrow();
  return {
    team,
    projectId: project.id,
    branchId: group.id,
    signerGroupId: signerGroup.id,
    ndaId: nda.id,
    stays,
    goes,
  };
}

/** A socket of the user in the NDA's room and the project's (the group's room for a recipient). */
async function following(deal: Deal, user: TestUser, opts: { recover?: boolean } = {}): Promise<Socket> {
  const s = opts.recover
    ? connect(url, {
        path: '/socket.io',
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
        auth: { token: user.access },
      })
    : openSocket(url, user.access);
  open.push(s);
  await connected(s);
  expect(await subscribe(s, { ndaId: deal.ndaId })).toMatchObject({ ok: true });
  expect(await subscribe(s, { projectId: deal.projectId })).toMatchObject({ ok: true });
  return s;
}

/** The rooms the server holds the user's sockets in. */
async function serverRooms(userId: number): Promise<string[][]> {
  const sockets = await t.io.in(rooms.user(userId)).fetchSockets();
  return sockets.map((s) => [...s.rooms].filter((r) => !r.startsWith('user:') && !r.startsWith('session:')));
}

/**
 * Resolves once a marker sent to the user's own room after everything else has arrived: any room
 * message emitted before it would have reached the socket first.
 */
async function drained(s: Socket, userId: number): Promise<void> {
  const marker = nextMessage(s, 'project.received', (m: { project: number }) => m.project === -userId);
  t.io.to(rooms.user(userId)).emit('project.received', { project: -userId, projectBranch: 0 });
  await marker;
}

const reply = (user: TestUser, thread: number, text: string) =>
  api(t, 'POST', '/projects/comments/', user, { json: { comment_thread: thread, text } });

describe('a recipient taken out of a group', () => {
  it("stops receiving the group's threads and comments at once; the one who stays still does", async () => {
    const deal = await createDeal();
    const thread = await threadBy(t, deal.team.owner, deal.ndaId, 'Clause 2 should be narrower.');
    const [stays, goes] = await Promise.all([following(deal, deal.stays), following(deal, deal.goes)]);
    const heard = record(goes, ['thread.created', 'comment.created']);

    const res = await api(t, 'PATCH', `/projects/signers_group/${deal.signerGroupId}/`, deal.team.owner, {
      json: { users: [deal.stays.id] },
    });
    expectStatus(res, 200);
    // By the time the change has answered, the socket is out of the NDA's and the group's rooms.
    expect(await serverRooms(deal.goes.id)).toEqual([[goes.id]]);

    const comment = nextMessage(stays, 'comment.created', (m: { text: string }) => m.text === 'Secret wording.');
    const created = nextMessage(stays, 'thread.created', (m: { text: string }) => m.text === 'A new clause.');
    expectStatus(await reply(deal.team.owner, thread, 'Secret wording.'), 201);
    await threadBy(t, deal.team.owner, deal.ndaId, 'A new clause.');
    await Promise.all([comment, created]);
    await drained(goes, deal.goes.id);
    expect(heard).toEqual([]);

    // Subscribing again is refused as for anyone who was never in the group.
    expect(await subscribe(goes, { ndaId: deal.ndaId })).toEqual({ ok: false, error: 'Not found.' });
  });
});

describe('a team member taken off a project', () => {
  it("stops receiving the project's events, threads and comments at once", async () => {
    const deal = await createDeal();
    const thread = await threadBy(t, deal.stays, deal.ndaId, 'Term should be two years.');
    const [owner, member] = await Promise.all([following(deal, deal.team.owner), following(deal, deal.team.member)]);
    const heard = record(member, ['thread.created', 'comment.created']);

    const res = await api(t, 'PATCH', `/projects/projects/${deal.projectId}/`, deal.team.owner, {
      json: { members: [deal.team.owner.id] },
    });
    expectStatus(res, 200);
    expect(await serverRooms(deal.team.member.id)).toEqual([[member.id]]);

    const comment = nextMessage(owner, 'comment.created', (m: { text: string }) => m.text === 'One year at most.');
    expectStatus(await reply(deal.stays, thread, 'One year at most.'), 201);
    await comment;
    await drained(member, deal.team.member.id);
    expect(heard).toEqual([]);
  });
});

describe('an account deleted from its own open page', () => {
  it('keeps the socket that shows the outcome, in no room of a project', async () => {
    const deal = await createDeal();
    const s = await following(deal, deal.goes);
    const res = await api(t, 'POST', '/me/delete-my-account/', deal.goes, { json: { password: PASSWORD } });
    expectStatus(res, 200);
    expect(s.connected).toBe(true);
    expect(await serverRooms(deal.goes.id)).toEqual([[s.id]]);
  });
});

/** Drops the transport as a network failure would; the server keeps the session for recovery. */
async function dropConnection(s: Socket, userId: number): Promise<void> {
  const gone = withTimeout(new Promise((r) => s.once('disconnect', r)), 5_000, 'disconnect');
  s.io.engine.close();
  await gone;
  await waitFor(
    async () => (await t.io.in(rooms.user(userId)).fetchSockets()).length,
    (n) => n === 0,
  );
}

/**
 * Waits until the socket has received a room message. socket.io restores a connection from the offset
 * of the last room message the client received: one that never received any asks for no recovery.
 */
async function heardFromRoom(s: Socket, deal: Deal): Promise<void> {
  const seen = nextMessage(s, 'thread.created', (m: { text: string }) => m.text === 'Seen before the drop.');
  await threadBy(t, deal.team.owner, deal.ndaId, 'Seen before the drop.');
  await seen;
}

async function reconnect(s: Socket): Promise<void> {
  const back = withTimeout(new Promise<void>((r) => s.once('connect', () => r())), 10_000, 'reconnect');
  s.connect();
  await back;
}

describe('a restored connection', () => {
  // Connection state recovery lives in socket.io's in-memory adapter (one process, PGlite). On PostgreSQL
  // the cluster adapter has none: a reconnecting client catches up with events?id__gt= instead.
  it.skipIf(!!process.env.TEST_DATABASE_URL)(
    'gets its rooms back and what it missed while its access holds',
    async () => {
      const deal = await createDeal();
      const s = await following(deal, deal.goes, { recover: true });
      await heardFromRoom(s, deal);
      await dropConnection(s, deal.goes.id);
      const replayed = nextMessage(s, 'thread.created', (m: { text: string }) => m.text === 'Missed while away.');
      await threadBy(t, deal.team.owner, deal.ndaId, 'Missed while away.');
      await reconnect(s);
      expect(s.recovered).toBe(true);
      await replayed;
      expect((await serverRooms(deal.goes.id))[0]).toEqual(
        expect.arrayContaining([rooms.nda(deal.ndaId), rooms.branch(deal.branchId)]),
      );
    },
  );

  it('does not get back the rooms of a group it was taken out of meanwhile, nor what they were sent', async () => {
    const deal = await createDeal();
    const s = await following(deal, deal.goes, { recover: true });
    await heardFromRoom(s, deal);
    const heard = record(s, ['thread.created', 'comment.created']);
    await dropConnection(s, deal.goes.id);

    const res = await api(t, 'PATCH', `/projects/signers_group/${deal.signerGroupId}/`, deal.team.owner, {
      json: { users: [deal.stays.id] },
    });
    expectStatus(res, 200);
    await threadBy(t, deal.team.owner, deal.ndaId, 'Sent after the removal.');
    await reconnect(s);

    expect(s.recovered).toBe(false);
    expect(await serverRooms(deal.goes.id)).toEqual([[s.id]]);
    await threadBy(t, deal.team.owner, deal.ndaId, 'Sent after the reconnect.');
    await drained(s, deal.goes.id);
    expect(heard).toEqual([]);
  });
});
