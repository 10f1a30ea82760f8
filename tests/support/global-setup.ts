import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { connectDatabase } from '@server/db/connect.js';
import { migrateToLatest } from '@server/db/migrate.js';
import { buildServer, serverIsStale } from '../../scripts/build.mjs';
import { createDatabase } from './server-process.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data directory that startTestApp copies instead of creating a database (initdb costs seconds). */
    pgliteTemplate: string | null;
    /** With TEST_DATABASE_URL: the migrated PostgreSQL database startTestApp's databases are copied from. */
    postgresTemplate: string | null;
  }
}

/**
 * Once per run: the compiled server that tests start as processes (server-process.ts), built when
 * older than its sources, and a migrated database to copy, embedded or on the PostgreSQL of
 * TEST_DATABASE_URL.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (serverIsStale()) await buildServer();
  const admin = process.env.TEST_DATABASE_URL;
  if (admin) {
    const template = await createDatabase(admin);
    const db = await connectDatabase({ databaseUrl: template.url });
    await migrateToLatest(db);
    await db.destroy();
    project.provide('pgliteTemplate', null);
    project.provide('postgresTemplate', template.name);
    return () => template.drop();
  }
  project.provide('postgresTemplate', null);
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'nda-pglite-template-'));
  const dir = path.join(root, 'pglite');
  const db = await connectDatabase({ pgliteDir: dir });
  await migrateToLatest(db);
  await db.destroy();
  project.provide('pgliteTemplate', dir);
  return async () => fs.rmSync(root, { recursive: true, force: true });
}
