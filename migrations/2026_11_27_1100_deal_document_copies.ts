import { type Kysely, sql } from 'kysely';

// Copies of deal documents stamped for one bidder (server/queries/deal-documents/watermarked-copy.ts):
// one per document and viewer, in the blob store at blob_key, made from the document's file at
// source_key (a copy of a replaced file is never served), and stamped with the time and IP of the
// viewer's first fetch of that file. Removed with the document or the user; their blobs are removed
// where the document's file is replaced or deleted (commands/deal-documents/drop-watermarked-copies.ts).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('deal_document_copies')
    .addColumn('document_id', 'integer', (c) => c.notNull().references('deal_documents.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('source_key', 'varchar(500)', (c) => c.notNull())
    .addColumn('blob_key', 'varchar(500)', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('stamped_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('pages', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('deal_document_copies_pkey', ['document_id', 'user_id'])
    .execute();
  await sql`create index deal_document_copies_user_idx on deal_document_copies (user_id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('deal_document_copies').execute();
}
