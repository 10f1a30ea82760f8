// Figures of scale: 10,000 sockets over two processes (on PostgreSQL's NOTIFY, then on Redis
// streams), one room of 2,000 sockets joining at once, and a reconnect storm after a restart. Load
// comes from separate processes (fan-out-client.ts, storm-client.ts): two for the 10,000 sockets, one
// for each of the others. Each is compared with a baseline measured in the same run.
import crypto from 'node:crypto';
import { fork } from 'node:child_process';
import path from 'node:path';
import { createClient } from 'redis';
import { startTcpProxy } from '../support/tcp-proxy.js';
import type { FanOutAnswer, FanOutPlan } from './fan-out-client.js';
import { runInProcess, startInProcess } from './lib/fork.js';
import { type Row, row, skipped } from './lib/results.js';
import { type Room, seedRooms } from './lib/seed.js';
import {
  type BenchDatabase,
  createBenchDatabase,
  freePort,
  openCore,
  ROOT,
  type RunningServer,
  serverEnv,
  spawnProcess,
  startServer,
} from './lib/server.js';
import { benchSeconds, percentile, round, sleep } from './lib/stats.js';
import type { StormAnswer, StormPlan } from './storm-client.js';

const REDIS_URL = process.env.BENCH_REDIS_URL ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const MEMORY = { BENCH_REPORT_MEMORY: '1', NODE_OPTIONS: '--expose-gc' };

interface Load {
  latencies: number[];
  expected: number;
  received: number;
  failedWrites: number;
  sockets: number;
  connectMs: number;
  connectFailures: number;
}

const summary = (l: Load) => ({
  p50: round(percentile(l.latencies, 50)),
  p99: round(percentile(l.latencies, 99)),
  delivered: l.expected ? round((l.received / l.expected) * 100, 2) : 0,
});

function merge(answers: FanOutAnswer[]): Load {
  return {
    latencies: answers.flatMap((a) => a.latencies),
    expected: answers.reduce((n, a) => n + a.expected, 0),
    received: answers.reduce((n, a) => n + a.received, 0),
    failedWrites: answers.reduce((n, a) => n + a.failedWrites, 0),
    sockets: answers.reduce((n, a) => n + a.sockets, 0),
    connectMs: Math.max(...answers.map((a) => a.connectMs)),
    connectFailures: answers.reduce((n, a) => n + a.connectFailures, 0),
  };
}

/** The heap (MB, after a full collection) a server started with MEMORY prints on SIGUSR2. */
async function heapMb(server: RunningServer): Promise<number> {
  const before = server.memoryReports.length;
  process.kill(server.serverPid(), 'SIGUSR2');
  for (let i = 0; i < 200 && server.memoryReports.length === before; i++) await sleep(100);
  return round((server.memoryReports[before] ?? Number.NaN) / 2 ** 20);
}

/**
 * Two load generators, each with half the rooms and half the writes: the viewers of each room on
 * both processes in turn, the writes on both in turn. Their sockets stay open until the heaps are read.
 */
async function twoProcessLoad(
  label: string,
  servers: [RunningServer, RunningServer],
  mode: FanOutPlan['mode'],
  rooms: Room[],
  rate: number,
  seconds: number,
  heaps: boolean,
): Promise<{ load: Load; heaps: number[] }> {
  const bases = servers.map((s) => s.base);
  const halves = [rooms.filter((_, i) => i % 2 === 0), rooms.filter((_, i) => i % 2 === 1)];
  const clients = halves.map((half, i) =>
    startInProcess<FanOutPlan, FanOutAnswer>(
      'fan-out-client.ts',
      {
        viewBases: i ? [...bases].reverse() : bases,
        writeBases: bases,
        mode,
        rooms: half,
        rate: rate / 2,
        seconds,
        hold: true,
      },
      (seconds + 600) * 1000,
    ),
  );
  try {
    const load = merge(await Promise.all(clients.map((c) => c.answer)));
    const read = heaps ? await Promise.all(servers.map(heapMb)) : [];
    const s = summary(load);
    console.log(
      `  ${label}: ${load.sockets} sockets (${load.connectFailures} failed, ${Math.round(load.connectMs)} ms),` +
        ` ${load.failedWrites} failed writes, ${load.received}/${load.expected} messages, p50 ${s.p50} ms, p99 ${s.p99} ms` +
        (read.length ? `, heaps ${read.join(' / ')} MB` : ''),
    );
    return { load, heaps: read };
  } finally {
    await Promise.all(clients.map((c) => c.close()));
  }
}

