import { sql } from 'kysely';
import type { Core } from '@server/core.js';
import { AppError } from '@server/errors.js';
import type { Actor } from '@server/policies/actor.js';

/**
 * Resolves a bearer token to an Actor. The session must still be alive (not logged out, not revoked
 * by a reset, a removal or a detected refresh-token theft), so revocation takes effect at once.
 */
export async function authenticate(core: Core, token: string): Promise<Actor & { exp: number }> {
  const claims = await core.tokens.verifyAccess(token);
  const user = await core.db
    .selectFrom('users')
    .selectAll('users')
    .where('users.id', '=', claims.userId)
    .where('users.isDeleted', '=', false)
    .where('users.isActive', '=', true)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('refreshTokens')
          .select(sql`1`.as('one'))
          .whereRef('refreshTokens.userId', '=', 'users.id')
          .where('refreshTokens.familyId', '=', claims.sessionId)
          .where('refreshTokens.revokedAt', 'is', null)
          .where('refreshTokens.expiresAt', '>', new Date()),
      ),
    )
    .executeTakeFirst();
  if (!user) throw AppError.unauthorized('session_ended', 'Session has ended. Please sign in again.');
  return { user, sessionId: claims.sessionId, exp: claims.exp };
}

/** Reads "Bearer <token>" from an Authorization header. */
export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(header);
  return m ? m[1]! : null;
}
