import { type Kysely, sql } from 'kysely';

// An NDA's or template's text split into clauses, once per document: keyed by the file's SHA-256, so a
// group's copy of the project NDA (which shares its file) shares its clauses and their keys.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('document_clauses')
    .addColumn('file_sha256', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('clauses', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('document_clauses').execute();
}
