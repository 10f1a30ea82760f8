import { type ChildProcess, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import Fastify from 'fastify';
import { loadConfig } from '@server/config.js';
import { type Core, createCore } from '@server/core.js';
import { sleep } from './stats.js';

export const ROOT = path.resolve(import.meta.dirname, '..', '..', '..');

/** The PostgreSQL the bench may create databases in, when given; PGlite otherwise. */
export const PG_ADMIN_URL = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || undefined;

/**
 * A database and data folder of the bench's own: on PostgreSQL a new database (dropped by drop()),
 * else PGlite files under the data folder, which one process at a time may open.
 */
export interface BenchDatabase {
  dataDir: string;
  /** The DATABASE_URL the server gets; undefined for PGlite under DATA_DIR. */
  url: string | undefined;
  kind: 'PostgreSQL' | 'PGlite';
  drop(): Promise<void>;
}

export async function createBenchDatabase(label: string): Promise<BenchDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `nda-bench-${label}-`));
  const cleanDir = () => fs.rmSync(dataDir, { recursive: true, force: true });
  if (!PG_ADMIN_URL) return { dataDir, url: undefined, kind: 'PGlite', drop: async () => cleanDir() };
  const name = `nda_bench_${label.replace(/\W/g, '_')}_${process.pid}_${crypto.randomBytes(3).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    dataDir,
    url: url.toString(),
    kind: 'PostgreSQL',
    async drop() {
      await adminQuery(`drop database if exists ${name} with (force)`);
      cleanDir();
    },
  };
}

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

// One pair of secrets for the seeding process and every server of the run, so tokens minted while
// seeding are accepted by each process.
const SECRETS = {
  JWT_ACCESS_SECRET: crypto.randomBytes(32).toString('base64url'),
  JWT_REFRESH_SECRET: crypto.randomBytes(32).toString('base64url'),
};

/** The environment a production server of the bench runs with. */
export function serverEnv(db: BenchDatabase, port: number, extra: Record<string, string> = {}): Record<string, string> {
  return {
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: db.dataDir,
    ...(db.url ? { DATABASE_URL: db.url } : {}),
    LOG_LEVEL: 'warn',
    // The bench signs in many users from one address.
    RATE_LIMIT_PER_IP: '1000000',
    RATE_LIMIT_PER_EMAIL: '1000000',
    RATE_LIMIT_REGISTRATIONS_PER_IP: '1000000',
    ...SECRETS,
    ...extra,
  };
}

/**
 * The app's core on the bench database, for seeding (migrations run on open) and minting tokens. On
 * PGlite it must be closed before a server opens the same files.
 */
export async function openCore(db: BenchDatabase): Promise<Core> {
  const config = loadConfig(serverEnv(db, 0, { LOG_LEVEL: 'silent' }));
  const log = Fastify({ logger: { level: 'silent' } }).log;
  return createCore(config, log);
}

export interface RunningServer {
  base: string;
  port: number;
  /** The process that runs the server itself (start.mjs's child when start.mjs spawns one). */
  serverPid(): number;
  /** The last lines the process printed. */
  output(): string;
  /** The heap reports (bytes) the process printed on SIGUSR2 with BENCH_REPORT_MEMORY, oldest first. */
  memoryReports: number[];
  stop(): Promise<void>;
}

let nextPort = Number(process.env.BENCH_PORT ?? 0) || 4300 + (process.pid % 500) * 4;
export function freePort(): number {
  return nextPort++;
}

/** Runs `node <script>` and answers once GET <healthPath> answers 200 (and `ready` accepts its body). */
export async function spawnProcess(
  args: string[],
  env: Record<string, string>,
  port: number,
  opts: { healthPath?: string; timeoutMs?: number; nodeArgs?: string[]; ready?: (body: unknown) => boolean } = {},
): Promise<RunningServer> {
  const child = spawn(process.execPath, [...(opts.nodeArgs ?? []), ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const memoryReports: number[] = [];
  const keep = (b: Buffer) => {
    const text = b.toString();
    for (const m of text.matchAll(/bench-memory (\{.*?\})/g))
      memoryReports.push((JSON.parse(m[1]!) as { heapUsed: number }).heapUsed);
    output = (output + text).slice(-8000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const base = `http://127.0.0.1:${port}`;
  const until = Date.now() + (opts.timeoutMs ?? 240_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited (${child.exitCode}):\n${output}`);
    try {
      const res = await fetch(base + (opts.healthPath ?? '/healthz'));
      if (res.ok && (!opts.ready || opts.ready(await res.json()))) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) {
      child.kill('SIGKILL');
      throw new Error(`${args.join(' ')} did not answer on ${base}:\n${output}`);
    }
    await sleep(250);
  }
  return {
    base,
    port,
    serverPid: () => leafProcess(child.pid!),
    output: () => output,
    memoryReports,
    stop: () => stopChild(child),
  };
}

/**
 * A production server as `npm start` runs it: `node scripts/start.mjs` with NODE_ENV=production,
 * measured once its boot-time signing warm-up is over (it would otherwise share the CPU with the load).
 */
export function startServer(
  db: BenchDatabase,
  opts: { port?: number; env?: Record<string, string> } = {},
): Promise<RunningServer> {
  const port = opts.port ?? freePort();
  return spawnProcess(['scripts/start.mjs'], serverEnv(db, port, opts.env), port, {
    ready: (body) => (body as { signingReady?: boolean }).signingReady === true,
  });
}

function childrenOf(pid: number): number[] {
  try {
    return fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

function isNode(pid: number): boolean {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[0] === process.execPath;
  } catch {
    return false;
  }
}

/** The innermost Node process under pid (start.mjs may run the server as its child; the server may run tools). */
function leafProcess(pid: number): number {
  const kid = childrenOf(pid).find(isNode);
  return kid === undefined ? pid : leafProcess(kid);
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/** Resident memory of a process, from /proc (MB). */
export function rssMb(pid: number): number | null {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Math.round(Number(m[1]) / 1024) : null;
  } catch {
    return null;
  }
}
