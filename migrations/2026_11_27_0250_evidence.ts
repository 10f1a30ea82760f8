import type { Kysely } from 'kysely';

// Evidence of what was signed and seen: the SHA-256 of a document as uploaded beside the cleaned copy
// stored, the SHA-256 of the signed file issued, and the browser each event came from.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('ndas')
    .addColumn('uploaded_sha256', 'varchar(64)')
    .addColumn('signed_sha256', 'varchar(64)')
    .execute();
  await db.schema.createIndex('ndas_signed_sha256_idx').on('ndas').column('signed_sha256').execute();
  await db.schema.alterTable('nda_templates').addColumn('uploaded_sha256', 'varchar(64)').execute();
  await db.schema
    .alterTable('events')
    .addColumn('user_agent', 'varchar(512)', (c) => c.notNull().defaultTo(''))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('events').dropColumn('user_agent').execute();
  await db.schema.alterTable('nda_templates').dropColumn('uploaded_sha256').execute();
  await db.schema.dropIndex('ndas_signed_sha256_idx').execute();
  await db.schema.alterTable('ndas').dropColumn('uploaded_sha256').dropColumn('signed_sha256').execute();
}
