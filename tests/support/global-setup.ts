import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { connectDatabase } from '@server/db/connect.js';
import { migrateToLatest } from '@server/db/migrate.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data directory that startTestApp copies instead of creating a database (initdb costs seconds). */
    pgliteTemplate: string | null;
  }
}

/** Once per run: a migrated embedded database to copy. Not needed when the tests run on PostgreSQL. */
export default async function setup(project: TestProject): Promise<() => void> {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgliteTemplate', null);
    return () => {};
  }
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'nda-pglite-template-'));
  const dir = path.join(root, 'pglite');
  const db = await connectDatabase({ pgliteDir: dir });
  await migrateToLatest(db);
  await db.destroy();
  project.provide('pgliteTemplate', dir);
  return () => fs.rmSync(root, { recursive: true, force: true });
}
