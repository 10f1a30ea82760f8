import { signedNdaFilename, signedNdasArchiveName, uniqueFilenames } from '@shared/signed-files.js';
import type { Core } from '@server/core.js';
import type { Actor } from '@server/policies/actor.js';
import { authorizeSenderSide } from '@server/policies/project.js';
import type { ZipEntry } from '@server/services/zip-writer.js';

/**
 * Every signed NDA of a project's groups as the entries of one archive, each named as its own download
 * is (`<project> - <group> - <NDA name> (signed).pdf`, made unique when two groups share a name), by
 * group, leaving out those whose seal is pending. For the project's sending side only: anyone else, recipients included, gets 404.
 */
export async function signedNdasArchive(core: Core, { actor, projectId }: { actor: Actor; projectId: number }) {
  const { project } = await authorizeSenderSide(core.db, actor, projectId);
  const signed = await core.db
    .selectFrom('ndas')
    .innerJoin('projectBranches', 'projectBranches.id', 'ndas.projectBranchId')
    .select(['ndas.id', 'ndas.name', 'ndas.signedFileKey', 'ndas.signedAt', 'projectBranches.name as group'])
    .where('ndas.projectId', '=', project.id)
    .where('ndas.isSigned', '=', true)
    .where('ndas.signedFileKey', 'is not', null)
    // One still waiting for its seal has no signed file yet: it joins the archive once sealed.
    .where('ndas.sealPending', '=', false)
    .orderBy('projectBranches.id')
    .execute();
  const names = uniqueFilenames(
    signed.map((n) => signedNdaFilename({ project: project.name, group: n.group, nda: n.name })),
  );
  const entries: ZipEntry[] = signed.map((n, i) => ({
    name: names[i]!,
    modified: n.signedAt ?? undefined,
    read: async () => {
      const blob = await core.blobs.get(n.signedFileKey!);
      if (!blob) throw new Error(`the signed file of NDA ${n.id} is missing`);
      return blob.body;
    },
  }));
  return { filename: signedNdasArchiveName(project.name), entries };
}
