import { type Kysely, sql } from 'kysely';

// The sending team's own parts of a negotiation, kept in tables of their own so that no read a
// recipient can reach (threads, comments, events, e-mails, the signed file) ever selects them:
// - internal notes on a thread;
// - internal approval of proposals, a project setting: a team member's counter-proposal that is not a
//   playbook wording waits in held_proposals until an approver (the company's owner, the project's
//   owner, or a project member given can_approve) releases it (it then becomes a reply and a thread
//   proposal marked 'released') or discards it.
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

  await db.schema
    .alterTable('projects')
    .addColumn('proposal_approval', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema
    .alterTable('project_members')
    .addColumn('can_approve', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema
    .alterTable('thread_proposals')
    .addColumn('approval', 'varchar(16)', (c) => c.check(sql`approval in ('released')`))
    .execute();
  await db.schema
    .createTable('held_proposals')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('comment_thread_id', 'integer', (c) => c.notNull().references('comment_threads.id').onDelete('cascade'))
    .addColumn('author_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('proposal', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('held_proposals_thread_idx').on('held_proposals').column('comment_thread_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('held_proposals').execute();
  await db.schema.alterTable('thread_proposals').dropColumn('approval').execute();
  await db.schema.alterTable('project_members').dropColumn('can_approve').execute();
  await db.schema.alterTable('projects').dropColumn('proposal_approval').execute();
  await db.schema.dropTable('thread_notes').execute();
}
