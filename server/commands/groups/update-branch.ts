import { canSetColor, groupColor } from '@shared/colors.js';
import { type BranchUpdateInput, GROUP_MESSAGES } from '@shared/schemas/groups.js';
import type { Core } from '@server/core.js';
import { AppError } from '@server/errors.js';
import type { Actor } from '@server/policies/actor.js';
import { authorizeBranch } from '@server/policies/group.js';
import type { BranchDto } from '@server/presenters/branch.js';
import { presentBranches } from '@server/queries/groups/present-branches.js';
import { checkSignerGroups } from './recipient-users.js';
import { syncBranchSigners } from './sync-branch-signers.js';

/**
 * Edits a recipient group: name, toggles, colour tag and signer groups (recipients follow, with
 * recipient_added / recipient_removed events). Tagging the group tags every recipient in it, so the
 * group's shown colour (aggregated from its recipients) is the one chosen; it must differ from the shown one.
 */
export async function updateBranch(
  core: Core,
  { actor, branchId, input, ip }: { actor: Actor; branchId: number; input: BranchUpdateInput; ip?: string },
): Promise<BranchDto> {
  const { branch, project } = await authorizeBranch(core.db, actor, branchId, 'change');
  return core.tx(async (tx) => {
    await tx.db.selectFrom('projectBranches').select('id').where('id', '=', branch.id).forUpdate().execute();
    const { colorStatus, signerGroups, ...fields } = input;
    if (Object.keys(fields).length)
      await tx.db.updateTable('projectBranches').set(fields).where('id', '=', branch.id).execute();
    if (colorStatus) {
      const recipients = await tx.db
        .selectFrom('signerships')
        .select('colorStatus')
        .where('projectBranchId', '=', branch.id)
        .execute();
      const shown = groupColor(recipients.map((r) => r.colorStatus)) ?? branch.colorStatus;
      if (!canSetColor(shown, colorStatus)) throw AppError.fields({ colorStatus: GROUP_MESSAGES.sameColor });
      await tx.db.updateTable('projectBranches').set({ colorStatus }).where('id', '=', branch.id).execute();
      await tx.db.updateTable('signerships').set({ colorStatus }).where('projectBranchId', '=', branch.id).execute();
    }
    if (signerGroups) {
      await checkSignerGroups(tx, { companyId: project.companyId, groupIds: signerGroups });
      await tx.db.deleteFrom('projectBranchSignerGroups').where('projectBranchId', '=', branch.id).execute();
      await tx.db
        .insertInto('projectBranchSignerGroups')
        .values(signerGroups.map((signerGroupId) => ({ projectBranchId: branch.id, signerGroupId })))
        .execute();
      await syncBranchSigners(core, tx, { branch, authorId: actor.user.id, ip });
    }
    const row = await tx.db
      .selectFrom('projectBranches')
      .selectAll()
      .where('id', '=', branch.id)
      .executeTakeFirstOrThrow();
    const [dto] = await presentBranches(tx.db, { viewerId: actor.user.id, rows: [{ row, asSigner: false }] });
    return dto!;
  });
}
