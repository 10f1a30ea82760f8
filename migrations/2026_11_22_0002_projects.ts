import { type Kysely, sql } from 'kysely';

// Projects, their members, NDA templates and documents, contacts, recipient groups, signerships and events.
export async function up(db: Kysely<any>): Promise<void> {
  const id = (t: any) => t.addColumn('id', 'integer', (c: any) => c.primaryKey().generatedByDefaultAsIdentity());
  const createdAt = (t: any) => t.addColumn('created_at', 'timestamptz', (c: any) => c.notNull().defaultTo(sql`now()`));

  await createdAt(
    id(db.schema.createTable('projects'))
      .addColumn('company_id', 'integer', (c: any) => c.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('owner_id', 'integer', (c: any) => c.notNull().references('users.id'))
      .addColumn('name', 'varchar(128)', (c: any) => c.notNull())
      .addColumn('summary', 'text', (c: any) => c.notNull().defaultTo(''))
      .addColumn('teaser_key', 'text')
      .addColumn('teaser_name', 'varchar(255)')
      .addColumn('cim_key', 'text')
      .addColumn('cim_name', 'varchar(255)')
      .addColumn('is_archived', 'boolean', (c: any) => c.notNull().defaultTo(false)),
  ).execute();
  await db.schema.createIndex('projects_company_idx').on('projects').column('company_id').execute();

  await db.schema
    .createTable('project_members')
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('project_members_pk', ['project_id', 'user_id'])
    .execute();
  await db.schema.createIndex('project_members_user_idx').on('project_members').column('user_id').execute();

  await createdAt(
    id(db.schema.createTable('nda_templates'))
      .addColumn('company_id', 'integer', (c: any) => c.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('created_by_id', 'integer', (c: any) => c.references('users.id').onDelete('set null'))
      .addColumn('name', 'varchar(255)', (c: any) => c.notNull())
      .addColumn('file_key', 'text', (c: any) => c.notNull())
      .addColumn('preview_key', 'text')
      .addColumn('page_count', 'integer', (c: any) => c.notNull().defaultTo(0)),
  ).execute();
  await db.schema.createIndex('nda_templates_company_idx').on('nda_templates').column('company_id').execute();

  await createdAt(
    id(db.schema.createTable('project_branches'))
      .addColumn('project_id', 'integer', (c: any) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('name', 'varchar(128)', (c: any) => c.notNull())
      .addColumn('color_status', 'varchar(8)', (c: any) => c.check(sql`color_status in ('red', 'yellow', 'green')`))
      .addColumn('allow_comments', 'boolean', (c: any) => c.notNull().defaultTo(true))
      .addColumn('send_teaser', 'boolean', (c: any) => c.notNull().defaultTo(false))
      .addColumn('inherit_nda_from_project', 'boolean', (c: any) => c.notNull().defaultTo(true)),
  ).execute();
  await db.schema.createIndex('project_branches_project_idx').on('project_branches').column('project_id').execute();

  // An NDA belongs to a project (the project NDA, project_branch_id null) or to one group (what is sent and signed).
  await createdAt(
    id(db.schema.createTable('ndas'))
      .addColumn('project_id', 'integer', (c: any) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('project_branch_id', 'integer', (c: any) => c.references('project_branches.id').onDelete('cascade'))
      .addColumn('template_id', 'integer', (c: any) => c.references('nda_templates.id').onDelete('set null'))
      .addColumn('name', 'varchar(255)', (c: any) => c.notNull())
      .addColumn('file_key', 'text', (c: any) => c.notNull())
      .addColumn('file_sha256', 'varchar(64)', (c: any) => c.notNull())
      .addColumn('page_count', 'integer', (c: any) => c.notNull())
      .addColumn('is_sent', 'boolean', (c: any) => c.notNull().defaultTo(false))
      .addColumn('is_recalled', 'boolean', (c: any) => c.notNull().defaultTo(false))
      .addColumn('is_signed', 'boolean', (c: any) => c.notNull().defaultTo(false))
      .addColumn('sent_at', 'timestamptz')
      .addColumn('signed_at', 'timestamptz')
      .addColumn('updated_at', 'timestamptz', (c: any) => c.notNull().defaultTo(sql`now()`)),
  ).execute();
  await sql`create unique index ndas_one_per_project on ndas (project_id) where project_branch_id is null`.execute(db);
  await sql`create unique index ndas_one_per_branch on ndas (project_branch_id) where project_branch_id is not null`.execute(
    db,
  );

  await createdAt(
    id(db.schema.createTable('signer_groups'))
      .addColumn('company_id', 'integer', (c: any) => c.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('name', 'varchar(128)', (c: any) => c.notNull()),
  ).execute();
  await db.schema
    .createTable('signer_group_users')
    .addColumn('signer_group_id', 'integer', (c) => c.notNull().references('signer_groups.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('signer_group_users_pk', ['signer_group_id', 'user_id'])
    .execute();
  await db.schema
    .createTable('project_branch_signer_groups')
    .addColumn('project_branch_id', 'integer', (c) => c.notNull().references('project_branches.id').onDelete('cascade'))
    .addColumn('signer_group_id', 'integer', (c) => c.notNull().references('signer_groups.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('project_branch_signer_groups_pk', ['project_branch_id', 'signer_group_id'])
    .execute();

  await createdAt(
    id(db.schema.createTable('signerships'))
      .addColumn('project_branch_id', 'integer', (c: any) =>
        c.notNull().references('project_branches.id').onDelete('cascade'),
      )
      .addColumn('user_id', 'integer', (c: any) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('color_status', 'varchar(8)', (c: any) => c.check(sql`color_status in ('red', 'yellow', 'green')`))
      .addColumn('rejected_at', 'timestamptz')
      .addColumn('signed_at', 'timestamptz'),
  ).execute();
  await sql`create unique index signerships_branch_user on signerships (project_branch_id, user_id)`.execute(db);
  await db.schema.createIndex('signerships_user_idx').on('signerships').column('user_id').execute();

  await createdAt(
    id(db.schema.createTable('contacts'))
      .addColumn('company_id', 'integer', (c: any) => c.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c: any) => c.references('users.id').onDelete('set null'))
      .addColumn('first_name', 'varchar(30)', (c: any) => c.notNull().defaultTo(''))
      .addColumn('last_name', 'varchar(30)', (c: any) => c.notNull().defaultTo(''))
      .addColumn('email', 'varchar(254)', (c: any) => c.notNull())
      .addColumn('company_name', 'varchar(255)', (c: any) => c.notNull().defaultTo('')),
  ).execute();
  await sql`create unique index contacts_company_email on contacts (company_id, lower(email))`.execute(db);

  await createdAt(
    id(db.schema.createTable('events'))
      .addColumn('project_id', 'integer', (c: any) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('project_branch_id', 'integer', (c: any) => c.references('project_branches.id').onDelete('set null'))
      .addColumn('author_id', 'integer', (c: any) => c.references('users.id').onDelete('set null'))
      .addColumn('status', 'varchar(32)', (c: any) => c.notNull())
      .addColumn('nda_id', 'integer')
      .addColumn('subject_id', 'integer')
      .addColumn('ip', 'varchar(64)', (c: any) => c.notNull().defaultTo('')),
  ).execute();
  await db.schema.createIndex('events_project_idx').on('events').columns(['project_id', 'id']).execute();
  await db.schema.createIndex('events_branch_idx').on('events').columns(['project_branch_id', 'id']).execute();

  await db.schema
    .createTable('event_reads')
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('event_reads_pk', ['event_id', 'user_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'event_reads',
    'events',
    'contacts',
    'signerships',
    'project_branch_signer_groups',
    'signer_group_users',
    'signer_groups',
    'ndas',
    'project_branches',
    'nda_templates',
    'project_members',
    'projects',
  ]) {
    await db.schema.dropTable(t).execute();
  }
}
