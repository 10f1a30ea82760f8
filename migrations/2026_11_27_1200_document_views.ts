import { type Kysely, sql } from 'kysely';

// Who read what. A `document_views` row is one opening of a deal document or of a group's NDA by a
// bidder: their sign-in session, the document, when it was opened and last seen; an opening ends after
// 30 minutes without a batch, and the next batch opens another. `document_view_pages` holds the visible
// seconds of each page of an opening, capped per opening (shared/engagement.ts). The sending team's own
// reading is not recorded. `engagement_digests` holds one row per project, adviser and week whose
// engagement e-mail was queued: the primary key makes two server processes send it once.
// `users.notify_engagement` is the adviser's switch for that e-mail.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('document_views')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('project_branch_id', 'integer', (c) => c.notNull().references('project_branches.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('session_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('deal_document_id', 'integer', (c) => c.references('deal_documents.id').onDelete('cascade'))
    .addColumn('nda_id', 'integer', (c) => c.references('ndas.id').onDelete('cascade'))
    .addColumn('opened_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('document_views_one_document', sql`(deal_document_id is null) <> (nda_id is null)`)
    .execute();
  await sql`create index document_views_branch_idx on document_views (project_branch_id, last_seen_at)`.execute(db);
  await sql`create index document_views_project_idx on document_views (project_id)`.execute(db);
  await sql`create index document_views_session_idx on document_views (session_id, last_seen_at)`.execute(db);
  await db.schema
    .createTable('document_view_pages')
    .addColumn('view_id', 'integer', (c) => c.notNull().references('document_views.id').onDelete('cascade'))
    .addColumn('page', 'integer', (c) => c.notNull().check(sql`page > 0`))
    .addColumn('seconds', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`seconds >= 0`),
    )
    .addPrimaryKeyConstraint('document_view_pages_pkey', ['view_id', 'page'])
    .execute();
  await db.schema
    .createTable('engagement_digests')
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('week_start', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('engagement_digests_pkey', ['project_id', 'user_id', 'week_start'])
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('notify_engagement', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('notify_engagement').execute();
  await db.schema.dropTable('engagement_digests').execute();
  await db.schema.dropTable('document_view_pages').execute();
  await db.schema.dropTable('document_views').execute();
}
