import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { inject } from 'vitest';
import { buildApp, type App } from '@server/app.js';
import { type Config, loadConfig, type ResolvedConfig } from '@server/config.js';
import { watchErrorCodes } from './error-codes.js';
import { createDatabase } from './server-process.js';

export interface TestApp extends App {
  /** The configuration the app runs with (secrets included, given or generated). */
  config: ResolvedConfig;
  /** Listens on an ephemeral port and answers the base URL (for sockets and real HTTP). */
  listen(): Promise<string>;
  close(): Promise<void>;
}

/**
 * A fresh server on a fresh database: a PGlite copied from the run's migrated template (or an
 * in-memory one), or, when TEST_DATABASE_URL is set, a new PostgreSQL database created for this app
 * and dropped on close.
 */
export async function startTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nda-test-'));
  const db = await freshDatabase(dataDir);
  const config = loadConfig(
    // The smallest argon2id cost: the suite makes thousands of users (server/services/passwords.ts).
    { NODE_ENV: 'test', LOG_LEVEL: 'silent', PASSWORD_HASH_COST: 'test' },
    {
      dataDir,
      databaseUrl: db.url,
      rateLimit: { perEmail: 5, perIp: 1000, windowMs: 60_000 },
      // Every test signs its users up from one address.
      registrationLimit: { perIp: 1000, windowMs: 3_600_000 },
      ...overrides,
    },
  );
  const built = await buildApp(config);
  const withoutCode = watchErrorCodes(built.app);
  return {
    ...built,
    config: built.core.config,
    async listen() {
      await built.app.listen({ port: 0, host: '127.0.0.1' });
      const address = built.app.server.address();
      if (!address || typeof address === 'string') throw new Error('no address');
      return `http://127.0.0.1:${address.port}`;
    },
    async close() {
      await built.app.close();
      await db.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (withoutCode.length) throw new Error(`Error answers without a reason code:\n${withoutCode.join('\n')}`);
    },
  };
}

async function freshDatabase(dataDir: string): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = process.env.TEST_DATABASE_URL;
  // Each opens a copy of the run's migrated database (tests/support/global-setup.ts): a fraction of
  // the cost of creating and migrating one.
  if (admin) return createDatabase(admin, inject('postgresTemplate') ?? undefined);
  const template = inject('pgliteTemplate');
  if (!template) return { url: 'memory://', drop: async () => {} };
  const dir = path.join(dataDir, 'pglite');
  fs.cpSync(template, dir, { recursive: true });
  return { url: dir, drop: async () => {} };
}
