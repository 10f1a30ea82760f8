import { sql } from 'kysely';
import { ACTIVATION_TTL_MS } from '@shared/constants.js';
import { AUTH_MESSAGES, type OwnerRegistrationInput } from '@shared/schemas/auth.js';
import type { Core } from '@server/core.js';
import { AppError } from '@server/errors.js';
import { activationMail } from '@server/mail/templates.js';
import { randomToken } from '@server/services/tokens.js';
import { createOneTimeToken } from './one-time-tokens.js';
import { enforceRateLimit } from './rate-limit.js';
import { isUniqueViolation } from '@server/db/errors.js';

/**
 * Creates an account owner and their company, inactive until the e-mailed link is opened. Sign-ups
 * are limited per IP, since each one sends an e-mail to an address the caller chose.
 */
export async function registerOwner(
  core: Core,
  { input, ip }: { input: OwnerRegistrationInput; ip: string },
): Promise<{ detail: string }> {
  await enforceRateLimit(core, { scope: 'registration', ip });
  const passwordHash = await core.passwords.hash(input.password1);
  try {
    await core.tx(async (tx) => {
      const taken = await tx.db
        .selectFrom('users')
        .select('id')
        .where(sql`lower(email)`, '=', input.email)
        .executeTakeFirst();
      if (taken) throw AppError.fields('email_taken', { email: AUTH_MESSAGES.emailTaken });
      const company = await tx.db
        .insertInto('companies')
        .values({ name: input.companyName })
        .returning('id')
        .executeTakeFirstOrThrow();
      const user = await tx.db
        .insertInto('users')
        .values({
          email: input.email,
          passwordHash,
          firstName: input.firstName,
          lastName: input.lastName,
          location: input.location,
          linkedinLink: input.linkedinLink,
          country: input.country,
          invitedWith: input.invitedWith,
          companyId: company.id,
          role: 'owner',
          referralKey: randomToken(12),
        })
        .returning(['id', 'firstName'])
        .executeTakeFirstOrThrow();
      await tx.db.updateTable('companies').set({ ownerId: user.id }).where('id', '=', company.id).execute();
      const key = await createOneTimeToken(tx, { userId: user.id, purpose: 'activation', ttlMs: ACTIVATION_TTL_MS });
      await core.outbox.enqueue(tx, { to: input.email, ...activationMail(core.config.appUrl, user.firstName, key) });
    });
  } catch (err) {
    // Two sign-ups with one e-mail at once: the unique index decides, the loser gets the field error.
    if (isUniqueViolation(err)) throw AppError.fields('email_taken', { email: AUTH_MESSAGES.emailTaken });
    throw err;
  }
  return { detail: AUTH_MESSAGES.registered };
}
