import type { Core } from '@server/core.js';
import { AppError } from '@server/errors.js';
import type { Actor } from '@server/policies/actor.js';
import { authorizeKindDocument } from '@server/policies/deal-documents.js';
import type { ProjectFileKind } from '@server/policies/nda.js';
import type { Blob } from '@server/services/blob-store.js';

/**
 * A project's teaser or CIM: the deal document of that kind, as its release rule lets the actor see it
 * (policies/deal-documents.ts: managers always; a bidder once it is released to one of their groups).
 */
export async function readProjectFile(
  core: Core,
  { actor, projectId, kind }: { actor: Actor; projectId: number; kind: ProjectFileKind },
): Promise<{ blob: Blob; filename: string }> {
  const { document } = await authorizeKindDocument(core.db, actor, projectId, kind);
  const blob = await core.blobs.get(document.fileKey);
  if (!blob) throw AppError.notFound();
  return { blob, filename: document.fileName };
}
