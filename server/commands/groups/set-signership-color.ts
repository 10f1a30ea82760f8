import { canSetColor, type ColorStatus } from '@shared/colors.js';
import { GROUP_MESSAGES } from '@shared/schemas/groups.js';
import type { Core } from '@server/core.js';
import { AppError } from '@server/errors.js';
import type { Actor } from '@server/policies/actor.js';
import { authorizeSignership } from '@server/policies/group.js';
import type { SignershipDto } from '@server/presenters/signership.js';
import { presentBranches } from '@server/queries/groups/present-branches.js';

/** Tags one recipient of a group with a colour other than their current one (the sending team's own note). */
export async function setSignershipColor(
  core: Core,
  { actor, signershipId, colorStatus }: { actor: Actor; signershipId: number; colorStatus: ColorStatus },
): Promise<SignershipDto> {
  const { signership, branch } = await authorizeSignership(core.db, actor, signershipId);
  return core.tx(async (tx) => {
    const current = await tx.db
      .selectFrom('signerships')
      .select('colorStatus')
      .where('id', '=', signership.id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (!canSetColor(current.colorStatus, colorStatus))
      throw AppError.fields('group_invalid', { colorStatus: GROUP_MESSAGES.sameColor });
    await tx.db.updateTable('signerships').set({ colorStatus }).where('id', '=', signership.id).execute();
    const [dto] = await presentBranches(tx.db, {
      viewerId: actor.user.id,
      rows: [{ row: branch, asSigner: false }],
      now: core.config.timetable.now(),
    });
    return dto!.signerships.find((s) => s.id === signership.id)!;
  });
}
