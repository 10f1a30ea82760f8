import { type Kysely, sql } from 'kysely';

// The NDA timetable: a deadline per project (a group may set its own; null inherits the project's),
// the project's reminder schedule, and each bidder's switch for reminder e-mails. A group's
// `expired_deadline` is the deadline whose passing was recorded (nda_expired), so an extended
// deadline that passes in turn is recorded again, and never twice. `nda_reminders` holds one row per
// recipient and NDA sent to them: how many reminders went out and when the last did; the reminder
// processor claims rows with FOR UPDATE SKIP LOCKED, so several server processes send each once.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('projects')
    .addColumn('nda_deadline', 'timestamptz')
    .addColumn('reminders_enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('reminders_first_after_days', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(5)
        .check(sql`reminders_first_after_days between 1 and 365`),
    )
    .addColumn('reminders_every_days', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(2)
        .check(sql`reminders_every_days between 1 and 365`),
    )
    .execute();
  await db.schema
    .alterTable('project_branches')
    .addColumn('nda_deadline', 'timestamptz')
    .addColumn('expired_deadline', 'timestamptz')
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('notify_reminders', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute();
  await db.schema
    .createTable('nda_reminders')
    .addColumn('signership_id', 'integer', (c) => c.notNull().references('signerships.id').onDelete('cascade'))
    .addColumn('nda_id', 'integer', (c) => c.notNull().references('ndas.id').onDelete('cascade'))
    .addColumn('sent_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_sent_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('nda_reminders_pkey', ['signership_id', 'nda_id'])
    .execute();
  await sql`create index nda_reminders_nda_idx on nda_reminders (nda_id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('nda_reminders').execute();
  await db.schema.alterTable('users').dropColumn('notify_reminders').execute();
  await db.schema.alterTable('project_branches').dropColumn('nda_deadline').dropColumn('expired_deadline').execute();
  await db.schema
    .alterTable('projects')
    .dropColumn('nda_deadline')
    .dropColumn('reminders_enabled')
    .dropColumn('reminders_first_after_days')
    .dropColumn('reminders_every_days')
    .execute();
}
