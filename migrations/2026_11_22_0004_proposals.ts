import { type Kysely, sql } from 'kysely';

// The clause a thread quotes, and the wording proposed on it: by the thread's opening (no comment) or
// by a reply (its comment). A proposal is on the record: deleting its reply keeps it.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('comment_threads').addColumn('quote', 'text').execute();
  await db.schema
    .createTable('thread_proposals')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('comment_thread_id', 'integer', (c) => c.notNull().references('comment_threads.id').onDelete('cascade'))
    .addColumn('comment_id', 'integer', (c) => c.references('comments.id').onDelete('set null'))
    .addColumn('author_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('thread_proposals_thread_idx')
    .on('thread_proposals')
    .columns(['comment_thread_id', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('thread_proposals').execute();
  await db.schema.alterTable('comment_threads').dropColumn('quote').execute();
}
