import { AUTH_MESSAGES } from '@shared/schemas/auth.js';
import type { Core } from '@server/core.js';
import { AppError } from '@server/errors.js';
import { consumeOneTimeToken } from './one-time-tokens.js';

/** Activates the account named by the e-mailed key. Opening the link twice is not an error. */
export async function verifyEmail(core: Core, { input }: { input: { key: string } }): Promise<{ detail: string }> {
  return core.tx(async (tx) => {
    const check = await consumeOneTimeToken(tx, { token: input.key, purpose: 'activation' });
    if (!check.ok && check.reason === 'used' && check.userId) {
      const user = await tx.db.selectFrom('users').select('isActive').where('id', '=', check.userId).executeTakeFirst();
      if (user?.isActive) return { detail: AUTH_MESSAGES.activated };
    }
    if (!check.ok) throw AppError.nonField('link_invalid', AUTH_MESSAGES.activationInvalid);
    await tx.db
      .updateTable('users')
      .set({ isActive: true, activatedAt: new Date() })
      .where('id', '=', check.userId)
      .where('isDeleted', '=', false)
      .execute();
    return { detail: AUTH_MESSAGES.activated };
  });
}
