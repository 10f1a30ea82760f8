import { sql } from 'kysely';
import { PASSWORD_RESET_TTL_MS } from '@shared/constants.js';
import { AUTH_MESSAGES } from '@shared/schemas/auth.js';
import type { Core } from '@server/core.js';
import { passwordResetMail } from '@server/mail/templates.js';
import { encodeUid } from '@server/services/tokens.js';
import { createOneTimeToken } from './one-time-tokens.js';
import { enforceRateLimit } from './rate-limit.js';

/**
 * Mails a reset link when the account exists; the answer is the same either way. An invited user whose
 * registration link expired is told to use password renewal, so accounts without a password get one too.
 */
export async function requestPasswordReset(
  core: Core,
  { input, ip }: { input: { email: string }; ip: string },
): Promise<{ detail: string }> {
  await enforceRateLimit(core, { scope: 'password_reset', email: input.email, ip });
  await core.tx(async (tx) => {
    const user = await tx.db
      .selectFrom('users')
      .select(['id', 'email', 'firstName'])
      .where(sql`lower(email)`, '=', input.email)
      .where('isDeleted', '=', false)
      .executeTakeFirst();
    if (!user) return;
    const token = await createOneTimeToken(tx, {
      userId: user.id,
      purpose: 'password_reset',
      ttlMs: PASSWORD_RESET_TTL_MS,
    });
    await core.outbox.enqueue(tx, {
      to: user.email,
      ...passwordResetMail(core.config.appUrl, user.firstName, encodeUid(user.id), token),
    });
  });
  return { detail: AUTH_MESSAGES.resetSent };
}
