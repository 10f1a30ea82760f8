import { ndaFilename, signedNdaFilename } from '@shared/signed-files.js';
import { SIGNING_MESSAGES } from '@shared/signing.js';
import type { Core } from '@server/core.js';
import { AppError } from '@server/errors.js';
import type { Actor } from '@server/policies/actor.js';
import { authorizeNda } from '@server/policies/nda.js';
import type { ProjectAccess } from '@server/policies/project.js';
import { recipientGroupName } from '@server/presenters/branch.js';
import type { Blob } from '@server/services/blob-store.js';

/**
 * The PDF of an NDA: managers always; a signer of its group once sent and while not recalled (policy).
 * A signed NDA answers its sealed PDF, named for its project, group and NDA, unless the original is
 * asked for. A recipient's file is named for their own company, never for the sending team's group label.
 * While its seal is pending (no timestamp authority answered yet) there is no signed file to give: 409,
 * never the prepared, unsealed file under the signed file's name; the original is still there.
 */
export async function readNdaFile(
  core: Core,
  { actor, ndaId, ...options }: { actor: Actor; ndaId: number; original?: boolean },
) {
  const authorized = await authorizeNda(core.db, actor, ndaId, 'read_file');
  const { nda, project } = authorized;
  const signed = nda.isSigned && nda.signedFileKey !== null && !options.original;
  if (signed && nda.sealPending) throw AppError.detail('conflict', 'seal_pending', SIGNING_MESSAGES.sealPending);
  const blob: Blob | null = await core.blobs.get(signed ? nda.signedFileKey! : nda.fileKey);
  if (!blob) throw AppError.notFound();
  const group = signed
    ? await groupShownAs(core, { actor, branchId: nda.projectBranchId, access: authorized.access })
    : null;
  const filename =
    group !== null ? signedNdaFilename({ project: project.name, group, nda: nda.name }) : ndaFilename(nda.name);
  return { blob, filename, ...authorized };
}

/** The group's name as the reader may see it: the sending team's label, or a recipient's own company. */
async function groupShownAs(
  core: Core,
  { actor, branchId, access }: { actor: Actor; branchId: number | null; access: ProjectAccess },
): Promise<string | null> {
  if (branchId === null) return null;
  if (access === 'signer') {
    const company = actor.user.companyId
      ? await core.db.selectFrom('companies').select('name').where('id', '=', actor.user.companyId).executeTakeFirst()
      : undefined;
    return recipientGroupName({ ...actor.user, companyName: company?.name ?? null });
  }
  const group = await core.db
    .selectFrom('projectBranches')
    .select('name')
    .where('id', '=', branchId)
    .executeTakeFirstOrThrow();
  return group.name;
}
