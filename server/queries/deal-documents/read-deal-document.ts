import type { DealDocumentDto } from '@shared/schemas/deal-documents.js';
import type { Core } from '@server/core.js';
import type { Actor } from '@server/policies/actor.js';
import { authorizeDealDocument, documentReleases } from '@server/policies/deal-documents.js';
import { presentDealDocumentForBidder, presentDealDocumentForTeam } from '@server/presenters/deal-document.js';
import type { BlobStream, RangeRequest } from '@server/services/blob-store.js';
import { openDealDocumentFile } from './watermarked-copy.js';

/** One deal document, as listDealDocuments presents it (404 to a bidder it has not reached). */
export async function getDealDocument(
  core: Core,
  { actor, projectId, documentId }: { actor: Actor; projectId: number; documentId: number },
): Promise<DealDocumentDto> {
  const found = await authorizeDealDocument(core.db, actor, projectId, documentId);
  if (found.releasedAt) return presentDealDocumentForBidder(found.document, found.releasedAt);
  return presentDealDocumentForTeam(found.document, await documentReleases(core.db, { projectId, documentId }));
}

/**
 * A deal document's file as a stream, however large (404 to a bidder it has not reached): the original
 * for the sending team, the bidder's own watermarked copy for a bidder (watermarked-copy.ts).
 */
export async function readDealDocumentFile(
  core: Core,
  {
    actor,
    projectId,
    documentId,
    ip,
    range,
  }: { actor: Actor; projectId: number; documentId: number; ip: string; range?: RangeRequest },
): Promise<{ file: BlobStream; filename: string }> {
  const { document, releasedAt } = await authorizeDealDocument(core.db, actor, projectId, documentId);
  const file = await openDealDocumentFile(core, { document, releasedAt, user: actor.user, ip, range });
  return { file, filename: document.fileName };
}
