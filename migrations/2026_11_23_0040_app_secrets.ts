import { type Kysely, sql } from 'kysely';

// Secrets the deployment generates for itself when configuration gives none (the token keys, the
// certificate that seals signed NDAs), kept once in the database so every server process uses the same.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('app_secrets')
    .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('app_secrets').execute();
}
