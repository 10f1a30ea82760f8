import type { Core } from '@server/core.js';
import { AppError } from '@server/errors.js';
import type { Actor } from '@server/policies/actor.js';
import { authorizeProjectFile, type ProjectFileKind } from '@server/policies/nda.js';
import type { Blob } from '@server/services/blob-store.js';

/** A project's teaser or CIM (policy: managers always; a signer the teaser when sent to their group, the CIM once their NDA is signed). */
export async function readProjectFile(
  core: Core,
  { actor, projectId, kind }: { actor: Actor; projectId: number; kind: ProjectFileKind },
): Promise<{ blob: Blob; filename: string }> {
  const project = await authorizeProjectFile(core.db, actor, projectId, kind);
  const key = kind === 'teaser' ? project.teaserKey : project.cimKey;
  const blob = key ? await core.blobs.get(key) : null;
  if (!blob) throw AppError.notFound();
  return { blob, filename: (kind === 'teaser' ? project.teaserName : project.cimName) ?? `${kind}.pdf` };
}
