import type { Kysely } from 'kysely';

// A user's job title, optional: signature tables ask for each signatory's title, and signing fills it in.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('job_title', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('job_title').execute();
}
