import type { Core } from '@server/core.js';
import type { Actor } from '@server/policies/actor.js';
import { presentMember } from '@server/presenters/member.js';

/** The team of the actor's company: invited and registered members, never deleted ones. */
export async function listMembers(core: Core, { actor }: { actor: Actor }) {
  if (actor.user.role === 'signer' || actor.user.companyId === null) return [];
  const rows = await core.db
    .selectFrom('users')
    .select(['id', 'email', 'firstName', 'lastName', 'avatarKey', 'isActive'])
    .select((eb) =>
      eb
        .selectFrom('projectMembers')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('projectMembers.userId', '=', 'users.id')
        .as('projectsCount'),
    )
    .where('companyId', '=', actor.user.companyId)
    .where('role', '=', 'member')
    .where('isDeleted', '=', false)
    .orderBy('id')
    .execute();
  return rows.map((r) => presentMember(r, Number(r.projectsCount ?? 0)));
}
