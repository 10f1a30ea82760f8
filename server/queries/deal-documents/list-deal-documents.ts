import type { DealDocumentDto } from '@shared/schemas/deal-documents.js';
import type { Core } from '@server/core.js';
import type { Actor } from '@server/policies/actor.js';
import { documentReleases, firstReleases } from '@server/policies/deal-documents.js';
import { authorizeProject } from '@server/policies/project.js';
import { presentDealDocumentForBidder, presentDealDocumentForTeam } from '@server/presenters/deal-document.js';

/**
 * A project's deal documents, oldest first: every one, with the groups each has reached, for the
 * sending team; for a bidder only those released to one of their groups, with when (nothing of the others).
 */
export async function listDealDocuments(
  core: Core,
  { actor, projectId }: { actor: Actor; projectId: number },
): Promise<DealDocumentDto[]> {
  const { access } = await authorizeProject(core.db, actor, projectId, 'view');
  const rows = await core.db
    .selectFrom('dealDocuments')
    .selectAll()
    .where('projectId', '=', projectId)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
  if (access !== 'signer') {
    const releases = await documentReleases(core.db, { projectId });
    return rows.map((row) => presentDealDocumentForTeam(row, releases));
  }
  const released = firstReleases(await documentReleases(core.db, { projectId, userId: actor.user.id }));
  return rows.flatMap((row) => {
    const at = released.get(row.id);
    return at ? [presentDealDocumentForBidder(row, at)] : [];
  });
}
