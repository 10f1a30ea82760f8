// Figure: one NDA negotiated with 200 bidders. (1) The clause view (GET negotiation_overview) for a
// project of 200 groups × 10 threads: p95, against a bare route running the same SQL statements the
// view runs (captured from the app's own queries). (2) One bulk counter-proposal to the 200 threads
// on a clause: the time to answer and, at each bidder's socket in their NDA's room, the arrival of
// their proposal after the answer (p99); against the same 200 counter-proposals sent one request at a
// time through the single-thread call, as an adviser without the bulk move would.
import fs from 'node:fs';
import path from 'node:path';
import { io, type Socket } from 'socket.io-client';
import { authenticate } from '@server/queries/auth/authenticate.js';
import { getNegotiationOverview } from '@server/queries/projects/negotiation-overview.js';
import { captureSql } from './lib/capture-sql.js';
import { type Row, row } from './lib/results.js';
import { type Bidders, seedBidders } from './lib/seed-bidders.js';
import { createBenchDatabase, freePort, openCore, serverEnv, spawnProcess, startServer } from './lib/server.js';
import { percentile, round } from './lib/stats.js';

const GROUPS = 200;
const THREADS = 10;
const GOAL_VIEW_P95 = 200;
const GOAL_BULK_MS = 3000;
const GOAL_DELIVERY_P99 = 500;

async function p95(url: string, headers: Record<string, string>, runs: number): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs + 3; i++) {
    const t0 = performance.now();
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
    if (i >= 3) times.push(performance.now() - t0); // the first three warm up
  }
  return round(percentile(times, 95));
}

/** Every bidder's socket, in their NDA's room. */
async function connectBidders(base: string, bidders: Bidders): Promise<Map<number, Socket>> {
  const sockets = new Map<number, Socket>();
  await Promise.all(
    bidders.signers.map(async (s) => {
      const socket = io(base, { transports: ['websocket'], auth: { token: s.token }, reconnection: false });
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      const ack = (await socket.timeout(60_000).emitWithAck('subscribe', { ndaId: s.nda })) as { ok: boolean };
      if (!ack.ok) throw new Error(`bidder ${s.userId} could not join NDA ${s.nda}`);
      sockets.set(s.nda, socket);
    }),
  );
  return sockets;
}

/** When each thread's proposal reached its bidder's socket (performance.now()). */
function arrivals(sockets: Map<number, Socket>, threads: number[]): { at: Map<number, number>; all: Promise<void> } {
  const wanted = new Set(threads);
  const at = new Map<number, number>();
  let done: () => void;
  const all = new Promise<void>((resolve) => (done = resolve));
  for (const socket of sockets.values())
    socket.on('proposal.created', (m: { commentThread: number }) => {
      if (!wanted.has(m.commentThread) || at.has(m.commentThread)) return;
      at.set(m.commentThread, performance.now());
      if (at.size === wanted.size) done();
    });
  return { at, all };
}

const within = (p: Promise<void>, ms: number) =>
  Promise.race([p, new Promise<void>((resolve) => setTimeout(resolve, ms).unref())]);

