import type { TokenPurpose } from '@server/db/schema.js';
import type { Tx } from '@server/db/transaction.js';
import { randomToken, sha256 } from '@server/services/tokens.js';

/** Creates a single-use token for a link; earlier unused tokens of the same purpose stop working. */
export async function createOneTimeToken(
  tx: Tx,
  { userId, purpose, ttlMs }: { userId: number; purpose: TokenPurpose; ttlMs: number },
): Promise<string> {
  const token = randomToken(32);
  await tx.db
    .updateTable('oneTimeTokens')
    .set({ usedAt: new Date() })
    .where('userId', '=', userId)
    .where('purpose', '=', purpose)
    .where('usedAt', 'is', null)
    .execute();
  await tx.db
    .insertInto('oneTimeTokens')
    .values({ userId, purpose, tokenHash: sha256(token), expiresAt: new Date(Date.now() + ttlMs) })
    .execute();
  return token;
}

export type TokenCheck =
  { ok: true; userId: number } | { ok: false; reason: 'invalid' | 'expired' | 'used'; userId?: number };

/** Locks the token row and marks it used when valid; one use wins even under concurrent calls. */
export async function consumeOneTimeToken(
  tx: Tx,
  { token, purpose, userId }: { token: string; purpose: TokenPurpose; userId?: number },
): Promise<TokenCheck> {
  const row = await tx.db
    .selectFrom('oneTimeTokens')
    .selectAll()
    .where('tokenHash', '=', sha256(token))
    .where('purpose', '=', purpose)
    .forUpdate()
    .executeTakeFirst();
  if (!row || (userId !== undefined && row.userId !== userId)) return { ok: false, reason: 'invalid' };
  if (row.usedAt) return { ok: false, reason: 'used', userId: row.userId };
  if (row.expiresAt.getTime() <= Date.now()) return { ok: false, reason: 'expired', userId: row.userId };
  await tx.db.updateTable('oneTimeTokens').set({ usedAt: new Date() }).where('id', '=', row.id).execute();
  return { ok: true, userId: row.userId };
}
