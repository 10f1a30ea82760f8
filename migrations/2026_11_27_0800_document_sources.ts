import { type Kysely, sql } from 'kysely';

// The word-processor source of an NDA's or template's document, once per document: keyed by the SHA-256
// of the PDF used for review (like document_clauses), so a group's copy of the project NDA and an NDA
// made from a template reach the same DOCX. `origin` says how it was made: the DOCX as uploaded, a DOC
// or ODT converted to DOCX, or a DOCX built from the clauses of a PDF upload.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('document_sources')
    .addColumn('file_sha256', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('blob_key', 'varchar(255)', (c) => c.notNull())
    .addColumn('origin', 'varchar(16)', (c) => c.notNull().check(sql`origin in ('uploaded', 'converted', 'built')`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('document_sources').execute();
}
