import type { DealDocumentDto, DealDocumentUpdateInput } from '@shared/schemas/deal-documents.js';
import type { Core } from '@server/core.js';
import type { Actor } from '@server/policies/actor.js';
import { authorizeDealDocument, documentReleases } from '@server/policies/deal-documents.js';
import { presentDealDocumentForTeam } from '@server/presenters/deal-document.js';
import { announceReleases } from './announce-releases.js';
import { dropWatermarkedCopies } from './drop-watermarked-copies.js';

interface Target {
  actor: Actor;
  projectId: number;
  documentId: number;
  ip?: string;
}

/**
 * Renames a deal document or changes its release rule, for the project's managers. A rule that now
 * reaches more groups releases the document to them at once. The CIM's "signed" or "executed" is the
 * project's releaseDocumentsOn, so changing one changes the other.
 */
export async function updateDealDocument(
  core: Core,
  { actor, projectId, documentId, input, ip }: Target & { input: DealDocumentUpdateInput },
): Promise<DealDocumentDto> {
  const { document } = await authorizeDealDocument(core.db, actor, projectId, documentId, 'change');
  const row = await core.tx(async (tx) => {
    if (document.kind === 'cim' && (input.release === 'signed' || input.release === 'executed'))
      await tx.db
        .updateTable('projects')
        .set({ releaseDocumentsOn: input.release === 'signed' ? 'recipient_signed' : 'executed' })
        .where('id', '=', projectId)
        .execute();
    const updated = await tx.db
      .updateTable('dealDocuments')
      .set({ title: input.title ?? document.title, release: input.release ?? document.release })
      .where('id', '=', documentId)
      .returningAll()
      .executeTakeFirstOrThrow();
    await announceReleases(core, tx, { projectId, documentId, ip });
    return updated;
  });
  return presentDealDocumentForTeam(row, await documentReleases(core.db, { projectId, documentId }));
}

/**
 * Deletes a deal document, its file and its bidders' watermarked copies, for the project's managers. The teaser and the CIM are the
 * project's files: deleting one clears it on the project too.
 */
export async function deleteDealDocument(core: Core, { actor, projectId, documentId }: Target): Promise<void> {
  const { document } = await authorizeDealDocument(core.db, actor, projectId, documentId, 'change');
  await core.tx(async (tx) => {
    await dropWatermarkedCopies(core, tx, { documentId });
    if (document.kind === 'teaser')
      await tx.db
        .updateTable('projects')
        .set({ teaserKey: null, teaserName: null })
        .where('id', '=', projectId)
        .execute();
    else if (document.kind === 'cim')
      await tx.db.updateTable('projects').set({ cimKey: null, cimName: null }).where('id', '=', projectId).execute();
    await tx.db.deleteFrom('dealDocuments').where('id', '=', documentId).execute();
    tx.afterCommit(() => core.blobs.delete(document.fileKey));
  });
}
