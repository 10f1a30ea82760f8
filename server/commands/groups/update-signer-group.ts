import { GROUP_MESSAGES, type SignerGroupUpdateInput } from '@shared/schemas/groups.js';
import type { Core } from '@server/core.js';
import { AppError } from '@server/errors.js';
import type { Actor } from '@server/policies/actor.js';
import { authorizeSignerGroup } from '@server/policies/group.js';
import { projectAccess } from '@server/policies/project.js';
import type { SignerGroupDto } from '@server/presenters/branch.js';
import { presentSignerGroups } from '@server/queries/groups/list-signer-groups.js';
import { checkRecipientUsers } from './recipient-users.js';
import { syncBranchSigners } from './sync-branch-signers.js';

/**
 * Renames a signer group or replaces its recipients. Project groups built from it follow: their
 * recipients are added and removed with events, so only someone who manages all those projects may
 * change who is in it.
 */
export async function updateSignerGroup(
  core: Core,
  { actor, groupId, input, ip }: { actor: Actor; groupId: number; input: SignerGroupUpdateInput; ip?: string },
): Promise<SignerGroupDto> {
  const group = await authorizeSignerGroup(core.db, actor, groupId);
  const branches = await core.db
    .selectFrom('projectBranchSignerGroups')
    .innerJoin('projectBranches', 'projectBranches.id', 'projectBranchSignerGroups.projectBranchId')
    .innerJoin('projects', 'projects.id', 'projectBranches.projectId')
    .selectAll('projects')
    .select('projectBranches.id as branchId')
    .where('projectBranchSignerGroups.signerGroupId', '=', group.id)
    .execute();
  if (input.users) {
    for (const project of branches) {
      const access = await projectAccess(core.db, actor, project);
      if (access !== 'owner' && access !== 'manager')
        throw AppError.forbidden('group_invalid', GROUP_MESSAGES.foreignProject);
    }
  }
  return core.tx(async (tx) => {
    await tx.db.selectFrom('signerGroups').select('id').where('id', '=', group.id).forUpdate().execute();
    if (input.name !== undefined)
      await tx.db.updateTable('signerGroups').set({ name: input.name }).where('id', '=', group.id).execute();
    if (input.users) {
      await checkRecipientUsers(tx, { companyId: group.companyId, userIds: input.users });
      await tx.db.deleteFrom('signerGroupUsers').where('signerGroupId', '=', group.id).execute();
      await tx.db
        .insertInto('signerGroupUsers')
        .values(input.users.map((userId) => ({ signerGroupId: group.id, userId })))
        .execute();
      for (const b of branches)
        await syncBranchSigners(core, tx, { branch: { id: b.branchId, projectId: b.id }, authorId: actor.user.id, ip });
    }
    const row = await tx.db.selectFrom('signerGroups').selectAll().where('id', '=', group.id).executeTakeFirstOrThrow();
    const [dto] = await presentSignerGroups({ ...core, db: tx.db }, [row]);
    return dto!;
  });
}
