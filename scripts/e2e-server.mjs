// The server for the Playwright run: a fresh DATA_DIR (PGlite on disk, secrets) made for this run and
// removed when the server stops. When E2E_DATABASE_URL is set (playwright.config.ts does it when
// TEST_DATABASE_URL is), the server runs on that PostgreSQL database instead: it is created here
// through E2E_DATABASE_ADMIN_URL and dropped when the server stops. Other settings come from the
// environment (playwright.config.ts). The server is the compiled one production runs (dist/server),
// rebuilt first when older than its sources.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { ensureBuilt, SERVER_MAIN } from './build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nda-e2e-'));
const databaseUrl = process.env.E2E_DATABASE_URL;
const adminUrl = process.env.E2E_DATABASE_ADMIN_URL;
const databaseName = databaseUrl ? decodeURIComponent(new URL(databaseUrl).pathname.slice(1)) : null;

if (databaseName && !/^[a-z0-9_]+$/.test(databaseName))
  throw new Error(`Unexpected e2e database name: ${databaseName}`);

async function admin(statement) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

await ensureBuilt({ server: true });

if (databaseName) {
  if (!adminUrl) throw new Error('E2E_DATABASE_URL needs E2E_DATABASE_ADMIN_URL to create the database.');
  await admin(`create database ${databaseName}`);
}

const server = spawn(process.execPath, ['--enable-source-maps', SERVER_MAIN], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', async (code, signal) => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (databaseName)
    await admin(`drop database if exists ${databaseName} with (force)`).catch((err) =>
      console.error(`could not drop ${databaseName}: ${err.message}`),
    );
  process.exit(code ?? (signal ? 0 : 1));
});
