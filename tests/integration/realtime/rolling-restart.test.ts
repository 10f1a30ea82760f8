import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@server/db/connect.js';
import type { TestApp } from '@tests/support/app.js';
import type { TestUser } from '@tests/support/factories.js';
import { threadBy } from '@tests/support/negotiation.js';
import {
  addRecipientsGroup,
  createProject,
  createTeam,
  expectStatus,
  recipient,
  registerInvitedSigner,
  sendToAll,
  setExtraProjects,
  uploadProjectNda,
} from '@tests/support/projects.js';
import { busesUnderTest } from '@tests/support/buses.js';
import {
  createDatabase,
  processHarness,
  type ServerProcess,
  startServerProcess,
} from '@tests/support/server-process.js';
import { startTcpProxy, type TcpProxy } from '@tests/support/tcp-proxy.js';
import { waitFor } from '@tests/support/wait.js';

// A rolling restart behind a load balancer (server/shutdown.ts): two server processes behind a TCP
// proxy, each stopped with SIGTERM and started again, one after the other, while a writer adds 20
// replies a second. Every watching client, reconnecting as the app's client does and catching up with
// events?id__gt=<last id> on each connection, ends up with every event exactly once: none lost, none
// pushed twice. On each bus: PostgreSQL's NOTIFY, and Redis streams.

const adminUrl = process.env.TEST_DATABASE_URL;
const SETUP_MS = 300_000;
const WRITES_PER_SECOND = 20;

interface Watcher {
  name: string;
  /** How many times each event id was pushed to the socket. */
  pushed: Map<number, number>;
  /** The event ids read from events?id__gt= after a (re)connection. */
  caughtUp: Set<number>;
  connections: number;
  /** Every event id the client has, either way. */
  has(id: number): boolean;
  close(): void;
}

/**
 * A client as the app's: reconnects by itself (socket.io's defaults), and on every connection joins
 * the project's room, then reads the events after the last one its previous catch-up read. Pushes do
 * not move that mark: through two processes they can arrive out of id order (an event written through
 * this socket's process is pushed at once, an older one written through the other crosses the bus
 * first), so the newest pushed id does not say that every older one has arrived.
 */
