import type { Core } from '../../core.js';
import { AppError } from '../../errors.js';
import type { Actor } from '../../policies/actor.js';
import { authorizeTeamManagement } from '../../policies/account.js';
import { deactivateUser } from '../account/deactivate-user.js';

/** Removes a team member of the owner's company; their sessions end at once. */
export async function removeMember(core: Core, actor: Actor, memberId: number): Promise<void> {
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
    await deactivateUser(core, tx, member.id);
  });
}
