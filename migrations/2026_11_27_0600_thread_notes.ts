import { type Kysely, sql } from 'kysely';

// Internal notes: the sending team's own remarks on a thread. Kept apart from comments so that no read
// a recipient can reach (threads, comments, events, e-mails, the signed file) ever selects them.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('thread_notes')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('comment_thread_id', 'integer', (c) => c.notNull().references('comment_threads.id').onDelete('cascade'))
    .addColumn('author_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('thread_notes_thread_idx').on('thread_notes').column('comment_thread_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('thread_notes').execute();
}
