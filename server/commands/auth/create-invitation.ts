import { sql } from 'kysely';
import { INVITATION_TTL_MS } from '@shared/constants.js';
import { ACCOUNT_MESSAGES } from '@shared/schemas/account.js';
import type { Role } from '@server/db/schema.js';
import type { Tx } from '@server/db/transaction.js';
import { AppError } from '@server/errors.js';
import { encodeUid, randomToken } from '@server/services/tokens.js';
import { createOneTimeToken } from './one-time-tokens.js';

export interface Invitation {
  userId: number;
  uid: string;
  token: string;
}

/**
 * Creates (or reuses) the not-yet-registered account behind an invitation and a fresh single-use
 * token for its link. Members belong to the inviting company; signers get their own on registration.
 */
export async function createInvitation(
  tx: Tx,
  input: { email: string; role: Extract<Role, 'member' | 'signer'>; invitedById: number; companyId: number | null },
): Promise<Invitation> {
  const existing = await tx.db
    .selectFrom('users')
    .select(['id', 'passwordHash', 'role', 'companyId'])
    .where(sql`lower(email)`, '=', input.email.toLowerCase())
    .forUpdate()
    .executeTakeFirst();
  let userId: number;
  if (existing) {
    // Only the same pending invitation is renewed. An account that registered, or that another
    // company's invitation created after the caller looked, is not this invitation's to take over.
    if (existing.passwordHash || existing.role !== input.role || existing.companyId !== input.companyId)
      throw AppError.fields('member_exists', { email: ACCOUNT_MESSAGES.hasAccount });
    userId = existing.id;
    await tx.db
      .updateTable('users')
      .set({ role: input.role, companyId: input.companyId, invitedById: input.invitedById, isDeleted: false })
      .where('id', '=', userId)
      .execute();
  } else {
    const row = await tx.db
      .insertInto('users')
      .values({
        email: input.email.toLowerCase(),
        passwordHash: null,
        role: input.role,
        companyId: input.companyId,
        invitedById: input.invitedById,
        referralKey: randomToken(12),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    userId = row.id;
  }
  const purpose = input.role === 'member' ? 'member_invitation' : 'signer_invitation';
  const token = await createOneTimeToken(tx, { userId, purpose, ttlMs: INVITATION_TTL_MS });
  return { userId, uid: encodeUid(userId), token };
}
