import crypto from 'node:crypto';
import type { Core } from '@server/core.js';
import type { Tx } from '@server/db/transaction.js';
import type { Publisher } from '@server/realtime/publisher.js';
import { rooms } from '@server/realtime/rooms.js';
import { randomToken } from '@server/services/tokens.js';

export interface SessionTokens {
  access: string;
  refresh: string;
}

/**
 * Issues an access token and a new refresh token. A session is a family of refresh tokens: each
 * refresh rotates to a new member of the family (`refresh`, derived from the one it replaces), and
 * the access token names the family (sid).
 */
export async function issueSession(
  core: Core,
  tx: Tx,
  {
    userId,
    ip,
    familyId,
    refresh = randomToken(32),
  }: { userId: number; ip: string; familyId?: string; refresh?: string },
): Promise<SessionTokens & { refreshId: number }> {
  const family = familyId ?? crypto.randomUUID();
  const row = await tx.db
    .insertInto('refreshTokens')
    .values({
      userId,
      familyId: family,
      tokenHash: core.tokens.hashRefresh(refresh),
      expiresAt: new Date(Date.now() + core.config.refreshTokenTtlSec * 1000),
      ip: ip.slice(0, 64),
    })
    .returning(['id', 'createdAt'])
    .executeTakeFirstOrThrow();
  const access = await core.tokens.signAccess(userId, family, { id: row.id, at: row.createdAt });
  return { access, refresh, refreshId: row.id };
}

/**
 * Ends every session of a user (password reset, removal from a team, account deletion). With the
 * publisher, the user's open sockets are closed after commit too, so live pushes stop at once.
 */
export async function revokeAllSessions(
  tx: Tx,
  {
    userId,
    realtime,
    ...options
  }: { userId: number; realtime?: Pick<Publisher, 'disconnect'>; spareSocketsOf?: string },
): Promise<void> {
  const revoked = await tx.db
    .updateTable('refreshTokens')
    .set({ revokedAt: new Date() })
    .where('userId', '=', userId)
    .where('revokedAt', 'is', null)
    .returning('familyId')
    .execute();
  if (!realtime) return;
  // The acting session (an account deleting itself) signs itself out once it has shown the outcome;
  // closing its socket first would race that answer.
  const spare = options.spareSocketsOf;
  if (!spare) tx.afterCommit(() => realtime.disconnect(rooms.user(userId)));
  else
    for (const family of new Set(revoked.map((r) => r.familyId)))
      if (family !== spare) tx.afterCommit(() => realtime.disconnect(rooms.session(family)));
}

/** Ends one session; with the publisher, its open sockets are closed after commit. */
export async function revokeFamily(
  tx: Tx,
  { familyId, realtime }: { familyId: string; realtime?: Pick<Publisher, 'disconnect'> },
): Promise<void> {
  await tx.db
    .updateTable('refreshTokens')
    .set({ revokedAt: new Date() })
    .where('familyId', '=', familyId)
    .where('revokedAt', 'is', null)
    .execute();
  if (realtime) tx.afterCommit(() => realtime.disconnect(rooms.session(familyId)));
}
