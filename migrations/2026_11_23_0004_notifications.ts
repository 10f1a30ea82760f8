import { type Kysely, sql } from 'kysely';

// E-mail notifications: each user's choice of what to hear about, extra headers on queued e-mails
// (List-Unsubscribe), and the durable queue of items waiting to be sent as one digest per user.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('notify_negotiation', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('notify_outcomes', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute();
  // A JSON object of header name to value, sent with the e-mail as written.
  await db.schema.alterTable('outbox_emails').addColumn('headers', 'text').execute();

  await db.schema
    .createTable('notifications')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(16)', (c) => c.notNull().check(sql`kind in ('negotiation', 'outcomes')`))
    .addColumn('event_id', 'integer', (c) => c.references('events.id').onDelete('cascade'))
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('project_branch_id', 'integer', (c) => c.notNull().references('project_branches.id').onDelete('cascade'))
    .addColumn('nda_id', 'integer', (c) => c.notNull().references('ndas.id').onDelete('cascade'))
    .addColumn('text', 'text', (c) => c.notNull())
    // pending until the digest goes; then sent, seen (the person had the NDA open) or skipped (turned off).
    .addColumn('status', 'varchar(16)', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'sent', 'seen', 'skipped')`),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('sent_at', 'timestamptz')
    .execute();
  await sql`create index notifications_pending_idx on notifications (user_id, created_at) where status = 'pending'`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('notifications').execute();
  await db.schema.alterTable('outbox_emails').dropColumn('headers').execute();
  await db.schema.alterTable('users').dropColumn('notify_negotiation').dropColumn('notify_outcomes').execute();
}