function baselineProcess(db: BenchDatabase, bus: 'postgres' | 'redis', redisPrefix: string): Promise<RunningServer> {
  const port = freePort();
  return spawnProcess(
    ['--import', 'tsx', 'tests/bench/baseline-server.ts'],
    serverEnv(db, port, { BENCH_BUS: bus, REDIS_URL, REDIS_KEY_PREFIX: redisPrefix }),
    port,
  );
}

async function dropRedisKeys(prefix: string): Promise<void> {
  const client = createClient({ url: REDIS_URL });
  await client.connect();
  for await (const keys of client.scanIterator({ MATCH: `${prefix}:*`, COUNT: 1000 }))
    if (keys.length) await client.del(keys);
  await client.quit();
}

async function redisAnswers(): Promise<boolean> {
  const client = createClient({ url: REDIS_URL });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.quit();
    return true;
  } catch {
    return false;
  }
}

/** 10,000 sockets in rooms of 20, 5,000 per process, 200 writes/s through both: on each bus. */
export async function scale(): Promise<Row[]> {
  const sockets = Number(process.env.BENCH_SCALE_SOCKETS ?? 10_000);
  const rate = Number(process.env.BENCH_SCALE_WRITE_RATE ?? 200);
  const seconds = benchSeconds(20);
  const goal = 'every message; p99 < 50 ms and ≤ 1.5x baseline; heap < 200 MB per process';
  const names = (bus: string) => ({
    p99: `${sockets} sockets over two processes (${bus}), rooms of 20, ${rate} writes/s: p99`,
    heap: `${sockets} sockets over two processes (${bus}): heap per process`,
  });
  const db = await createBenchDatabase('scale');
  if (db.kind !== 'PostgreSQL') {
    await db.drop();
    return ['PostgreSQL', 'Redis'].flatMap((bus) => [
      skipped(names(bus).p99, 'ms', goal, 'skipped: needs BENCH_DATABASE_URL or DATABASE_URL (PostgreSQL)'),
    ]);
  }
  const rows: Row[] = [];
  const prefix = `nda-bench-${process.pid}-${crypto.randomBytes(3).toString('hex')}`;
  try {
    const sizes = Array.from({ length: Math.ceil(sockets / 20) }, () => 20);
    const perRun = Math.ceil((rate * seconds) / 2 / sizes.length) + 2;
    const core = await openCore(db);
    const seeded = await seedRooms(core, sizes, perRun * 4);
    await core.close();
    const roomsFor = (run: number): Room[] =>
      seeded.map((r) => ({ ...r, approvalThreads: r.approvalThreads.slice(run * perRun, (run + 1) * perRun) }));
    console.log(`scale: ${sockets} sockets in ${sizes.length} rooms of 20, ${rate} writes/s for ${seconds} s`);
    const hasRedis = await redisAnswers();
    for (const [run, bus] of (['postgres', 'redis'] as const).entries()) {
      const label = bus === 'postgres' ? 'PostgreSQL' : 'Redis';
      const name = names(label);
      if (bus === 'redis' && !hasRedis) {
        rows.push(skipped(name.p99, 'ms', goal, `skipped: no Redis answers at ${REDIS_URL}`));
        continue;
      }
      const bases = await Promise.all([baselineProcess(db, bus, prefix), baselineProcess(db, bus, prefix)]);
      let base: Load;
      try {
        ({ load: base } = await twoProcessLoad(
          `baseline, ${label}`,
          [bases[0], bases[1]],
          'baseline',
          roomsFor(run * 2),
          rate,
          seconds,
          false,
        ));
      } finally {
        await Promise.all(bases.map((b) => b.stop()));
      }
      const env = { ...MEMORY, ...(bus === 'redis' ? { REDIS_URL, REDIS_KEY_PREFIX: prefix } : {}) };
      const app = await Promise.all([startServer(db, { env }), startServer(db, { env })]);
      let ours: { load: Load; heaps: number[] };
      try {
        ours = await twoProcessLoad(
          `app, ${label}`,
          [app[0], app[1]],
          'app',
          roomsFor(run * 2 + 1),
          rate,
          seconds,
          true,
        );
      } finally {
        await Promise.all(app.map((a) => a.stop()));
      }
      const o = summary(ours.load);
      const b = summary(base);
      const heap = Math.max(...ours.heaps);
      rows.push(
        row({
          name: name.p99,
          value: o.p99,
          unit: 'ms',
          baseline: b.p99,
          goal,
          met:
            o.delivered === 100 && ours.load.connectFailures === 0 && o.p99 < 50 && o.p99 <= 1.5 * b.p99 && heap < 200,
          detail: `p50 ${o.p50} ms (baseline ${b.p50}); ${o.delivered} % delivered (baseline ${b.delivered} %); heaps ${ours.heaps.join(' / ')} MB`,
        }),
      );
    }
  } finally {
    await db.drop();
    await dropRedisKeys(prefix).catch(() => undefined);
  }
  return rows;
}

