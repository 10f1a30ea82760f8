import { type Kysely, sql } from 'kysely';

// One row per Word mark-up whose threads were created on an NDA, keyed by the DOCX's SHA-256 so the
// same file confirmed twice creates its threads once. `on_behalf_of` names the bidder's company when
// the sending team imported it for them (null when a signer of the group imported it). Threads made by
// an import point at it, so each can say where it came from.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('redline_imports')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('nda_id', 'integer', (c) => c.notNull().references('ndas.id').onDelete('cascade'))
    .addColumn('file_sha256', 'varchar(64)', (c) => c.notNull())
    .addColumn('imported_by_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('on_behalf_of', 'varchar(255)')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('redline_imports_nda_file', ['nda_id', 'file_sha256'])
    .execute();
  await db.schema
    .alterTable('comment_threads')
    .addColumn('redline_import_id', 'integer', (c) => c.references('redline_imports.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('comment_threads_redline_import')
    .on('comment_threads')
    .column('redline_import_id')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('comment_threads').dropColumn('redline_import_id').execute();
  await db.schema.dropTable('redline_imports').execute();
}
