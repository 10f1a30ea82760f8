import type { ProfileUpdateInput } from '@shared/schemas/account.js';
import type { Core } from '@server/core.js';
import type { Actor } from '@server/policies/actor.js';
import { presentUser } from '@server/presenters/user.js';

export async function updateProfile(core: Core, { actor, input }: { actor: Actor; input: ProfileUpdateInput }) {
  return core.tx(async (tx) => {
    const user = Object.keys(input).length
      ? await tx.db
          .updateTable('users')
          .set(input)
          .where('id', '=', actor.user.id)
          .returningAll()
          .executeTakeFirstOrThrow()
      : actor.user;
    return presentUser(tx.db, user);
  });
}
