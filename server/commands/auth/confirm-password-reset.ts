import { AUTH_MESSAGES, type PasswordResetConfirmInput } from '@shared/schemas/auth.js';
import type { Core } from '@server/core.js';
import { AppError } from '@server/errors.js';
import { decodeUid } from '@server/services/tokens.js';
import { consumeOneTimeToken } from './one-time-tokens.js';
import { revokeAllSessions } from './sessions.js';

/** Sets the new password, ends every session of the user and activates an account not yet activated. */
export async function confirmPasswordReset(
  core: Core,
  { input }: { input: PasswordResetConfirmInput },
): Promise<{ detail: string }> {
  const userId = decodeUid(input.uid);
  if (!userId) throw AppError.fields('link_invalid', { token: AUTH_MESSAGES.resetInvalid });
  const passwordHash = await core.passwords.hash(input.newPassword1);
  await core.tx(async (tx) => {
    const check = await consumeOneTimeToken(tx, { token: input.token, purpose: 'password_reset', userId });
    if (!check.ok) throw AppError.fields('link_invalid', { token: AUTH_MESSAGES.resetInvalid });
    const updated = await tx.db
      .updateTable('users')
      .set((eb) => ({ passwordHash, isActive: true, activatedAt: eb.fn.coalesce('activatedAt', eb.val(new Date())) }))
      .where('id', '=', userId)
      .where('isDeleted', '=', false)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0)
      throw AppError.fields('link_invalid', { token: AUTH_MESSAGES.resetInvalid });
    await revokeAllSessions(tx, { userId, realtime: core.realtime });
  });
  return { detail: AUTH_MESSAGES.passwordChanged };
}