export async function clauses(): Promise<Row[]> {
  const db = await createBenchDatabase('clauses');
  try {
    const core = await openCore(db);
    const t0 = Date.now();
    const bidders = await seedBidders(core, { groups: GROUPS, threadsPerGroup: THREADS });
    const actor = await authenticate(core, bidders.owner.token);
    const statements = [
      ...(await captureSql(core, (c) => authenticate(c, bidders.owner.token))),
      ...(await captureSql(core, (c) => getNegotiationOverview(c, { actor, projectId: bidders.project }))),
    ];
    await core.close();
    console.log(
      `clauses: ${GROUPS} groups × ${THREADS} threads seeded in ${Math.round((Date.now() - t0) / 1000)} s, ${db.kind}; ${statements.length} statements per view`,
    );
    const sqlFile = path.join(db.dataDir, 'overview-sql.json');
    fs.writeFileSync(sqlFile, JSON.stringify({ overview: statements }));
    const auth = { authorization: `Bearer ${bidders.owner.token}` };
    const runs = Number(process.env.BENCH_CLAUSE_RUNS ?? 40);

    const port = freePort();
    const bare = await spawnProcess(
      ['--import', 'tsx', 'tests/bench/baseline-server.ts'],
      serverEnv(db, port, { BENCH_READ_SQL: sqlFile }),
      port,
    );
    let bareView: number;
    try {
      bareView = await p95(`${bare.base}/bench/read/overview`, auth, runs);
    } finally {
      await bare.stop();
    }

    const server = await startServer(db);
    try {
      const api = `${server.base}/api/v1/projects`;
      const overview = await fetch(`${api}/projects/${bidders.project}/negotiation_overview/`, { headers: auth });
      const body = (await overview.json()) as { clauses: Array<{ key: string | null; groups: unknown[] }> };
      const rows = body.clauses.filter((c) => c.key !== null && c.groups.length === GROUPS).length;
      if (rows !== THREADS)
        throw new Error(`the clause view shows ${rows} clauses raised by every group, not ${THREADS}`);
      const view = await p95(`${api}/projects/${bidders.project}/negotiation_overview/`, auth, runs);
      console.log(`  clause view p95 ${view} ms; the same statements on the bare route p95 ${bareView} ms`);

      const sockets = await connectBidders(server.base, bidders);
      try {
        const json = { ...auth, 'content-type': 'application/json' };
        // The baseline: clause 2's threads answered one request at a time.
        const oneByOne = bidders.threadsByClause[1]!;
        const seqStarted = performance.now();
        for (const thread of oneByOne) {
          const res = await fetch(`${api}/comments/`, {
            method: 'POST',
            headers: json,
            body: JSON.stringify({ comment_thread: thread, text: 'Our fallback position.', proposal: 'Twelve months' }),
          });
          await res.arrayBuffer();
          if (!res.ok) throw new Error(`single counter-proposal: HTTP ${res.status}`);
        }
        const sequential = performance.now() - seqStarted;

        // Clause 1's threads in one bulk move.
        const threads = bidders.threadsByClause[0]!;
        const heard = arrivals(sockets, threads);
        const started = performance.now();
        const res = await fetch(`${api}/projects/${bidders.project}/negotiation_bulk/`, {
          method: 'POST',
          headers: json,
          body: JSON.stringify({
            threads,
            move: 'propose',
            proposal: 'Twelve months',
            reply: 'Our fallback position.',
          }),
        });
        const answer = (await res.json()) as { results: Array<{ ok: boolean }> };
        const answered = performance.now();
        if (!res.ok) throw new Error(`bulk move: HTTP ${res.status}`);
        const failed = answer.results.filter((r) => !r.ok).length;
        await within(heard.all, 30_000);
        const after = [...heard.at.values()].map((t) => Math.max(0, t - answered));
        const bulkMs = round(answered - started);
        const delivered = heard.at.size;
        const deliveryP99 = delivered === threads.length ? round(percentile(after, 99)) : null;
        console.log(
          `  bulk move over ${threads.length} threads answered in ${bulkMs} ms (${failed} failed); ${delivered}/${threads.length} bidders heard it,` +
            ` p99 ${deliveryP99 ?? '–'} ms after the answer; one request per thread took ${round(sequential)} ms`,
        );
        const name = `Clauses across ${GROUPS} bidders`;
        return [
          row({
            name: `${name}: clause view of ${GROUPS} groups × ${THREADS} threads, p95`,
            value: view,
            unit: 'ms',
            baseline: bareView,
            goal: `p95 < ${GOAL_VIEW_P95} ms`,
            met: view < GOAL_VIEW_P95,
          }),
          row({
            name: `${name}: one bulk counter-proposal to ${threads.length} threads, time to answer`,
            value: bulkMs,
            unit: 'ms',
            baseline: round(sequential),
            goal: `< ${GOAL_BULK_MS} ms, every thread moved`,
            met: bulkMs < GOAL_BULK_MS && failed === 0,
            detail: `baseline: the same ${oneByOne.length} counter-proposals one request at a time`,
          }),
          row({
            name: `${name}: each bidder's socket hears their proposal, p99 after the answer`,
            value: deliveryP99,
            unit: 'ms',
            baseline: null,
            goal: `every bidder, p99 < ${GOAL_DELIVERY_P99} ms`,
            met: deliveryP99 !== null && deliveryP99 < GOAL_DELIVERY_P99,
            detail: `${delivered}/${threads.length} delivered`,
          }),
        ];
      } finally {
        for (const socket of sockets.values()) socket.disconnect();
      }
    } finally {
      await server.stop();
    }
  } finally {
    await db.drop();
  }
}