/** One room of 2,000 sockets joining at once on one process, then writes to it. */
export async function bigRoom(): Promise<Row[]> {
  const size = Number(process.env.BENCH_ROOM_SOCKETS ?? 2000);
  const rate = 10;
  const seconds = benchSeconds(10);
  const db = await createBenchDatabase('bigroom');
  try {
    const core = await openCore(db);
    const [room] = await seedRooms(core, [size], 2 * rate * seconds + 4);
    await core.close();
    const plan = (mode: FanOutPlan['mode'], base: string, run: number): FanOutPlan => ({
      viewBases: [base],
      writeBases: [base],
      mode,
      rooms: [
        { ...room!, approvalThreads: room!.approvalThreads.slice(run * rate * seconds, (run + 1) * rate * seconds) },
      ],
      rate,
      seconds,
      connectConcurrency: size,
    });
    const port = freePort();
    const bare = await spawnProcess(['--import', 'tsx', 'tests/bench/baseline-server.ts'], serverEnv(db, port), port);
    let base: FanOutAnswer;
    try {
      base = await runInProcess('fan-out-client.ts', plan('baseline', bare.base, 0), 900_000);
    } finally {
      await bare.stop();
    }
    const server = await startServer(db);
    let ours: FanOutAnswer;
    try {
      ours = await runInProcess('fan-out-client.ts', plan('app', server.base, 1), 900_000);
    } finally {
      await server.stop();
    }
    for (const [label, a] of [
      ['baseline', base],
      ['app', ours],
    ] as const)
      console.log(
        `  room of ${size}, ${label}: ${a.sockets} subscribed in ${Math.round(a.connectMs)} ms (${a.connectFailures} failed${a.firstConnectError ? `: ${a.firstConnectError}` : ''}), ${a.received}/${a.expected} messages, p99 ${round(percentile(a.latencies, 99))} ms`,
      );
    const o = summary(merge([ours]));
    const b = summary(merge([base]));
    return [
      row({
        name: `One room of ${size} sockets joining at once: all subscribed`,
        value: round(ours.connectMs),
        unit: 'ms',
        baseline: round(base.connectMs),
        goal: '< 5000 ms, no failure',
        met: ours.connectFailures === 0 && ours.connectMs < 5000,
        detail: `${ours.connectFailures} failed`,
      }),
      row({
        name: `One room of ${size} sockets, ${rate} writes/s: p99 to all of them`,
        value: o.p99,
        unit: 'ms',
        baseline: b.p99,
        goal: 'p99 < 100 ms, every message',
        met: o.delivered === 100 && o.p99 < 100,
        detail: `${o.delivered} % delivered`,
      }),
    ];
  } finally {
    await db.drop();
  }
}

