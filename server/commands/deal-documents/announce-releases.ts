import type { Core } from '@server/core.js';
import type { Tx } from '@server/db/transaction.js';
import { documentReleases } from '@server/policies/deal-documents.js';
import { presentDealDocumentForBidder } from '@server/presenters/deal-document.js';
import { publishDocumentReleased } from '@server/realtime/publishers/deal-documents.js';
import { recordEvent } from '../events/record-event.js';

/**
 * In the caller's transaction, once its rows are written: every deal document that has now reached one
 * of these groups and was not announced there yet gets a document_released event of the group (its
 * subject: the document; its author: who released it by hand, none when its rule did) and, after
 * commit, a live `document.released` to the group's bidders and the sending team. Called where a
 * release can happen: the NDA's sending and signatures, send_teaser turned on, a rule changed, a
 * document added, a hand release.
 */
export async function announceReleases(
  core: Core,
  tx: Tx,
  {
    projectId,
    branchIds,
    documentId,
    authorId = null,
    ip,
  }: { projectId: number; branchIds?: number[]; documentId?: number; authorId?: number | null; ip?: string },
): Promise<void> {
  const releases = await documentReleases(tx.db, { projectId, branchIds, documentId });
  if (releases.length === 0) return;
  const announced = await tx.db
    .selectFrom('events')
    .select(['projectBranchId', 'subjectId'])
    .where('projectId', '=', projectId)
    .where('status', '=', 'document_released')
    .where(
      'projectBranchId',
      'in',
      releases.map((r) => r.projectBranchId),
    )
    .execute();
  const seen = new Set(announced.map((e) => `${e.projectBranchId}:${e.subjectId}`));
  const fresh = releases.filter((r) => !seen.has(`${r.projectBranchId}:${r.documentId}`));
  if (fresh.length === 0) return;
  const [documents, ndas] = await Promise.all([
    tx.db
      .selectFrom('dealDocuments')
      .selectAll()
      .where(
        'id',
        'in',
        fresh.map((r) => r.documentId),
      )
      .execute(),
    tx.db
      .selectFrom('ndas')
      .select(['id', 'projectBranchId'])
      .where(
        'projectBranchId',
        'in',
        fresh.map((r) => r.projectBranchId),
      )
      .execute(),
  ]);
  for (const r of fresh) {
    const document = documents.find((d) => d.id === r.documentId);
    if (!document) continue;
    await recordEvent(core, tx, {
      projectId,
      projectBranchId: r.projectBranchId,
      authorId,
      status: 'document_released',
      ndaId: ndas.find((n) => n.projectBranchId === r.projectBranchId)?.id ?? null,
      subjectId: document.id,
      ip,
    });
    publishDocumentReleased(core, tx, {
      project: projectId,
      projectBranch: r.projectBranchId,
      document: presentDealDocumentForBidder(document, r.releasedAt),
    });
  }
}
