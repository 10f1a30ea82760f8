// Figure 1, live fan-out: sockets in NDA rooms of 10 to 50 viewers, writes (replies and approvals)
// at a fixed rate through tRPC, and the time from each write's start to its receipt at every other
// viewer of the room. Beside it, the same through the bare baseline server and, on PostgreSQL, across
// two server processes (writes through one, viewers on the other).
import type { FanOutAnswer, FanOutPlan } from './fan-out-client.js';
import { runInProcess } from './lib/fork.js';
import { type Row, row, skipped } from './lib/results.js';
import type { Room } from './lib/seed.js';
import { seedRooms } from './lib/seed.js';
import {
  type BenchDatabase,
  createBenchDatabase,
  freePort,
  openCore,
  type RunningServer,
  serverEnv,
  spawnProcess,
  startServer,
} from './lib/server.js';
import { benchSeconds, percentile, round } from './lib/stats.js';

const GOAL_P99 = 100;
const GOAL_RATIO = 1.5;

/** Room sizes from 10 to 50 adding up to the number of sockets. */
export function roomSizes(sockets: number): number[] {
  const sizes: number[] = [];
  let left = sockets;
  for (let i = 0; left > 0; i++) {
    let size = 10 + ((i * 17) % 41);
    // The last room takes what is left (up to 50), never fewer than 10 unless there are fewer sockets.
    if (left - size < 10) size = left <= 50 ? left : left - 10;
    sizes.push(size);
    left -= size;
  }
  return sizes;
}

interface Measured {
  p50: number;
  p95: number;
  p99: number;
  delivered: number;
  answer: FanOutAnswer;
}

async function measure(
  label: string,
  viewers: RunningServer,
  writer: RunningServer,
  mode: FanOutPlan['mode'],
  rooms: Room[],
  rate: number,
  seconds: number,
): Promise<Measured> {
  const answer = await runInProcess<FanOutPlan, FanOutAnswer>(
    'fan-out-client.ts',
    { viewBases: [viewers.base], writeBases: [writer.base], mode, rooms, rate, seconds },
    (seconds + 240) * 1000,
  );
  const m = {
    p50: round(percentile(answer.latencies, 50)),
    p95: round(percentile(answer.latencies, 95)),
    p99: round(percentile(answer.latencies, 99)),
    delivered: answer.expected ? round((answer.received / answer.expected) * 100, 2) : 0,
    answer,
  };
  console.log(
    `  ${label}: ${answer.sockets} sockets (connected in ${Math.round(answer.connectMs)} ms), ${answer.writes} writes` +
      ` (${answer.failedWrites} failed${answer.firstError ? `: ${answer.firstError}` : ''}), ${answer.received}/${answer.expected}` +
      ` messages, p50 ${m.p50} ms, p95 ${m.p95} ms, p99 ${m.p99} ms`,
  );
  return m;
}

export async function fanOut(): Promise<Row[]> {
  const sockets = Number(process.env.BENCH_SOCKETS ?? 2000);
  const rate = Number(process.env.BENCH_WRITE_RATE ?? 20);
  const seconds = benchSeconds(20);
  const sizes = roomSizes(sockets);
  const perRun = Math.ceil((rate * seconds) / 2 / sizes.length) + 2;
  const db: BenchDatabase = await createBenchDatabase('fanout');
  const rows: Row[] = [];
  try {
    const core = await openCore(db);
    const seeded = await seedRooms(core, sizes, perRun * 3);
    await core.close();
    // Each run approves threads of its own.
    const roomsFor = (run: number): Room[] =>
      seeded.map((r) => ({ ...r, approvalThreads: r.approvalThreads.slice(run * perRun, (run + 1) * perRun) }));
    console.log(
      `fan-out: ${sockets} sockets in ${sizes.length} NDA rooms of ${Math.min(...sizes)}-${Math.max(...sizes)}, ${rate} writes/s for ${seconds} s, ${db.kind}`,
    );

    const basePort = freePort();
    const baseline = await spawnProcess(
      ['--import', 'tsx', 'tests/bench/baseline-server.ts'],
      serverEnv(db, basePort),
      basePort,
    );
    let base: Measured;
    try {
      base = await measure('baseline', baseline, baseline, 'baseline', roomsFor(0), rate, seconds);
    } finally {
      await baseline.stop();
    }

    const server = await startServer(db);
    let ours: Measured;
    try {
      ours = await measure('app, one process', server, server, 'app', roomsFor(1), rate, seconds);
    } finally {
      await server.stop();
    }

    const name = `Fan-out to ${sockets} sockets, ${rate} writes/s`;
    rows.push(
      row({
        name: `${name}: p50`,
        value: ours.p50,
        unit: 'ms',
        baseline: base.p50,
        goal: 'none (shown with p99)',
        met: true,
      }),
      row({
        name: `${name}: p95`,
        value: ours.p95,
        unit: 'ms',
        baseline: base.p95,
        goal: 'none (shown with p99)',
        met: true,
      }),
      row({
        name: `${name}: p99`,
        value: ours.p99,
        unit: 'ms',
        baseline: base.p99,
        goal: `p99 < ${GOAL_P99} ms and ≤ ${GOAL_RATIO}x baseline`,
        met: ours.delivered === 100 && ours.p99 < GOAL_P99 && ours.p99 <= GOAL_RATIO * base.p99,
      }),
      row({
        name: `${name}: messages delivered`,
        value: ours.delivered,
        unit: '%',
        baseline: base.delivered,
        goal: '100 %',
        met: ours.delivered === 100,
      }),
    );

    const twoName = `Fan-out across two processes (write on A, ${sockets} sockets on B; baseline: two bare processes, same adapter): p99`;
    const twoGoal = `p99 < ${GOAL_P99} ms and ≤ ${GOAL_RATIO}x baseline`;
    if (db.kind !== 'PostgreSQL') {
      rows.push(skipped(twoName, 'ms', twoGoal, 'skipped: needs BENCH_DATABASE_URL or DATABASE_URL (PostgreSQL)'));
    } else {
      // The baseline of two processes: two bare servers joined by the same stock PostgreSQL adapter.
      const ports = [freePort(), freePort()];
      const bare = await Promise.all(
        ports.map((port) =>
          spawnProcess(
            ['--import', 'tsx', 'tests/bench/baseline-server.ts'],
            serverEnv(db, port, { BENCH_BUS: 'postgres' }),
            port,
          ),
        ),
      );
      let twoBase: Measured;
      try {
        twoBase = await measure('baseline, two processes', bare[1]!, bare[0]!, 'baseline', roomsFor(0), rate, seconds);
      } finally {
        await Promise.all(bare.map((p) => p.stop()));
      }
      const a = await startServer(db);
      const b = await startServer(db);
      try {
        const two = await measure('app, two processes', b, a, 'app', roomsFor(2), rate, seconds);
        rows.push(
          row({
            name: twoName,
            value: two.delivered > 0 ? two.p99 : null,
            unit: 'ms',
            baseline: twoBase.p99,
            goal: twoGoal,
            met: two.delivered === 100 && two.p99 < GOAL_P99 && two.p99 <= GOAL_RATIO * twoBase.p99,
            ...(two.delivered < 100 ? { note: `${two.delivered} % of messages reached process B` } : {}),
            detail: `p50 ${two.p50} ms, baseline ${twoBase.p50} ms`,
          }),
        );
      } finally {
        await Promise.all([a.stop(), b.stop()]);
      }
    }
  } finally {
    await db.drop();
  }
  return rows;
}
