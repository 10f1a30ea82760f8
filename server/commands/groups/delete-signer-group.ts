import { GROUP_MESSAGES } from '@shared/schemas/groups.js';
import type { Core } from '@server/core.js';
import { AppError } from '@server/errors.js';
import type { Actor } from '@server/policies/actor.js';
import { authorizeSignerGroup } from '@server/policies/group.js';

/** Deletes a signer group that no project group uses (removing recipients is done by editing the group). */
export async function deleteSignerGroup(
  core: Core,
  { actor, groupId }: { actor: Actor; groupId: number },
): Promise<void> {
  const group = await authorizeSignerGroup(core.db, actor, groupId);
  await core.tx(async (tx) => {
    const used = await tx.db
      .selectFrom('projectBranchSignerGroups')
      .select('projectBranchId')
      .where('signerGroupId', '=', group.id)
      .executeTakeFirst();
    if (used) throw AppError.nonField('group_in_use', GROUP_MESSAGES.inUse);
    await tx.db.deleteFrom('signerGroups').where('id', '=', group.id).execute();
  });
}
