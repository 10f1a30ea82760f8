import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type App, buildApp } from '@server/app.js';
import { loadConfig } from '@server/config.js';
import { createOwner, type TestUser } from '@tests/support/factories.js';
import { authHeader, get, type Harness, post } from '@tests/support/http.js';

// server/core.ts and server/config.ts: the default embedded setup (PGlite and secrets under DATA_DIR) survives a restart.

let dataDir: string;
beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nda-restart-'));
  // Start from the run's migrated PGlite when there is one (creating a database from nothing is what
  // tests/support/global-setup.ts already does); the first boot then finds it where DATA_DIR puts it.
  const template = inject('pgliteTemplate');
  if (template) fs.cpSync(template, path.join(dataDir, 'pglite'), { recursive: true });
});
afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The app as `npm start` builds it with no DATABASE_URL and no JWT secrets: everything under dataDir. */
async function boot(): Promise<App & Harness> {
  const config = loadConfig(
    { NODE_ENV: 'test', LOG_LEVEL: 'silent', PASSWORD_HASH_COST: 'test' },
    { dataDir, outboxPollMs: 50 },
  );
  expect(config.databaseUrl).toBeUndefined();
  const app = await buildApp(config);
  return { ...app, config: app.core.config };
}

describe('restart on the same data directory', () => {
  // Two app starts inside one test: give it the time of two app hooks.
  it('keeps accounts and sessions: the access and refresh tokens still work', { timeout: 120_000 }, async () => {
    let owner: TestUser;
    const first = await boot();
    try {
      owner = await createOwner(first);
      expect((await get(first, '/permissions/', authHeader(owner.access))).status).toBe(200);
    } finally {
      await first.app.close();
    }
    expect(fs.existsSync(path.join(dataDir, 'pglite'))).toBe(true);
    expect(fs.existsSync(path.join(dataDir, 'secrets', 'jwt-access'))).toBe(true);

    const second = await boot();
    try {
      const t = second;
      expect(second.config.secrets).toEqual(first.config.secrets);
      const me = await get(t, '/permissions/', authHeader(owner.access));
      expect(me.status).toBe(200);
      const rotated = await post(t, '/authentication/token/refresh/', { refresh: owner.refresh });
      expect(rotated.status).toBe(200);
      expect((await get(t, '/onboarding/', authHeader(rotated.body.access))).status).toBe(200);
      const login = await post(t, '/authentication/login/', { email: owner.email, password: owner.password });
      expect(login.status).toBe(200);
      expect(login.body.user.id).toBe(owner.id);
    } finally {
      await second.app.close();
    }
  });
});
