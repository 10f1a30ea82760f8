// Figure: one bidder floods the server with subscribe messages (4 sockets x 5,000) while another
// company reads over HTTP and receives live replies. Its HTTP p99 and live p95 under the flood are
// compared with the same load without it, and the server's resident memory growth is its peak during
// the flood minus its size before.
import { runInProcess } from './lib/fork.js';
import type { FloodAnswer, FloodPlan, TenantAnswer } from './flood-client.js';
import { type Row, row } from './lib/results.js';
import { seedRooms } from './lib/seed.js';
import { createBenchDatabase, openCore, rssMb, startServer } from './lib/server.js';
import { benchSeconds, percentile, round, sleep } from './lib/stats.js';

const GOAL_MS = 100;
const GOAL_MB = 50;

export async function flood(): Promise<Row[]> {
  const sockets = 4;
  const messages = Number(process.env.BENCH_FLOOD_MESSAGES ?? 5000);
  const seconds = benchSeconds(10);
  const db = await createBenchDatabase('flood');
  try {
    const core = await openCore(db);
    const [tenantRoom, bidderRoom] = await seedRooms(core, [2, 2], 0);
    await core.close();
    const server = await startServer(db);
    try {
      const tenantPlan = (s: number): FloodPlan => ({
        role: 'tenant',
        base: server.base,
        room: tenantRoom!,
        seconds: s,
        readsPerSecond: 20,
        writesPerSecond: 10,
      });
      const timeout = (seconds + 120) * 1000;
      // Warm-up, not measured.
      await runInProcess<FloodPlan, TenantAnswer>('flood-client.ts', tenantPlan(2), timeout);
      const quiet = await runInProcess<FloodPlan, TenantAnswer>('flood-client.ts', tenantPlan(seconds), timeout);
      await sleep(1000);
      const rssBefore = rssMb(server.serverPid()) ?? Number.NaN;
      let rssPeak = rssBefore;
      let sampling = true;
      const sampler = (async () => {
        while (sampling) {
          rssPeak = Math.max(rssPeak, rssMb(server.serverPid()) ?? 0);
          await sleep(100);
        }
      })();
      const [busy, attack] = await Promise.all([
        runInProcess<FloodPlan, TenantAnswer>('flood-client.ts', tenantPlan(seconds), timeout),
        runInProcess<FloodPlan, FloodAnswer>(
          'flood-client.ts',
          { role: 'flood', base: server.base, token: bidderRoom!.signers[0]!.token, sockets, messages },
          timeout,
        ),
      ]);
      sampling = false;
      await sampler;
      const growth = round(rssPeak - rssBefore);
      const p = (a: TenantAnswer, values: 'reads' | 'live', q: number) => round(percentile(a[values], q));
      console.log(
        `flood: ${attack.sent} sent in ${Math.round(attack.ms)} ms, ${attack.accepted} accepted, ${attack.refused} refused, ` +
          `${attack.unanswered} unanswered, ${attack.disconnected}/${sockets} sockets disconnected; ` +
          `other company: reads p99 ${p(quiet, 'reads', 99)} -> ${p(busy, 'reads', 99)} ms, live p95 ${p(quiet, 'live', 95)} -> ${p(busy, 'live', 95)} ms ` +
          `(${busy.received}/${busy.writes} received, ${busy.failedReads} failed reads); RSS ${rssBefore} MB, peak ${rssPeak} MB`,
      );
      const flooded = `${sockets} sockets x ${messages} subscribe`;
      const detail = `${attack.refused} refused, ${attack.disconnected}/${sockets} disconnected`;
      return [
        row({
          name: `Flood (${flooded}): another company's HTTP read p99`,
          value: p(busy, 'reads', 99),
          unit: 'ms',
          baseline: p(quiet, 'reads', 99),
          goal: `< ${GOAL_MS} ms`,
          met: p(busy, 'reads', 99) < GOAL_MS && busy.failedReads === 0,
          detail,
        }),
        row({
          name: `Flood (${flooded}): another company's live delivery p95`,
          value: p(busy, 'live', 95),
          unit: 'ms',
          baseline: p(quiet, 'live', 95),
          goal: `< ${GOAL_MS} ms, every message`,
          met: p(busy, 'live', 95) < GOAL_MS && busy.received === busy.writes,
          detail: `${busy.received}/${busy.writes} received`,
        }),
        row({
          name: `Flood (${flooded}): server memory growth`,
          value: growth,
          unit: 'MB',
          baseline: rssBefore,
          ratio: null,
          goal: `< ${GOAL_MB} MB`,
          met: growth < GOAL_MB,
          detail: `RSS ${rssBefore} -> peak ${rssPeak} MB`,
        }),
      ];
    } finally {
      await server.stop();
    }
  } finally {
    await db.drop();
  }
}
