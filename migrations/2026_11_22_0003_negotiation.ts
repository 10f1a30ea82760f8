import { type Kysely, sql } from 'kysely';

// Comment threads with their pointers, comments and negotiation moves; the signed file of an NDA.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('comment_threads')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('nda_id', 'integer', (c) => c.notNull().references('ndas.id').onDelete('cascade'))
    .addColumn('author_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('negotiation_status', 'varchar(48)', (c) => c.notNull().defaultTo('unresolved'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('comment_threads_nda_idx').on('comment_threads').column('nda_id').execute();

  await db.schema
    .createTable('pointers')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('comment_thread_id', 'integer', (c) => c.notNull().references('comment_threads.id').onDelete('cascade'))
    .addColumn('page', 'integer', (c) => c.notNull().check(sql`page >= 1`))
    .addColumn('x', 'double precision', (c) => c.notNull().check(sql`x >= 0 and x <= 1`))
    .addColumn('y', 'double precision', (c) => c.notNull().check(sql`y >= 0 and y <= 1`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('pointers_thread_idx').on('pointers').column('comment_thread_id').execute();

  await db.schema
    .createTable('comments')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('comment_thread_id', 'integer', (c) => c.notNull().references('comment_threads.id').onDelete('cascade'))
    .addColumn('author_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('comments_thread_idx').on('comments').column('comment_thread_id').execute();

  await db.schema
    .createTable('negotiations')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('comment_thread_id', 'integer', (c) => c.notNull().references('comment_threads.id').onDelete('cascade'))
    .addColumn('author_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('side', 'varchar(16)', (c) => c.notNull())
    .addColumn('move', 'varchar(16)', (c) => c.notNull())
    .addColumn('from_status', 'varchar(48)', (c) => c.notNull())
    .addColumn('to_status', 'varchar(48)', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('negotiations_thread_idx').on('negotiations').column('comment_thread_id').execute();

  await db.schema
    .alterTable('ndas')
    .addColumn('signed_file_key', 'text')
    .addColumn('signed_by_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('ndas').dropColumn('signed_file_key').dropColumn('signed_by_id').execute();
  for (const t of ['negotiations', 'comments', 'pointers', 'comment_threads']) await db.schema.dropTable(t).execute();
}
