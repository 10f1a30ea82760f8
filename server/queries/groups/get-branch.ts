import type { Core } from '@server/core.js';
import type { Actor } from '@server/policies/actor.js';
import { authorizeBranch } from '@server/policies/group.js';
import type { BranchDto } from '@server/presenters/branch.js';
import { presentBranches } from './present-branches.js';

/** One group: in full for the project's managers, as a recipient of it sees it for a signer. */
export async function getBranch(
  core: Core,
  { actor, branchId }: { actor: Actor; branchId: number },
): Promise<BranchDto> {
  const { branch, access } = await authorizeBranch(core.db, actor, branchId, 'view');
  const [dto] = await presentBranches(core.db, {
    viewerId: actor.user.id,
    rows: [{ row: branch, asSigner: access === 'signer' }],

    now: core.config.timetable.now(),
  });
  return dto!;
}
