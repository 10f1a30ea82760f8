import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@server/db/connect.js';
import type { TestApp } from '@tests/support/app.js';
import type { TestUser } from '@tests/support/factories.js';
import { authHeader, get } from '@tests/support/http.js';
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
import type { PresenceViewer } from '@shared/realtime/contract.js';
import { busesUnderTest } from '@tests/support/buses.js';
import { presenceOf } from '@tests/support/presence.js';
import {
  createDatabase,
  processHarness,
  type ServerProcess,
  startServerProcess,
} from '@tests/support/server-process.js';

// server/realtime/cluster.ts and server/services/app-secrets.ts: two server processes over one
// PostgreSQL database, started at once with no secrets configured, are one deployment: a token one
// issues is good on the other, and a change written through one reaches the sockets of the other,
// room changes and presence included. On each bus: PostgreSQL's NOTIFY, and Redis streams.

const adminUrl = process.env.TEST_DATABASE_URL;
const PROCESS_SETUP_MS = 300_000;

let database: { url: string; drop(): Promise<void> };
let a: ServerProcess;
let b: ServerProcess;
let viaA: TestApp & { db: Db };
const open: Socket[] = [];

interface Deal {
  team: Team;
  projectId: number;
  signerGroupId: number;
  ndaId: number;
  stays: TestUser;
  goes: TestUser;
}

/** Made through process A: an owner's project, its NDA sent to a group of two recipients, both registered. */
async function createDeal(): Promise<Deal> {
  const team = await createTeam(viaA);
  await setExtraProjects(viaA, team.owner.user.company!, 50);
  const project = await createProject(viaA, team.owner, { members: [team.member.id] });
  await uploadProjectNda(viaA, team.owner, project.id);
  const [r1, r2] = [recipient('stays', 'Sam', 'Stays'), recipient('goes', 'Gus', 'Goes')];
  const { group, signerGroup } = await addRecipientsGroup(viaA, team.owner, project.id, [r1, r2]);
  expectStatus(await sendToAll(viaA, team.owner, group.id), 200);
  const [stays, goes] = await Promise.all([
    registerInvitedSigner(viaA, r1.email, 'Stays Capital'),
    registerInvitedSigner(viaA, r2.email, 'Goes Capital'),
  ]);
  const nda = await viaA.db
    .selectFrom('ndas')
    .select('id')
    .where('projectBranchId', '=', group.id)
    .executeTakeFirstOrThrow();
  return { team, projectId: project.id, signerGroupId: signerGroup.id, ndaId: nda.id, stays, goes };
}

/** A socket to process B with a token process A issued, in the NDA's room. */
async function onB(deal: Deal, user: TestUser): Promise<Socket> {
  const s = openSocket(b.url, user.access, open);
  await connected(s);
  expect(await subscribe(s, { ndaId: deal.ndaId })).toMatchObject({ ok: true });
  return s;
}

