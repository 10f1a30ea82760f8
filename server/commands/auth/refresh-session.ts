import { AUTH_MESSAGES } from '@shared/schemas/auth.js';
import type { Core } from '@server/core.js';
import { AppError } from '@server/errors.js';
import { issueSession, revokeFamily } from './sessions.js';

/**
 * Rotates a refresh token: the presented one is retired and a new one of the same family is issued.
 * Presenting a retired token again means it was copied: the whole family (session) is revoked.
 */
export async function refreshSession(
  core: Core,
  { input, ip }: { input: { refresh: string }; ip: string },
): Promise<{ access: string; refresh: string }> {
  const outcome = await core.tx(async (tx) => {
    const row = await tx.db
      .selectFrom('refreshTokens')
      .selectAll()
      .where('tokenHash', '=', core.tokens.hashRefresh(input.refresh))
      .forUpdate()
      .executeTakeFirst();
    if (!row) return { error: AUTH_MESSAGES.tokenInvalid };
    if (row.revokedAt) {
      if (row.replacedById !== null) {
        await revokeFamily(tx, { familyId: row.familyId, realtime: core.realtime });
        core.log.warn({ userId: row.userId }, 'rotated refresh token reused; session revoked');
      }
      return { error: AUTH_MESSAGES.refreshExpired };
    }
    if (row.expiresAt.getTime() <= Date.now()) return { error: AUTH_MESSAGES.refreshExpired };
    const user = await tx.db
      .selectFrom('users')
      .select(['id'])
      .where('id', '=', row.userId)
      .where('isDeleted', '=', false)
      .where('isActive', '=', true)
      .executeTakeFirst();
    if (!user) {
      await revokeFamily(tx, { familyId: row.familyId, realtime: core.realtime });
      return { error: AUTH_MESSAGES.refreshExpired };
    }
    const next = await issueSession(core, tx, { userId: user.id, ip, familyId: row.familyId });
    await tx.db
      .updateTable('refreshTokens')
      .set({ revokedAt: new Date(), replacedById: next.refreshId })
      .where('id', '=', row.id)
      .execute();
    return { tokens: { access: next.access, refresh: next.refresh } };
  });
  // Thrown after the transaction so a detected theft's revocation is committed, not rolled back.
  if ('error' in outcome)
    throw AppError.unauthorized(
      outcome.error === AUTH_MESSAGES.refreshExpired ? 'refresh_expired' : 'token_invalid',
      outcome.error,
    );
  return outcome.tokens;
}
