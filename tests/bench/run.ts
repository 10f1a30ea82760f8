// `npm run bench`: throughput of the three doors against a bare route measured in the same run, so
// the figures are ratios that hold on any machine. Loopback only, bounded in time.
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { buildApp } from '@server/app.js';
import { loadConfig } from '@server/config.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const CONCURRENCY = 16;

async function measure(name: string, send: () => Promise<Response>): Promise<number> {
  for (let i = 0; i < 50; i++) await (await send()).arrayBuffer(); // warm-up
  let count = 0;
  const until = performance.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < until) {
        const res = await send();
        await res.arrayBuffer();
        if (!res.ok) throw new Error(`${name}: HTTP ${res.status}`);
        count++;
      }
    }),
  );
  return count / SECONDS;
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nda-bench-'));
const config = loadConfig(
  { NODE_ENV: 'production', LOG_LEVEL: 'silent' },
  { dataDir, databaseUrl: process.env.BENCH_DATABASE_URL ?? 'memory://', devMailbox: true },
);
const { app, core } = await buildApp(config);
await app.listen({ port: 0, host: '127.0.0.1' });
const { port } = app.server.address() as { port: number };
const base = `http://127.0.0.1:${port}`;

// One activated owner to call authenticated routes with.
const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(base + url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
await post('/api/v1/registration/', {
  email: 'bench@example.com',
  password1: 'bench-password',
  password2: 'bench-password',
  first_name: 'Bench',
  last_name: 'Mark',
  location: 'London',
  company_name: 'Bench Ltd',
});
const mail = await core.db.selectFrom('outboxEmails').select('textBody').executeTakeFirstOrThrow();
await post('/api/v1/registration/verify-email/', { key: /user-activation\/(\S+)/.exec(mail.textBody)![1] });
const { access } = (await (
  await post('/api/v1/authentication/login/', { email: 'bench@example.com', password: 'bench-password' })
).json()) as { access: string };
const auth = { authorization: `Bearer ${access}` };

const baseline = await measure('bare route', () => fetch(`${base}/healthz`));
const rows: Array<[string, number]> = [
  [
    'REST GET /api/v1/permissions/ (token + session check)',
    await measure('rest', () => fetch(`${base}/api/v1/permissions/`, { headers: auth })),
  ],
  [
    'tRPC account.permissions (same query)',
    await measure('trpc', () => fetch(`${base}/trpc/account.permissions`, { headers: auth })),
  ],
  [
    'REST GET /api/v1/company/ (two queries)',
    await measure('company', () => fetch(`${base}/api/v1/company/`, { headers: auth })),
  ],
];

console.log(
  `\nBaseline: bare Fastify route ${baseline.toFixed(0)} req/s (${CONCURRENCY} concurrent, ${SECONDS}s each, ${config.databaseUrl?.startsWith('postgres') ? 'PostgreSQL' : 'PGlite'})`,
);
for (const [name, rate] of rows)
  console.log(`${name.padEnd(58)} ${rate.toFixed(0).padStart(7)} req/s  ${(rate / baseline).toFixed(2)}x of baseline`);
await app.close();
fs.rmSync(dataDir, { recursive: true, force: true });
