import type { BranchCreateInput } from '@shared/schemas/groups.js';
import type { Core } from '@server/core.js';
import type { Actor } from '@server/policies/actor.js';
import { authorizeProject } from '@server/policies/project.js';
import type { BranchDto } from '@server/presenters/branch.js';
import { presentBranches } from '@server/queries/groups/present-branches.js';
import { copyProjectNdaToBranch } from '../ndas/copy-project-nda.js';
import { checkSignerGroups } from './recipient-users.js';
import { syncBranchSigners } from './sync-branch-signers.js';

/**
 * Creates a recipient group of a project from signer groups: a signership (event recipient_added) for
 * every recipient, and, when it inherits the project NDA and the project has one, its own copy of it.
 */
export async function createBranch(
  core: Core,
  actor: Actor,
  input: BranchCreateInput,
  ip?: string,
): Promise<BranchDto> {
  const { project } = await authorizeProject(core.db, actor, input.project, 'change');
  return core.tx(async (tx) => {
    await checkSignerGroups(tx, { companyId: project.companyId, groupIds: input.signerGroups });
    const branch = await tx.db
      .insertInto('projectBranches')
      .values({
        projectId: project.id,
        name: input.name,
        allowComments: input.allowComments,
        sendTeaser: input.sendTeaser,
        inheritNdaFromProject: input.inheritNdaFromProject,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await tx.db
      .insertInto('projectBranchSignerGroups')
      .values(input.signerGroups.map((signerGroupId) => ({ projectBranchId: branch.id, signerGroupId })))
      .execute();
    if (input.inheritNdaFromProject)
      await copyProjectNdaToBranch(core, tx, { projectId: project.id, branchId: branch.id });
    await syncBranchSigners(core, tx, { branch, authorId: actor.user.id, ip });
    const [dto] = await presentBranches(tx.db, { viewerId: actor.user.id, rows: [{ row: branch, asSigner: false }] });
    return dto!;
  });
}
