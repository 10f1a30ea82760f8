import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '@server/app.js';
import { loadConfig } from '@server/config.js';
import { tokenSecrets } from '@server/services/app-secrets.js';
import { loadSigningKey } from '@server/services/signing/signing-key.js';
import { createOwner } from '@tests/support/factories.js';
import { authHeader, get, type Harness } from '@tests/support/http.js';
import { createDatabase } from '@tests/support/server-process.js';

// server/services/app-secrets.ts: on PostgreSQL, secrets not configured are generated once for the
// deployment and kept in the database, so apps started at once over it agree on them.

const adminUrl = process.env.TEST_DATABASE_URL;
const APPS_MS = 240_000;

let database: { url: string; drop(): Promise<void> };
const dataDirs: string[] = [];
let a: App & Harness;
let b: App & Harness;

/** An app as a server process builds it with DATABASE_URL and no secrets, with a data directory of its own. */
async function boot(): Promise<App & Harness> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nda-secrets-'));
  dataDirs.push(dataDir);
  const config = loadConfig(
    { NODE_ENV: 'test', LOG_LEVEL: 'silent' },
    { dataDir, databaseUrl: database.url, outboxPollMs: 50 },
  );
  expect(config.secrets).toEqual({ access: undefined, refresh: undefined });
  const app = await buildApp(config);
  return { ...app, config: app.core.config };
}

beforeAll(async () => {
  if (!adminUrl) return;
  database = await createDatabase(adminUrl);
  // Started together: both migrate and generate at the same moment.
  [a, b] = await Promise.all([boot(), boot()]);
}, APPS_MS);
afterAll(async () => {
  await Promise.all([a?.app.close(), b?.app.close()]);
  await database?.drop();
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
}, 60_000);

describe.skipIf(!adminUrl)('secrets generated on PostgreSQL', () => {
  it(
    'are one pair for apps started at once, stored in the database, and taken again from it',
    async () => {
      expect(a.config.secrets.access.length).toBeGreaterThanOrEqual(32);
      expect(a.config.secrets).toEqual(b.config.secrets);
      expect(a.config.secrets.access).not.toBe(a.config.secrets.refresh);
      const rows = await a.core.db.selectFrom('appSecrets').select(['name', 'value']).orderBy('name').execute();
      expect(rows).toEqual([
        { name: 'jwt-access', value: a.config.secrets.access },
        { name: 'jwt-refresh', value: a.config.secrets.refresh },
      ]);
      // Nothing under the data directories: the database is the one place.
      for (const dir of dataDirs) expect(fs.existsSync(path.join(dir, 'secrets'))).toBe(false);
      // A later start reads them back.
      expect(await tokenSecrets({ secrets: {}, dataDir: dataDirs[0]! }, b.core.db, true)).toEqual(a.config.secrets);
      // Configured ones win.
      const given = { access: 'g'.repeat(40), refresh: 'h'.repeat(40) };
      expect(await tokenSecrets({ secrets: given, dataDir: dataDirs[0]! }, b.core.db, true)).toEqual(given);

      const owner = await createOwner(a);
      expect((await get(b, '/permissions/', authHeader(owner.access))).status).toBe(200);
    },
    APPS_MS,
  );

  it(
    'seal every signed NDA with one certificate, whichever app generates it',
    async () => {
      const load = (app: App & Harness) =>
        loadSigningKey({
          dataDir: app.config.dataDir,
          organisation: 'NDA Workspace',
          db: app.core.db,
          shared: true,
        });
      const [fromA, fromB] = await Promise.all([load(a), load(b)]);
      expect(fromA.p12.length).toBeGreaterThan(1000);
      expect(fromB).toEqual(fromA);
      expect(await load(b)).toEqual(fromA);
      const stored = await a.core.db
        .selectFrom('appSecrets')
        .select('name')
        .where('name', '=', 'signing-p12')
        .execute();
      expect(stored).toHaveLength(1);
      // The signing worker takes it: warming up seals a document with it.
      await b.core.signing.warm(1);
    },
    APPS_MS,
  );
});