function watch(baseUrl: string, user: TestUser, projectId: number, name: string, after: number): Watcher {
  const pushed = new Map<number, number>();
  const caughtUp = new Set<number>();
  let last = after;
  const socket: Socket = connect(baseUrl, {
    path: '/socket.io',
    transports: ['websocket'],
    forceNew: true,
    auth: { token: user.access },
  });
  const w: Watcher = {
    name,
    pushed,
    caughtUp,
    connections: 0,
    has: (id) => pushed.has(id) || caughtUp.has(id),
    close: () => socket.disconnect(),
  };
  socket.on('event.created', (e: { id: number; project: number }) => {
    if (e.project !== projectId) return;
    pushed.set(e.id, (pushed.get(e.id) ?? 0) + 1);
  });
  socket.on('connect', async () => {
    w.connections++;
    const ack = await socket.timeout(10_000).emitWithAck('subscribe', { projectId });
    if (!ack?.ok) throw new Error(`${name} could not join project ${projectId}`);
    // Retried on this connection until answered: a catch-up refused by a stopping process is asked again.
    for (;;) {
      const res = await fetch(
        `${baseUrl}/api/v1/projects/events/?project=${projectId}&id__gt=${last}&ordering=id&limit=-1`,
        { headers: { authorization: `Bearer ${user.access}` } },
      ).catch(() => null);
      if (res?.ok) {
        const body = (await res.json()) as Array<{ id: number }> | { results: Array<{ id: number }> };
        for (const e of Array.isArray(body) ? body : body.results) {
          caughtUp.add(e.id);
          last = Math.max(last, e.id);
        }
        return;
      }
      if (!socket.connected) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
  return w;
}

/** Replies through the load balancer, 20 a second, each retried until it is answered 201. */
function startWriter(baseUrl: string, owner: TestUser, thread: number) {
  let stopped = false;
  let written = 0;
  let retries = 0;
  const done = (async () => {
    const start = performance.now();
    for (let n = 0; !stopped; n++) {
      const due = start + (n * 1000) / WRITES_PER_SECOND;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      for (;;) {
        const res = await fetch(`${baseUrl}/api/v1/projects/comments/`, {
          method: 'POST',
          headers: { authorization: `Bearer ${owner.access}`, 'content-type': 'application/json' },
          body: JSON.stringify({ comment_thread: thread, text: `Reply ${n} during the restart.` }),
        }).catch(() => null);
        if (res?.status === 201) break;
        retries++;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      written++;
    }
  })();
  return {
    written: () => written,
    retries: () => retries,
    stop: async () => {
      stopped = true;
      await done;
    },
  };
}

describe.skipIf(!adminUrl).each(busesUnderTest())('a rolling restart of two processes, over $name', (bus) => {
  let database: { url: string; drop(): Promise<void> };
  const servers: ServerProcess[] = [];
  let proxy: TcpProxy;
  let harness: TestApp & { db: Db };
  let env: Record<string, string>;

  beforeAll(async () => {
    database = await createDatabase(adminUrl!);
    const ports: number[] = [];
    proxy = await startTcpProxy(() => ports);
    // Links in e-mails lead to the load balancer.
    env = { ...bus.env, APP_URL: proxy.url };
    servers.push(...(await Promise.all([0, 1].map(() => startServerProcess(database.url, env)))));
    ports.push(...servers.map((s) => s.port));
    harness = await processHarness({ url: proxy.url }, database.url);
  }, SETUP_MS);
  afterAll(async () => {
    await harness?.db.destroy();
    await proxy?.close();
    await Promise.all(servers.map((s) => s.stop()));
    await database?.drop();
    await bus.dropKeys();
  }, 60_000);

  it(
    'delivers every reply written meanwhile to every watching client exactly once',
    async () => {
      const team = await createTeam(harness);
      await setExtraProjects(harness, team.owner.user.company!, 50);
      const project = await createProject(harness, team.owner, { members: [team.member.id] });
      await uploadProjectNda(harness, team.owner, project.id);
      const r = recipient('watcher', 'Wanda', 'Watcher');
      const { group } = await addRecipientsGroup(harness, team.owner, project.id, [r]);
      expectStatus(await sendToAll(harness, team.owner, group.id), 200);
      const signer = await registerInvitedSigner(harness, r.email, 'Watcher Capital');
      const nda = await harness.db
        .selectFrom('ndas')
        .select('id')
        .where('projectBranchId', '=', group.id)
        .executeTakeFirstOrThrow();
      const thread = await threadBy(harness, team.owner, nda.id, 'Clause 2 is too wide.');
      const before = await harness.db
        .selectFrom('events')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirstOrThrow();
      const after = Number(before.id ?? 0);

      const watchers = [
        watch(proxy.url, team.owner, project.id, 'owner 1', after),
        watch(proxy.url, team.owner, project.id, 'owner 2', after),
        watch(proxy.url, team.member, project.id, 'member 1', after),
        watch(proxy.url, team.member, project.id, 'member 2', after),
        watch(proxy.url, signer, project.id, 'signer 1', after),
        watch(proxy.url, signer, project.id, 'signer 2', after),
      ];
      try {
        await waitFor(() => watchers.every((w) => w.connections > 0), Boolean, 30_000);
        const writer = startWriter(proxy.url, team.owner, thread);
        const writtenBy = async (n: number) =>
          waitFor(
            () => writer.written(),
            (w) => w >= n,
            60_000,
            50,
          );

        await writtenBy(20);
        for (const i of [0, 1]) {
          const stopping = servers[i]!;
          const code = await stopping.stop();
          expect(code, stopping.output()).toBe(0);
          // Started again on the same port: the proxy sends it connections once it listens.
          servers[i] = await startServerProcess(database.url, env, { port: stopping.port });
          await writtenBy(writer.written() + 20);
        }
        await writer.stop();

        const events = await harness.db
          .selectFrom('events')
          .select('id')
          .where('projectId', '=', project.id)
          .where('id', '>', after)
          .orderBy('id')
          .execute();
        const ids = events.map((e) => e.id);
        // Every reply wrote its event; the signer sees the group's events as the owner does.
        expect(ids.length).toBeGreaterThanOrEqual(writer.written());
        for (const w of watchers) {
          await waitFor(
            () => ids.filter((id) => !w.has(id)),
            (missing) => missing.length === 0,
            60_000,
            100,
          ).catch((err: Error) => {
            throw new Error(`${w.name}: ${err.message}\n${servers.map((s) => s.output()).join('\n')}`);
          });
          const twice = [...w.pushed].filter(([, times]) => times > 1).map(([id]) => id);
          expect(twice, `${w.name} was pushed these events more than once`).toEqual([]);
          // Each client connected again after each restart that took its connection.
          expect(w.connections).toBeGreaterThan(1);
        }
        console.log(
          `${bus.name}: ${writer.written()} replies (${writer.retries()} retried), ${ids.length} events; per client: ` +
            watchers
              .map(
                (w) =>
                  `${w.name} ${w.pushed.size} pushed + ${[...w.caughtUp].filter((id) => !w.pushed.has(id)).length} caught up, ${w.connections} connections`,
              )
              .join('; '),
        );
      } finally {
        for (const w of watchers) w.close();
      }
    },
    SETUP_MS * 2,
  );
});
