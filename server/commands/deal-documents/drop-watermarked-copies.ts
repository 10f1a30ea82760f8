import type { Core } from '@server/core.js';
import type { Tx } from '@server/db/transaction.js';

/**
 * In the caller's transaction, where a deal document's file is replaced or the document deleted: its
 * bidders' watermarked copies (queries/deal-documents/watermarked-copy.ts) are forgotten, and their
 * files deleted after commit. The document's row is locked first, so a copy being kept meanwhile is
 * either seen here or, kept after, finds the file changed and is not kept.
 */
export async function dropWatermarkedCopies(
  core: Core,
  tx: Tx,
  which: { documentId: number } | { projectId: number; kind: 'teaser' | 'cim' },
): Promise<void> {
  let documents = tx.db.selectFrom('dealDocuments').select('id');
  documents =
    'documentId' in which
      ? documents.where('id', '=', which.documentId)
      : documents.where('projectId', '=', which.projectId).where('kind', '=', which.kind);
  const ids = (await documents.forUpdate().execute()).map((d) => d.id);
  if (ids.length === 0) return;
  const dropped = await tx.db
    .deleteFrom('dealDocumentCopies')
    .where('documentId', 'in', ids)
    .returning('blobKey')
    .execute();
  for (const { blobKey } of dropped) tx.afterCommit(() => core.blobs.delete(blobKey));
}
