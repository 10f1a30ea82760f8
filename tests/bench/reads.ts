// Figure 2, reads: the project list, a project's dashboard and an NDA's thread list, for an owner with
// 1,000 projects, through REST and through tRPC, with autocannon at a fixed 300 requests/s (p99) and
// at saturation (throughput). Baseline: a bare Fastify route running the same SQL statements,
// captured from the app's own queries as Kysely compiles them: the session check every authenticated
// request makes, then the view's statements. It verifies the same bearer token (the JWT's signature).
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import type { KyselyPlugin, PluginTransformQueryArgs, RootOperationNode } from 'kysely';
import { dashboardQuery } from '@shared/schemas/groups.js';
import { projectListQuery } from '@shared/schemas/projects.js';
import type { Core } from '@server/core.js';
import { authenticate } from '@server/queries/auth/authenticate.js';
import { listDashboard } from '@server/queries/dashboard/list-dashboard.js';
import { listProjects } from '@server/queries/projects/list-projects.js';
import { listThreads } from '@server/queries/threads/list-threads.js';
import { type Row, row } from './lib/results.js';
import { seedReads } from './lib/seed.js';
import {
  createBenchDatabase,
  freePort,
  openCore,
  type RunningServer,
  serverEnv,
  spawnProcess,
  startServer,
} from './lib/server.js';
import { benchSeconds, round } from './lib/stats.js';

const FIXED_RATE = 300;
const GOAL_P99 = 50;
const GOAL_RATIO = 0.5;

type Statement = { sql: string; parameters: unknown[] };

/** Records the SQL a query runs, as the app's Kysely compiles it (after the camelCase plugin). */
async function captureSql(core: Core, run: (core: Core) => Promise<unknown>): Promise<Statement[]> {
  const statements: Statement[] = [];
  const executor = core.db.getExecutor();
  const recorder: KyselyPlugin = {
    transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
      const compiled = executor.compileQuery(node, queryId);
      statements.push({ sql: compiled.sql, parameters: [...compiled.parameters] });
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  await run({ ...core, db: core.db.withPlugin(recorder) });
  return statements;
}

interface Load {
  p99: number;
  throughput: number;
  errors: number;
}

async function cannon(url: string, headers: Record<string, string>, seconds: number, rate?: number): Promise<Load> {
  const result = await autocannon({
    url,
    headers,
    duration: seconds,
    connections: rate ? 8 : 16,
    ...(rate ? { overallRate: rate } : {}),
  });
  return {
    p99: result.latency.p99,
    throughput: round(result.requests.average, 0),
    errors: result.errors + result.non2xx,
  };
}

async function warm(url: string, headers: Record<string, string>): Promise<void> {
  for (let i = 0; i < 30; i++) {
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
  }
}

export async function reads(): Promise<Row[]> {
  const seconds = benchSeconds(5);
  const db = await createBenchDatabase('reads');
  const rows: Row[] = [];
  try {
    const core = await openCore(db);
    const deal = await seedReads(core, { projects: 1000, groups: 12, threads: 40 });
    const actor = await authenticate(core, deal.owner.token);
    const session = await captureSql(core, (c) => authenticate(c, deal.owner.token));
    const sqlFile = path.join(db.dataDir, 'read-sql.json');
    const views = {
      'project list': {
        rest: '/api/v1/projects/projects/',
        trpc: `/trpc/projects.list?input=${encodeURIComponent('{}')}`,
        sql: await captureSql(core, (c) => listProjects(c, { actor, query: projectListQuery.parse({}) })),
      },
      'project dashboard': {
        rest: `/api/v1/projects/dashboard/?project=${deal.project}`,
        trpc: `/trpc/groups.dashboard?input=${encodeURIComponent(JSON.stringify({ project: deal.project }))}`,
        sql: await captureSql(core, (c) =>
          listDashboard(c, { actor, query: dashboardQuery.parse({ project: deal.project }) }),
        ),
      },
      'NDA thread list': {
        rest: `/api/v1/projects/comment_threads/?nda=${deal.nda}`,
        trpc: `/trpc/threads.list?input=${encodeURIComponent(JSON.stringify({ nda: deal.nda }))}`,
        sql: await captureSql(core, (c) => listThreads(c, { actor, ndaId: deal.nda })),
      },
    };
    await core.close();
    fs.writeFileSync(
      sqlFile,
      JSON.stringify(Object.fromEntries(Object.entries(views).map(([k, v]) => [k, [...session, ...v.sql]]))),
    );
    console.log(
      `reads: 1000 projects, ${seconds} s per step, ${db.kind}; statements per view: ${Object.entries(views)
        .map(([k, v]) => `${k} ${v.sql.length}`)
        .join(', ')}, and ${session.length} for the session`,
    );

    const measureAll = async (server: RunningServer, urls: Record<string, string>, headers: Record<string, string>) => {
      const out: Record<string, { rate: Load; saturation: Load }> = {};
      for (const [name, url] of Object.entries(urls)) {
        await warm(server.base + url, headers);
        const rate = await cannon(server.base + url, headers, seconds, FIXED_RATE);
        const saturation = await cannon(server.base + url, headers, seconds);
        out[name] = { rate, saturation };
        console.log(
          `  ${name} ${url.slice(0, 40)}: p99 ${rate.p99} ms at ${FIXED_RATE}/s, ${saturation.throughput} req/s at saturation` +
            (rate.errors + saturation.errors ? ` (${rate.errors + saturation.errors} errors)` : ''),
        );
      }
      return out;
    };

    const port = freePort();
    const bare = await spawnProcess(
      ['--import', 'tsx', 'tests/bench/baseline-server.ts'],
      serverEnv(db, port, { BENCH_READ_SQL: sqlFile }),
      port,
    );
    const auth = { authorization: `Bearer ${deal.owner.token}` };
    let base: Awaited<ReturnType<typeof measureAll>>;
    try {
      base = await measureAll(
        bare,
        Object.fromEntries(Object.keys(views).map((k) => [k, `/bench/read/${encodeURIComponent(k)}`])),
        auth,
      );
    } finally {
      await bare.stop();
    }

    const server = await startServer(db);
    try {
      for (const door of ['rest', 'trpc'] as const) {
        const ours = await measureAll(
          server,
          Object.fromEntries(Object.entries(views).map(([k, v]) => [k, v[door]])),
          auth,
        );
        for (const name of Object.keys(views)) {
          const o = ours[name]!;
          const b = base[name]!;
          const label = `Reads: ${name} via ${door === 'rest' ? 'REST' : 'tRPC'}`;
          const failed = o.rate.errors + o.saturation.errors > 0;
          rows.push(
            row({
              name: `${label}: throughput`,
              value: o.saturation.throughput,
              unit: 'req/s',
              baseline: b.saturation.throughput,
              goal: `≥ ${GOAL_RATIO}x baseline`,
              met: !failed && o.saturation.throughput >= GOAL_RATIO * b.saturation.throughput,
              ...(failed ? { note: 'requests failed' } : {}),
            }),
            row({
              name: `${label}: p99 at ${FIXED_RATE} req/s`,
              value: o.rate.p99,
              unit: 'ms',
              baseline: b.rate.p99,
              goal: `< ${GOAL_P99} ms`,
              met: !failed && o.rate.p99 < GOAL_P99,
            }),
          );
        }
      }
    } finally {
      await server.stop();
    }
  } finally {
    await db.drop();
  }
  return rows;
}
