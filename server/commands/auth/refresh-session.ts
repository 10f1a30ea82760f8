import { AUTH_MESSAGES } from '@shared/schemas/auth.js';
import type { Core } from '@server/core.js';
import { AppError } from '@server/errors.js';
import type { Selectable } from 'kysely';
import type { RefreshTokensTable } from '@server/db/schema.js';
import type { Tx } from '@server/db/transaction.js';
import { issueSession, revokeFamily } from './sessions.js';

/** How long a rotated refresh token still answers the pair it was rotated to. */
export const REFRESH_GRACE_MS = 10_000;

/**
 * Rotates a refresh token: the presented one is retired and a new one of the same family is issued.
 * The same token presented again within REFRESH_GRACE_MS (two tabs, a network retry, two calls at
 * once) answers the same new pair, as long as that pair is still the session's live one. Presenting
 * a retired token later means it was copied: the whole family (session) is revoked.
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
        const again = await repeatedRotation(core, tx, row, input.refresh);
        if (again) return { tokens: again };
        await revokeFamily(tx, { familyId: row.familyId, realtime: core.realtime });
        core.log.warn({ userId: row.userId }, 'rotated refresh token reused; session revoked');
      }
      return { error: AUTH_MESSAGES.refreshExpired };
    }
    if (row.expiresAt.getTime() <= Date.now()) return { error: AUTH_MESSAGES.refreshExpired };
    const user = await activeUser(tx, row.userId);
    if (!user) {
      await revokeFamily(tx, { familyId: row.familyId, realtime: core.realtime });
      return { error: AUTH_MESSAGES.refreshExpired };
    }
    const next = await issueSession(core, tx, {
      userId: user.id,
      ip,
      familyId: row.familyId,
      refresh: core.tokens.nextRefresh(input.refresh),
    });
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

function activeUser(tx: Tx, userId: number) {
  return tx.db
    .selectFrom('users')
    .select(['id'])
    .where('id', '=', userId)
    .where('isDeleted', '=', false)
    .where('isActive', '=', true)
    .executeTakeFirst();
}

/**
 * The pair a token was rotated to, when it was rotated less than REFRESH_GRACE_MS ago and that pair
 * is still live (not refreshed in turn, not ended by a logout or a theft); null otherwise.
 */
async function repeatedRotation(
  core: Core,
  tx: Tx,
  row: Selectable<RefreshTokensTable>,
  presented: string,
): Promise<{ access: string; refresh: string } | null> {
  if (!row.revokedAt || Date.now() - row.revokedAt.getTime() > REFRESH_GRACE_MS) return null;
  const refresh = core.tokens.nextRefresh(presented);
  const next = await tx.db
    .selectFrom('refreshTokens')
    .selectAll()
    .where('id', '=', row.replacedById!)
    .where('tokenHash', '=', core.tokens.hashRefresh(refresh))
    .where('revokedAt', 'is', null)
    .forUpdate()
    .executeTakeFirst();
  if (!next || next.expiresAt.getTime() <= Date.now() || !(await activeUser(tx, next.userId))) return null;
  const access = await core.tokens.signAccess(next.userId, next.familyId, { id: next.id, at: next.createdAt });
  return { access, refresh };
}
