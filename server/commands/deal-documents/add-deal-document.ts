import { pdfDownloadName } from '@server/services/download-name.js';
import type { DealDocumentCreateInput, DealDocumentDto } from '@shared/schemas/deal-documents.js';
import type { Core } from '@server/core.js';
import type { Actor } from '@server/policies/actor.js';
import { documentReleases } from '@server/policies/deal-documents.js';
import { authorizeProject } from '@server/policies/project.js';
import { presentDealDocumentForTeam } from '@server/presenters/deal-document.js';
import { announceReleases } from './announce-releases.js';
import { type StagedUpload, storeDealDocumentFile } from './store-deal-document-file.js';

/**
 * Adds a deal document to a project, for its managers: the upload is checked by content and stored
 * (storeDealDocumentFile), then the row is written; the groups its rule already reaches get it at once
 * (announceReleases).
 */
export async function addDealDocument(
  core: Core,
  {
    actor,
    projectId,
    input,
    upload,
    ip,
  }: { actor: Actor; projectId: number; input: DealDocumentCreateInput; upload: StagedUpload | null; ip?: string },
): Promise<DealDocumentDto> {
  await authorizeProject(core.db, actor, projectId, 'change');
  const { key, size } = await storeDealDocumentFile(core, { projectId, upload });
  try {
    const row = await core.tx(async (tx) => {
      const inserted = await tx.db
        .insertInto('dealDocuments')
        .values({
          projectId,
          title: input.title,
          release: input.release,
          fileKey: key,
          fileName: pdfDownloadName(upload!.filename, input.title),
          fileSize: size,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await announceReleases(core, tx, { projectId, documentId: inserted.id, ip });
      return inserted;
    });
    return presentDealDocumentForTeam(row, await documentReleases(core.db, { projectId, documentId: row.id }));
  } catch (err) {
    await core.blobs.delete(key).catch(() => undefined);
    throw err;
  }
}
