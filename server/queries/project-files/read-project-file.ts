import type { Core } from '@server/core.js';
import type { Actor } from '@server/policies/actor.js';
import { authorizeKindDocument } from '@server/policies/deal-documents.js';
import type { ProjectFileKind } from '@server/policies/nda.js';
import type { BlobStream, RangeRequest } from '@server/services/blob-store.js';
import { openDealDocumentFile } from '../deal-documents/watermarked-copy.js';

/**
 * A project's teaser or CIM: the deal document of that kind, as its release rule lets the actor see it
 * (policies/deal-documents.ts: managers always; a bidder once it is released to one of their groups),
 * and as every deal document is served: a bidder gets their own watermarked copy.
 */
export async function readProjectFile(
  core: Core,
  {
    actor,
    projectId,
    kind,
    ip,
    range,
  }: { actor: Actor; projectId: number; kind: ProjectFileKind; ip: string; range?: RangeRequest },
): Promise<{ file: BlobStream; filename: string }> {
  const { document, releasedAt } = await authorizeKindDocument(core.db, actor, projectId, kind);
  const file = await openDealDocumentFile(core, { document, releasedAt, user: actor.user, ip, range });
  return { file, filename: document.fileName };
}
