import type { Core } from '@server/core.js';
import { AppError } from '@server/errors.js';
import type { Actor } from '@server/policies/actor.js';
import { authorizeTeamManagement } from '@server/policies/account.js';
import { deactivateUser } from '../account/deactivate-user.js';

/** Removes a team member of the owner's company; their sessions end at once. */
export async function removeMember(core: Core, { actor, memberId }: { actor: Actor; memberId: number }): Promise<void> {
  authorizeTeamManagement(actor);
  await core.tx(async (tx) => {
    const member = await tx.db
      .selectFrom('users')
      .select('id')
      .where('id', '=', memberId)
      .where('companyId', '=', actor.user.companyId)
      .where('role', '=', 'member')
      .where('isDeleted', '=', false)
      .forUpdate()
      .executeTakeFirst();
    if (!member) throw AppError.notFound();
    await deactivateUser(core, tx, { userId: member.id });
  });
}
