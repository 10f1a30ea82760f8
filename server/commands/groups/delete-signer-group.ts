import { GROUP_MESSAGES } from '../../../shared/schemas/groups.js';
import type { Core } from '../../core.js';
import { AppError } from '../../errors.js';
import type { Actor } from '../../policies/actor.js';
import { authorizeSignerGroup } from '../../policies/group.js';

/** Deletes a signer group that no project group uses (removing recipients is done by editing the group). */
export async function deleteSignerGroup(core: Core, actor: Actor, groupId: number): Promise<void> {
  const group = await authorizeSignerGroup(core.db, actor, groupId);
  await core.tx(async (tx) => {
    const used = await tx.db.selectFrom('projectBranchSignerGroups').select('projectBranchId').where('signerGroupId', '=', group.id).executeTakeFirst();
    if (used) throw AppError.nonField(GROUP_MESSAGES.inUse);
    await tx.db.deleteFrom('signerGroups').where('id', '=', group.id).execute();
  });
}
