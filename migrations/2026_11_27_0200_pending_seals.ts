import { type Kysely, sql } from 'kysely';

// A signed NDA whose seal waits for a timestamp authority: the NDA says so (seal_pending), and a row
// of pending_seals holds the prepared file, when to try again and why the last try failed.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('ndas')
    .addColumn('seal_pending', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema
    .createTable('pending_seals')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('nda_id', 'integer', (c) => c.notNull().unique().references('ndas.id').onDelete('cascade'))
    .addColumn('file_key', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('pending_seals_due_idx').on('pending_seals').column('next_attempt_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('pending_seals').execute();
  await db.schema.alterTable('ndas').dropColumn('seal_pending').execute();
}
