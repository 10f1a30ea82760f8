import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, inject } from 'vitest';
import { type App, buildApp } from '@server/app.js';
import { loadConfig } from '@server/config.js';
import { createDatabase } from './server-process.js';
import { SETUP_MS } from './wait.js';

export type ClockedApp = App & { config: App['core']['config'] };

/**
 * App instances as server processes build them, on one database shared across restarts (PostgreSQL
 * when TEST_DATABASE_URL is set, else a PGlite data directory), whose timetable reads `clock.now`
 * and polls only when a test drains it. Registers the suite's set-up and clean-up.
 */
export function clockedApps(clock: { now: Date }): { boot(): Promise<ClockedApp>; stop(app: App): Promise<void> } {
  const adminUrl = process.env.TEST_DATABASE_URL;
  let dataDir: string;
  let database: { url: string; drop(): Promise<void> } | undefined;
  const running: App[] = [];

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nda-clocked-'));
    if (adminUrl) database = await createDatabase(adminUrl);
    else {
      const template = inject('pgliteTemplate');
      if (template) fs.cpSync(template, path.join(dataDir, 'pglite'), { recursive: true });
    }
  }, SETUP_MS);
  afterAll(async () => {
    for (const app of running.splice(0)) await app.app.close();
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  return {
    async boot() {
      const config = loadConfig(
        { NODE_ENV: 'test', LOG_LEVEL: 'silent', PASSWORD_HASH_COST: 'test' },
        {
          dataDir,
          databaseUrl: database?.url,
          outboxPollMs: 3_600_000,
          rateLimit: { perEmail: 5, perIp: 1000, windowMs: 60_000 },
          registrationLimit: { perIp: 1000, windowMs: 3_600_000 },
          timetable: { pollMs: 3_600_000, now: () => clock.now },
        },
      );
      const app = await buildApp(config);
      running.push(app);
      return { ...app, config: app.core.config };
    },
    async stop(app) {
      await app.app.close();
      running.splice(running.indexOf(app), 1);
    },
  };
}
