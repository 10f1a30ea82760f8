import { DEAL_DOCUMENT_MESSAGES, type DealDocumentDto } from '@shared/schemas/deal-documents.js';
import type { Core } from '@server/core.js';
import { AppError } from '@server/errors.js';
import type { Actor } from '@server/policies/actor.js';
import { authorizeDealDocument, documentReleases } from '@server/policies/deal-documents.js';
import { presentDealDocumentForTeam } from '@server/presenters/deal-document.js';
import { announceReleases } from './announce-releases.js';

/**
 * Releases a deal document to one group by hand, whatever its rule, for the project's managers: the
 * group's bidders get it now (event document_released by the manager, live message). The group must
 * be one of the project's whose NDA has been sent; releasing twice changes nothing.
 */
export async function releaseDealDocument(
  core: Core,
  {
    actor,
    projectId,
    documentId,
    projectBranchId,
    ip,
  }: { actor: Actor; projectId: number; documentId: number; projectBranchId: number; ip?: string },
): Promise<DealDocumentDto> {
  await authorizeDealDocument(core.db, actor, projectId, documentId, 'change');
  const row = await core.tx(async (tx) => {
    const group = await tx.db
      .selectFrom('projectBranches')
      .innerJoin('ndas', 'ndas.projectBranchId', 'projectBranches.id')
      .select('projectBranches.id')
      .where('projectBranches.id', '=', projectBranchId)
      .where('projectBranches.projectId', '=', projectId)
      .where('ndas.isSent', '=', true)
      .forUpdate()
      .executeTakeFirst();
    if (!group) throw AppError.fields('invalid_input', { projectBranch: DEAL_DOCUMENT_MESSAGES.noGroup });
    await tx.db
      .insertInto('dealDocumentReleases')
      .values({ documentId, projectBranchId, releasedById: actor.user.id })
      .onConflict((oc) => oc.columns(['documentId', 'projectBranchId']).doNothing())
      .execute();
    await announceReleases(core, tx, {
      projectId,
      branchIds: [projectBranchId],
      documentId,
      authorId: actor.user.id,
      ip,
    });
    return tx.db.selectFrom('dealDocuments').selectAll().where('id', '=', documentId).executeTakeFirstOrThrow();
  });
  return presentDealDocumentForTeam(row, await documentReleases(core.db, { projectId, documentId }));
}