/**
 * A reconnect storm: 2,000 sockets in rooms of 20 behind a TCP proxy over two processes
 * (PostgreSQL), 20 replies a second; one process restarts and its sockets reconnect to the other.
 */
export async function storm(): Promise<Row[]> {
  const sockets = Number(process.env.BENCH_SOCKETS ?? 2000);
  const name = `Reconnect storm: the sockets of a restarted process (of ${sockets}) back in their rooms`;
  const goal = '< 5000 ms, none misses a message';
  const db = await createBenchDatabase('storm');
  if (db.kind !== 'PostgreSQL') {
    await db.drop();
    return [skipped(name, 'ms', goal, 'skipped: needs BENCH_DATABASE_URL or DATABASE_URL (PostgreSQL)')];
  }
  const servers: RunningServer[] = [];
  try {
    const core = await openCore(db);
    const rooms = await seedRooms(
      core,
      Array.from({ length: Math.ceil(sockets / 20) }, () => 20),
      1,
    );
    const after = Number(
      (
        await core.db
          .selectFrom('events')
          .select((eb) => eb.fn.max('id').as('id'))
          .executeTakeFirst()
      )?.id ?? 0,
    );
    await core.close();
    const ports: number[] = [];
    const proxy = await startTcpProxy(() => ports);
    try {
      servers.push(...(await Promise.all([startServer(db), startServer(db)])));
      ports.push(...servers.map((s) => s.port));
      const child = fork(path.join(ROOT, 'tests', 'bench', 'storm-client.ts'), [], {
        cwd: ROOT,
        execArgv: ['--import', 'tsx'],
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      const messages: Array<{ phase: string; ok?: boolean; answer?: StormAnswer; error?: string }> = [];
      child.on('message', (m: (typeof messages)[number]) => messages.push(m));
      const next = async (phase: string) => {
        for (let i = 0; i < 6000; i++) {
          const m = messages.find((x) => x.phase === phase || x.phase === 'answer');
          if (m) return m;
          await sleep(100);
        }
        throw new Error(`the storm client did not reach ${phase}`);
      };
      child.send({ base: proxy.url, rooms, rate: 20, after } satisfies StormPlan);
      await next('ready');
      await sleep(2000);
      const restarted = servers[0]!;
      await restarted.stop();
      servers[0] = await startServer(db, { port: restarted.port });
      await sleep(2000);
      child.send('done');
      const m = await next('answer');
      if (!m.ok) throw new Error(m.error);
      const a = m.answer!;
      const check = await openCore(db);
      const events = await check.db.selectFrom('events').select(['id', 'projectId']).where('id', '>', after).execute();
      await check.close();
      const byProject = new Map<number, number[]>();
      for (const e of events) byProject.set(e.projectId, [...(byProject.get(e.projectId) ?? []), e.id]);
      const missing = a.has.reduce((n, s) => {
        const has = new Set(s.ids);
        return n + (byProject.get(s.project) ?? []).filter((id) => !has.has(id)).length;
      }, 0);
      const caughtUp = a.has.reduce((n, s) => n + s.caughtUp, 0);
      console.log(
        `  storm: ${a.sockets} sockets connected in ${a.connectMs} ms; ${a.dropped} dropped, ${a.back} back in ${a.stormMs} ms;` +
          ` ${a.writes} replies (${a.failedWrites} retried), ${events.length} events, ${missing} missing, ${caughtUp} caught up`,
      );
      return [
        row({
          name,
          value: a.stormMs,
          unit: 'ms',
          baseline: a.connectMs,
          goal,
          met: a.dropped > 0 && a.back === a.dropped && a.stormMs < 5000 && missing === 0,
          detail: `${a.dropped} dropped, ${a.back} back; ${missing} events missing; ${caughtUp} read by the catch-up; baseline: all ${a.sockets} connecting at once`,
        }),
      ];
    } finally {
      await proxy.close();
    }
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    await db.drop();
  }
}
