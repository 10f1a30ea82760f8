import { type DocumentClause, splitClauses } from '@shared/clause-split.js';
import type { Core } from '@server/core.js';
import { readPdfText } from '@server/services/pdf-text.js';

/**
 * A document's clauses, split once per file (by its SHA-256) and kept in document_clauses: read when
 * stored, else split from `pdf` (or the blob at `fileKey`) and kept. Never inside a transaction: it
 * reads the PDF's text. A document whose text cannot be read has no clauses.
 */
export async function documentClauses(
  core: Core,
  doc: { fileSha256: string; pdf?: Buffer; fileKey?: string },
): Promise<DocumentClause[]> {
  const stored = await core.db
    .selectFrom('documentClauses')
    .select('clauses')
    .where('fileSha256', '=', doc.fileSha256)
    .executeTakeFirst();
  if (stored) return stored.clauses as DocumentClause[];
  const pdf = doc.pdf ?? (doc.fileKey ? (await core.blobs.get(doc.fileKey))?.body : undefined);
  if (!pdf) return [];
  const clauses = splitClauses(await readPdfText(pdf));
  await core.db
    .insertInto('documentClauses')
    .values({ fileSha256: doc.fileSha256, clauses: JSON.stringify(clauses) })
    .onConflict((oc) => oc.column('fileSha256').doNothing())
    .execute();
  return clauses;
}
