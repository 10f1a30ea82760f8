import { type Kysely, sql } from 'kysely';

// Accounts, sessions, one-time tokens, rate-limit attempts and the e-mail outbox.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('companies')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('address', 'varchar(512)', (c) => c.notNull().defaultTo(''))
    .addColumn('registration_number', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('vat', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('owner_id', 'integer')
    .addColumn('extra_members', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('extra_projects', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('password_hash', 'text')
    .addColumn('first_name', 'varchar(30)', (c) => c.notNull().defaultTo(''))
    .addColumn('last_name', 'varchar(30)', (c) => c.notNull().defaultTo(''))
    .addColumn('location', 'varchar(512)', (c) => c.notNull().defaultTo(''))
    .addColumn('linkedin_link', 'varchar(512)', (c) => c.notNull().defaultTo(''))
    .addColumn('country', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('language', 'varchar(8)', (c) => c.notNull().defaultTo('en'))
    .addColumn('avatar_key', 'text')
    .addColumn('sign_key', 'text')
    .addColumn('company_id', 'integer', (c) => c.references('companies.id').onDelete('set null'))
    .addColumn('role', 'varchar(16)', (c) => c.notNull().check(sql`role in ('owner', 'member', 'signer')`))
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_deleted', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('invited_by_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('invited_with', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('referral_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('last_seen_event_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('activated_at', 'timestamptz')
    .execute();
  await sql`create unique index users_email_unique on users (lower(email))`.execute(db);
  await db.schema.createIndex('users_company_idx').on('users').column('company_id').execute();
  await db.schema
    .alterTable('companies')
    .addForeignKeyConstraint('companies_owner_fk', ['owner_id'], 'users', ['id'])
    .onDelete('set null')
    .execute();

  await db.schema
    .createTable('one_time_tokens')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'varchar(32)', (c) => c.notNull())
    .addColumn('token_hash', 'varchar(128)', (c) => c.notNull().unique())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('one_time_tokens_user_idx')
    .on('one_time_tokens')
    .columns(['user_id', 'purpose'])
    .execute();

  await db.schema
    .createTable('refresh_tokens')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('family_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('token_hash', 'varchar(128)', (c) => c.notNull().unique())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('replaced_by_id', 'integer')
    .addColumn('ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('refresh_tokens_family_idx').on('refresh_tokens').column('family_id').execute();
  await db.schema.createIndex('refresh_tokens_user_idx').on('refresh_tokens').column('user_id').execute();

  await db.schema
    .createTable('auth_attempts')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('scope', 'varchar(32)', (c) => c.notNull())
    .addColumn('key', 'varchar(320)', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('auth_attempts_lookup_idx')
    .on('auth_attempts')
    .columns(['scope', 'key', 'created_at'])
    .execute();

  await db.schema
    .createTable('outbox_emails')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('to_address', 'varchar(254)', (c) => c.notNull())
    .addColumn('subject', 'varchar(255)', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('html_body', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_error', 'text')
    .addColumn('transport', 'varchar(16)')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('sent_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('outbox_emails_pending_idx')
    .on('outbox_emails')
    .columns(['status', 'next_attempt_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('outbox_emails').execute();
  await db.schema.dropTable('auth_attempts').execute();
  await db.schema.dropTable('refresh_tokens').execute();
  await db.schema.dropTable('one_time_tokens').execute();
  await db.schema.alterTable('companies').dropConstraint('companies_owner_fk').execute();
  await db.schema.dropTable('users').execute();
  await db.schema.dropTable('companies').execute();
}
