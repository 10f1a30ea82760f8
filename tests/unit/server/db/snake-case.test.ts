import {
  CamelCasePlugin,
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  sql,
} from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '@server/db/connect.js';
import { CamelCaseRows, SnakeCasePostgresDialect } from '@server/db/snake-case.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/** Kysely's own plugin, which renames by copying the tree: what the compiler must write the same as. */
const plugin: AnyDb = new Kysely({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
  plugins: [new CamelCasePlugin()],
});
// The pool is never connected: these queries are only compiled.
const ours: AnyDb = new Kysely({
  dialect: new SnakeCasePostgresDialect({ pool: {} as never }),
  plugins: [new CamelCaseRows()],
});

const queries: Record<string, (db: AnyDb) => { compile(): { sql: string; parameters: readonly unknown[] } }> = {
  'a join with aliases, a subquery and a lock': (db) =>
    db
      .selectFrom('commentThreads')
      .innerJoin('ndas', 'ndas.id', 'commentThreads.ndaId')
      .select(['commentThreads.negotiationStatus', 'ndas.projectBranchId as branchId'])
      .select((eb) =>
        eb
          .exists(eb.selectFrom('signerships').whereRef('signerships.projectBranchId', '=', 'ndas.projectBranchId'))
          .as('hasSigners'),
      )
      .where('commentThreads.id', '=', 7)
      .forUpdate(['commentThreads']),
  'an insert in a CTE, read back with joins': (db) =>
    db
      .with('e', (w) => w.insertInto('events').values({ projectId: 1, authorId: 2 }).returningAll())
      .selectFrom('e')
      .leftJoin('users', 'users.id', 'e.authorId')
      .selectAll('e')
      .select('users.firstName as authorFirstName'),
  'an update with a raw fragment and a reference': (db) =>
    db
      .updateTable('commentThreads')
      .set({ negotiationStatus: 'unresolved', updatedAt: sql`now()` })
      .where(sql.ref('commentThreads.ndaId'), '=', 3)
      .returning('updatedAt'),
  'a table definition': (db) =>
    db.schema.createTable('reportMonths').addColumn('projectBranchId', 'integer', (c) => c.notNull()),
};

describe('snake_case names written by the compiler', () => {
  for (const [name, build] of Object.entries(queries))
    it(`compiles ${name} as Kysely's plugin does`, () => {
      const expected = build(plugin).compile();
      const actual = build(ours).compile();
      expect(actual.sql).toBe(expected.sql);
      expect(actual.parameters).toEqual(expected.parameters);
      expect(actual.sql).not.toMatch(/"[a-z]+[A-Z]/);
    });
});

describe('rows from the database', () => {
  let db: AnyDb;
  beforeAll(async () => {
    db = await connectDatabase({ pgliteDir: 'memory://' });
    await sql`create table deal_notes (id serial primary key, nda_id integer, note_text text)`.execute(db);
  });
  afterAll(async () => {
    await db?.destroy();
  });

  it('are written through camelCase names and come back with camelCase keys', async () => {
    await db.insertInto('dealNotes').values({ ndaId: 4, noteText: 'Term: two years.' }).execute();
    const row = await db.selectFrom('dealNotes').select(['ndaId', 'noteText as text']).executeTakeFirstOrThrow();
    expect(row).toEqual({ ndaId: 4, text: 'Term: two years.' });
    const raw = await sql<Record<string, unknown>>`select nda_id, note_text from deal_notes`.execute(db);
    expect(raw.rows).toEqual([{ ndaId: 4, noteText: 'Term: two years.' }]);
  });
});
