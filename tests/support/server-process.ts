import { type ChildProcess, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { connectDatabase, type Db } from '@server/db/connect.js';
import { transaction } from '@server/db/transaction.js';
import type { TestApp } from './app.js';
import { SERVER_MAIN } from '../../scripts/build.mjs';
import { waitFor } from './wait.js';

/**
 * Real server processes, as production runs several of them over one PostgreSQL database: each is
 * the compiled server (dist/server/main.js, built by the integration tests' global set-up) in a child
 * process with its own port and data directory, configured only by the environment given (no JWT
 * secrets unless given). Started from the TypeScript sources instead, each process spent a second
 * and a half more compiling them.
 */

const ROOT = path.resolve(import.meta.dirname, '..', '..');

/**
 * A fresh PostgreSQL database on the server of TEST_DATABASE_URL, dropped by drop(): empty, or a copy
 * of `template` (a migrated database: copying it costs half of migrating a new one).
 */
export async function createDatabase(
  adminUrl: string,
  template?: string,
): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `nda_test_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(template ? `create database ${name} template ${template}` : `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

/** A port nobody listens on right now. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface ServerProcess {
  url: string;
  port: number;
  /** What the process wrote to stderr and stdout, for a failing test's message. */
  output(): string;
  /** SIGTERM, then resolves with the exit code once the process is gone (0: it shut down in time). */
  stop(): Promise<number | null>;
  /** SIGKILL: the process dies where it stands, as in a crash; resolves once it is gone. */
  kill(): Promise<void>;
}

/** Starts a server process on a free port over the database; resolves once it answers /healthz. */
export async function startServerProcess(
  databaseUrl: string,
  env: Record<string, string> = {},
  opts: { port?: number } = {},
): Promise<ServerProcess> {
  const port = opts.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nda-proc-'));
  const child: ChildProcess = spawn(process.execPath, ['--enable-source-maps', SERVER_MAIN], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? os.tmpdir(),
      NODE_ENV: 'test',
      PASSWORD_HASH_COST: 'test',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: url,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      // Every test user signs up and in from 127.0.0.1.
      RATE_LIMIT_PER_IP: '1000',
      RATE_LIMIT_REGISTRATIONS_PER_IP: '1000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    const code = await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
    return code;
  };
  try {
    await waitFor(
      async () => {
        if (child.exitCode !== null) throw new Error(`the server process stopped:\n${output}`);
        return fetch(`${url}/healthz`).then(
          (r) => r.ok,
          () => false,
        );
      },
      Boolean,
      150_000,
      250,
    );
  } catch (err) {
    await stop();
    throw err;
  }
  const kill = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  return { url, port, output: () => output, stop, kill };
}

type InjectOptions = { method: string; url: string; headers?: Record<string, string>; payload?: unknown };

/**
 * The test helpers' view of an app (tests/support/http.ts: app.inject, core.db, core.tx, config.appUrl)
 * for a server process: calls go over HTTP to it, reads and invitations to the database it uses.
 */
export async function processHarness(
  server: Pick<ServerProcess, 'url'>,
  databaseUrl: string,
): Promise<TestApp & { db: Db }> {
  const db = await connectDatabase({ databaseUrl });
  const inject = async (opts: InjectOptions) => {
    const headers: Record<string, string> = { ...opts.headers };
    let body: string | Uint8Array<ArrayBuffer> | undefined;
    if (typeof opts.payload === 'string') body = opts.payload;
    else if (Buffer.isBuffer(opts.payload)) body = new Uint8Array(opts.payload);
    else if (opts.payload !== undefined) {
      body = JSON.stringify(opts.payload);
      headers['content-type'] ??= 'application/json';
    }
    const res = await fetch(`${server.url}${opts.url}`, { method: opts.method, headers, body });
    const raw = Buffer.from(await res.arrayBuffer());
    return {
      statusCode: res.status,
      body: raw.toString('utf8'),
      rawPayload: raw,
      headers: Object.fromEntries(res.headers),
    };
  };
  const harness = {
    app: { inject },
    core: { db, tx: (fn: Parameters<typeof transaction>[1]) => transaction(db, fn) },
    config: { appUrl: server.url },
    db,
  };
  // Only what the helpers use is there: the rest of TestApp belongs to an app built in this process.
  return harness as unknown as TestApp & { db: Db };
}
