// Figure 4, reports at scale: GET /api/v1/reports/metrics/ over 10,000 projects, 100,000 NDAs and
// 1,000,000 events on PostgreSQL, with and without filters: p95. Baseline: the plain count of the
// events table through the bare server. Skipped (with the reason) without a PostgreSQL URL.
import fs from 'node:fs';
import path from 'node:path';
import { readP95, RouteMissing } from './lib/read-timing.js';
import { type Row, row, skipped } from './lib/results.js';
import { seedReportsHistory } from './lib/seed.js';
import {
  createBenchDatabase,
  freePort,
  openCore,
  PG_ADMIN_URL,
  serverEnv,
  spawnProcess,
  startServer,
} from './lib/server.js';

const GOAL_P95 = 200;
const NAME = 'Reports metrics over 10,000 projects, 100,000 NDAs, 1,000,000 events';

export async function reports(): Promise<Row[]> {
  const goal = `p95 < ${GOAL_P95} ms`;
  const names = [`${NAME}: p95 without filters`, `${NAME}: p95 filtered by projects and groups`];
  if (!PG_ADMIN_URL)
    return names.map((n) => skipped(n, 'ms', goal, 'skipped: needs BENCH_DATABASE_URL or DATABASE_URL (PostgreSQL)'));
  const runs = Number(process.env.BENCH_REPORT_RUNS ?? 40);
  const db = await createBenchDatabase('reports');
  try {
    const core = await openCore(db);
    const t0 = Date.now();
    const history = await seedReportsHistory(core, { projects: 10_000, groupsPerProject: 10, eventsPerNda: 10 });
    await core.close();
    console.log(`reports: seeded in ${Math.round((Date.now() - t0) / 1000)} s`);
    const sqlFile = path.join(db.dataDir, 'count-sql.json');
    fs.writeFileSync(sqlFile, JSON.stringify({ count: [{ sql: 'select count(*) from events', parameters: [] }] }));
    const port = freePort();
    const bare = await spawnProcess(
      ['--import', 'tsx', 'tests/bench/baseline-server.ts'],
      serverEnv(db, port, { BENCH_READ_SQL: sqlFile }),
      port,
    );
    const auth = { authorization: `Bearer ${history.owner.token}` };
    let baseline: number;
    try {
      baseline = await readP95(`${bare.base}/bench/read/count`, auth, runs);
    } finally {
      await bare.stop();
    }
    const server = await startServer(db);
    try {
      const url = `${server.base}/api/v1/reports/metrics/`;
      const filtered = `${url}?project__in=${history.someProjects.join(',')}&project_branch__in=${history.someBranches.join(',')}`;
      let all: number;
      let some: number;
      try {
        all = await readP95(url, auth, runs);
        some = await readP95(filtered, auth, runs);
      } catch (err) {
        if (err instanceof RouteMissing) return names.map((n) => skipped(n, 'ms', goal, 'skipped: route missing'));
        throw err;
      }
      console.log(`  without filters p95 ${all} ms, filtered p95 ${some} ms; count(*) of events p95 ${baseline} ms`);
      return [
        row({ name: names[0]!, value: all, unit: 'ms', baseline, goal, met: all < GOAL_P95 }),
        row({ name: names[1]!, value: some, unit: 'ms', baseline, goal, met: some < GOAL_P95 }),
      ];
    } finally {
      await server.stop();
    }
  } finally {
    await db.drop();
  }
}
