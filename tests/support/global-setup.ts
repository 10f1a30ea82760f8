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
 * Once per run: a folder for the run's temporary files, the compiled server that tests start as
 * processes (server-process.ts), built when older than its sources, and a migrated database to copy,
 * embedded or on the PostgreSQL of TEST_DATABASE_URL.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const tmp = useMemoryTmpdir();
  if (serverIsStale()) await buildServer();
  const admin = process.env.TEST_DATABASE_URL;
  if (admin) {
    const template = await createDatabase(admin);
    const db = await connectDatabase({ databaseUrl: template.url });
    await migrateToLatest(db);
    await db.destroy();
    project.provide('pgliteTemplate', null);
    project.provide('postgresTemplate', template.name);
    return async () => {
      await template.drop();
      tmp.remove();
    };
  }
  project.provide('postgresTemplate', null);
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'nda-pglite-template-'));
  const dir = path.join(root, 'pglite');
  const db = await connectDatabase({ pgliteDir: dir });
  await migrateToLatest(db);
  await db.destroy();
  project.provide('pgliteTemplate', dir);
  return async () => {
    fs.rmSync(root, { recursive: true, force: true });
    tmp.remove();
  };
}

/**
 * Every test app copies a 41 MB PGlite and writes its files under os.tmpdir(). On a disk that is
 * gigabytes written and discarded per run, and the copies alone took a sixth of the PGlite pass's
 * time; in memory (tmpfs) a copy takes 0.04 s instead of 0.2 to 0.7. The run's temporary files go to
 * a folder of their own there when the machine has /dev/shm: the test workers and every process they
 * start inherit TMPDIR, which os.tmpdir() reads.
 */
function useMemoryTmpdir(): { remove(): void } {
  const shm = '/dev/shm';
  let dir: string;
  try {
    fs.accessSync(shm, fs.constants.W_OK);
    dir = fs.mkdtempSync(path.join(shm, 'nda-tests-'));
  } catch {
    return { remove: () => {} };
  }
  const previous = process.env.TMPDIR;
  process.env.TMPDIR = dir;
  return {
    remove() {
      if (previous === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = previous;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