describe.skipIf(!adminUrl).each(busesUnderTest())(
  'two server processes on one PostgreSQL database, over $name',
  (bus) => {
    beforeAll(async () => {
      database = await createDatabase(adminUrl!);
      // Started together: both migrate and generate their secrets at the same moment.
      [a, b] = await Promise.all([
        startServerProcess(database.url, bus.env),
        startServerProcess(database.url, bus.env),
      ]);
      viaA = await processHarness(a, database.url);
    }, PROCESS_SETUP_MS);
    afterEach(() => {
      for (const s of open.splice(0)) s.disconnect();
    });
    afterAll(async () => {
      await viaA?.db.destroy();
      await Promise.all([a?.stop(), b?.stop()]);
      await database?.drop();
      await bus.dropKeys();
    }, 60_000);

    it(
      "accept each other's tokens with no secrets configured",
      async () => {
        const { owner } = await createTeam(viaA);
        const onA = await get(viaA, '/permissions/', authHeader(owner.access));
        expect(onA.status).toBe(200);
        const fromB = await fetch(`${b.url}/api/v1/permissions/`, { headers: authHeader(owner.access) });
        expect(fromB.status, a.output() + b.output()).toBe(200);
        expect(await fromB.json()).toEqual(onA.body);
        // A refresh token A issued rotates on B, and the new access token works on A.
        const refreshed = await fetch(`${b.url}/api/v1/authentication/token/refresh/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ refresh: owner.refresh }),
        });
        expect(refreshed.status).toBe(200);
        const { access } = (await refreshed.json()) as { access: string };
        expect((await get(viaA, '/permissions/', authHeader(access))).status).toBe(200);
        const secrets = await viaA.db.selectFrom('appSecrets').select('name').orderBy('name').execute();
        expect(secrets.map((s) => s.name)).toEqual(expect.arrayContaining(['jwt-access', 'jwt-refresh']));
      },
      PROCESS_SETUP_MS,
    );

    it(
      'deliver a thread and a reply written through one process to a socket on the other',
      async () => {
        const deal = await createDeal();
        const signer = await onB(deal, deal.stays);
        const created = nextMessage(
          signer,
          'thread.created',
          (m: { text: string }) => m.text === 'Clause 3 is too wide.',
        );
        const thread = await threadBy(viaA, deal.team.owner, deal.ndaId, 'Clause 3 is too wide.');
        expect(await created).toMatchObject({ id: thread, nda: deal.ndaId });

        const replied = nextMessage(
          signer,
          'comment.created',
          (m: { text: string }) => m.text === 'Narrow it to the deal.',
        );
        const res = await api(viaA, 'POST', '/projects/comments/', deal.team.owner, {
          json: { comment_thread: thread, text: 'Narrow it to the deal.' },
        });
        expectStatus(res, 201);
        expect(await replied).toMatchObject({ commentThread: thread, nda: deal.ndaId });
      },
      PROCESS_SETUP_MS,
    );

    it(
      'show who views an NDA to the sockets of both processes, and who leaves on either',
      async () => {
        const deal = await createDeal();
        const owner = openSocket(a.url, deal.team.owner.access, open);
        await connected(owner);
        const ownerSees = presenceOf(owner, deal.ndaId);
        expect(await subscribe(owner, { ndaId: deal.ndaId })).toMatchObject({ ok: true });
        await ownerSees.until((v) => v.length === 1);
        const signer = openSocket(b.url, deal.stays.access, open);
        const signerSees = presenceOf(signer, deal.ndaId);
        await connected(signer);
        expect(await subscribe(signer, { ndaId: deal.ndaId })).toMatchObject({ ok: true });
        signer.emit('presence.update', { ndaId: deal.ndaId, page: 2 });
        const both = (v: PresenceViewer[]) =>
          v.length === 2 && v.some((x) => x.userId === deal.stays.id && x.page === 2);
        await ownerSees.until(both);
        await signerSees.until(both);
        signer.disconnect();
        expect(await ownerSees.until((v) => v.length === 1)).toMatchObject([{ userId: deal.team.owner.id }]);
      },
      PROCESS_SETUP_MS,
    );

    it(
      'take a socket on the other process out of the rooms at once when its access goes',
      async () => {
        const deal = await createDeal();
        const thread = await threadBy(viaA, deal.team.owner, deal.ndaId, 'Term should be two years.');
        const [stays, goes] = [await onB(deal, deal.stays), await onB(deal, deal.goes)];
        const heard = record(goes, ['thread.created', 'comment.created']);

        // Written through A: the socket of the recipient taken out lives on B.
        const res = await api(viaA, 'PATCH', `/projects/signers_group/${deal.signerGroupId}/`, deal.team.owner, {
          json: { users: [deal.stays.id] },
        });
        expectStatus(res, 200);

        // Both sockets are on B: the reply reaches the one who stays after the other would have had it.
        const reply = nextMessage(stays, 'comment.created', (m: { text: string }) => m.text === 'Secret wording.');
        const sent = await api(viaA, 'POST', '/projects/comments/', deal.team.owner, {
          json: { comment_thread: thread, text: 'Secret wording.' },
        });
        expectStatus(sent, 201);
        await reply;
        expect(heard).toEqual([]);
        expect(await subscribe(goes, { ndaId: deal.ndaId })).toEqual({ ok: false, error: 'Not found.' });
      },
      PROCESS_SETUP_MS,
    );
  },
);
