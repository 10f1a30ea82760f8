import { AUTH_MESSAGES } from '@shared/schemas/auth.js';
import type { Core } from '@server/core.js';
import type { Role } from '@server/db/schema.js';
import type { Tx } from '@server/db/transaction.js';
import { AppError } from '@server/errors.js';
import { decodeUid } from '@server/services/tokens.js';
import { consumeOneTimeToken } from './one-time-tokens.js';

export interface InvitationRegistration {
  uid: string;
  token: string;
  newPassword1: string;
  firstName: string;
  lastName: string;
  location: string;
  linkedinLink: string;
}

/**
 * Completes the registration of an invited user (team member or signer): checks the link, sets the
 * password and profile, activates the account; `extra` adds what the kind of invitation needs.
 */
export async function redeemInvitation(
  core: Core,
  {
    input,
    kind,
    extra,
  }: {
    input: InvitationRegistration;
    kind: { purpose: 'member_invitation' | 'signer_invitation'; role: Role };
    extra?: (tx: Tx, userId: number) => Promise<void>;
  },
): Promise<{ detail: string }> {
  const userId = decodeUid(input.uid);
  if (!userId) throw AppError.fields('link_invalid', { token: AUTH_MESSAGES.invitationInvalid });
  const passwordHash = await core.passwords.hash(input.newPassword1);
  await core.tx(async (tx) => {
    const check = await consumeOneTimeToken(tx, { token: input.token, purpose: kind.purpose, userId });
    if (!check.ok) {
      if (check.reason === 'expired') throw AppError.fields('link_expired', { token: AUTH_MESSAGES.invitationExpired });
      throw AppError.fields('link_invalid', { token: AUTH_MESSAGES.invitationInvalid });
    }
    const user = await tx.db
      .selectFrom('users')
      .select(['id', 'passwordHash', 'role'])
      .where('id', '=', userId)
      .where('isDeleted', '=', false)
      .forUpdate()
      .executeTakeFirst();
    if (!user || user.passwordHash || user.role !== kind.role)
      throw AppError.fields('link_invalid', { token: AUTH_MESSAGES.invitationInvalid });
    await tx.db
      .updateTable('users')
      .set({
        passwordHash,
        firstName: input.firstName,
        lastName: input.lastName,
        location: input.location,
        linkedinLink: input.linkedinLink,
        isActive: true,
        activatedAt: new Date(),
      })
      .where('id', '=', userId)
      .execute();
    await extra?.(tx, userId);
  });
  return { detail: 'Register Success!' };
}
