import fs from 'node:fs';
import path from 'node:path';
import { Kysely } from 'kysely';
import pg from 'pg';
import { claimDataDir } from './pglite-lock.js';
import type { Database } from './schema.js';
import { camelCaseRows, SnakeCasePGliteDialect, SnakeCasePostgresDialect } from './snake-case.js';

// int8 (count(*), sums) as JS numbers: our counts stay far below 2^53.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));

export type Db = Kysely<Database>;

export interface DbTarget {
  /** postgres://... ; when absent an embedded PGlite database is used. */
  databaseUrl?: string;
  /** Folder for PGlite's files; 'memory://' keeps it in memory (tests). */
  pgliteDir?: string;
  onIdleError?: (err: Error) => void;
}

export async function connectDatabase(target: DbTarget): Promise<Db> {
  const plugins = [camelCaseRows];
  if (target.databaseUrl) {
    const pool = new pg.Pool({ connectionString: target.databaseUrl, max: 10 });
    // An idle connection dropped by the server (restart, failover) is replaced by the pool on next use;
    // without a listener its error would be unhandled and end the process.
    pool.on('error', (err) => target.onIdleError?.(err));
    return new Kysely<Database>({ dialect: new SnakeCasePostgresDialect({ pool }), plugins });
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const dir = target.pgliteDir ?? 'memory://';
  if (!dir.startsWith('memory://')) fs.mkdirSync(path.dirname(path.resolve(dir)), { recursive: true });
  const release = dir.startsWith('memory://') ? () => {} : claimDataDir(dir);
  let pglite: InstanceType<typeof PGlite>;
  try {
    pglite = await PGlite.create(dir, { parsers: { 20: (v: string) => Number.parseInt(v, 10) } });
  } catch (err) {
    release();
    throw err;
  }
  // Kysely closes the PGlite when the database is destroyed: the directory's claim ends with it.
  const close = pglite.close.bind(pglite);
  pglite.close = async () => {
    try {
      await close();
    } finally {
      release();
    }
  };
  // The dialect serialises queries: PGlite is one connection, so one transaction runs at a time.
  return new Kysely<Database>({ dialect: new SnakeCasePGliteDialect({ pglite }), plugins });
}
