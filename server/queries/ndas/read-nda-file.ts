import { ndaFilename, signedNdaFilename } from '@shared/signed-files.js';
import type { Core } from '@server/core.js';
import { AppError } from '@server/errors.js';
import type { Actor } from '@server/policies/actor.js';
import { authorizeNda } from '@server/policies/nda.js';
import type { Blob } from '@server/services/blob-store.js';

/**
 * The PDF of an NDA: managers always; a signer of its group once sent and while not recalled (policy).
 * A signed NDA answers its sealed PDF, named for its project, group and NDA, unless the original is
 * asked for.
 */
export async function readNdaFile(
  core: Core,
  { actor, ndaId, ...options }: { actor: Actor; ndaId: number; original?: boolean },
) {
  const authorized = await authorizeNda(core.db, actor, ndaId, 'read_file');
  const { nda, project } = authorized;
  const signed = nda.isSigned && nda.signedFileKey !== null && !options.original;
  const blob: Blob | null = await core.blobs.get(signed ? nda.signedFileKey! : nda.fileKey);
  if (!blob) throw AppError.notFound();
  const group =
    signed && nda.projectBranchId !== null
      ? await core.db
          .selectFrom('projectBranches')
          .select('name')
          .where('id', '=', nda.projectBranchId)
          .executeTakeFirstOrThrow()
      : null;
  const filename =
    signed && group
      ? signedNdaFilename({ project: project.name, group: group.name, nda: nda.name })
      : ndaFilename(nda.name);
  return { blob, filename, ...authorized };
}
