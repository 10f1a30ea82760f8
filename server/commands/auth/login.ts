import { sql } from 'kysely';
import { AUTH_MESSAGES, type LoginInput } from '@shared/schemas/auth.js';
import type { Core } from '@server/core.js';
import { AppError } from '@server/errors.js';
import { presentUser, type UserDto } from '@server/presenters/user.js';
import { homePath } from '@server/queries/auth/home-path.js';
import { enforceRateLimit, forgetAttempt } from './rate-limit.js';
import { issueSession } from './sessions.js';

export interface LoginResult {
  access: string;
  refresh: string;
  user: UserDto;
  /** Where to go when no page asked for the user (homePath): a recipient's NDA, else the account page. */
  home: string;
}

/**
 * Only activated, not deleted users with the right password get a session. Only failed attempts count
 * against the limit: the one of a successful sign-in is taken back.
 */
export async function login(core: Core, { input, ip }: { input: LoginInput; ip: string }): Promise<LoginResult> {
  const attempt = await enforceRateLimit(core, { scope: 'login', email: input.email, ip });
  const user = await core.db
    .selectFrom('users')
    .selectAll()
    .where(sql`lower(email)`, '=', input.email)
    .where('isDeleted', '=', false)
    .executeTakeFirst();
  const ok = await core.passwords.verify(user?.passwordHash ?? null, input.password);
  if (!user || !ok) throw AppError.nonField('bad_credentials', AUTH_MESSAGES.badCredentials);
  if (!user.isActive) throw AppError.nonField('account_not_activated', AUTH_MESSAGES.notActivated);
  const session = await core.tx(async (tx) => {
    const { access, refresh } = await issueSession(core, tx, { userId: user.id, ip });
    return { access, refresh, user: await presentUser(tx.db, user), home: await homePath(tx.db, user) };
  });
  await forgetAttempt(core, attempt);
  return session;
}
