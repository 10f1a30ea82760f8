import { ACCOUNT_MESSAGES } from '@shared/schemas/account.js';
import type { Core } from '@server/core.js';
import { AppError } from '@server/errors.js';
import type { Actor } from '@server/policies/actor.js';
import { enforceRateLimit } from '../auth/rate-limit.js';
import { deactivateUser } from './deactivate-user.js';

/**
 * Deletes the caller's account after checking the password. An owner's deletion closes the company:
 * every team member is removed with it, so nothing of the company stays reachable through them.
 * A team member or a signer removes only their own account. No other company is touched.
 */
export async function deleteAccount(
  core: Core,
  { actor, input, ip }: { actor: Actor; input: { password: string }; ip: string },
): Promise<{ detail: string }> {
  // A stolen access token must not become a way to guess the password.
  await enforceRateLimit(core, { scope: 'delete_account', email: actor.user.email, ip });
  const row = await core.db
    .selectFrom('users')
    .select('passwordHash')
    .where('id', '=', actor.user.id)
    .executeTakeFirstOrThrow();
  if (!(await core.passwords.verify(row.passwordHash, input.password)))
    throw AppError.fields('wrong_password', { password: ACCOUNT_MESSAGES.wrongPassword });
  await core.tx(async (tx) => {
    if (actor.user.role === 'owner' && actor.user.companyId !== null) {
      const team = await tx.db
        .selectFrom('users')
        .select('id')
        .where('companyId', '=', actor.user.companyId)
        .where('role', '=', 'member')
        .where('isDeleted', '=', false)
        .execute();
      for (const member of team) await deactivateUser(core, tx, { userId: member.id });
    }
    await deactivateUser(core, tx, { userId: actor.user.id, actingSession: actor.sessionId });
  });
  return { detail: 'Account deleted.' };
}
