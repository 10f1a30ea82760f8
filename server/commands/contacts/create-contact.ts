import { sql } from 'kysely';
import { CONTACT_MESSAGES, type ContactInput } from '@shared/schemas/contacts.js';
import type { Core } from '@server/core.js';
import { isUniqueViolation } from '@server/db/errors.js';
import { AppError } from '@server/errors.js';
import type { Actor } from '@server/policies/actor.js';
import { authorizeContacts } from '@server/policies/contact.js';
import { type ContactDto, presentContact } from '@server/presenters/contact.js';
import { ensureAccount } from './ensure-recipient.js';
import { refuseTeamEmail } from './recipient-rules.js';

/**
 * Adds a person to the company's network (My Network), with their account: the one behind the e-mail,
 * or an invited one when nobody has registered it, so the answer does not tell which.
 */
export async function createContact(
  core: Core,
  { actor, input }: { actor: Actor; input: ContactInput },
): Promise<ContactDto> {
  const companyId = authorizeContacts(actor);
  await refuseTeamEmail(core.db, { companyId, email: input.email });
  const run = () =>
    core.tx(async (tx) => {
      const taken = await tx.db
        .selectFrom('contacts')
        .select('id')
        .where('companyId', '=', companyId)
        .where(sql`lower(email)`, '=', input.email)
        .executeTakeFirst();
      if (taken) throw AppError.fields('contact_duplicate', { email: CONTACT_MESSAGES.duplicate });
      const user = await ensureAccount(tx, { invitedById: actor.user.id, input });
      const row = await tx.db
        .insertInto('contacts')
        .values({
          companyId,
          email: input.email,
          firstName: input.firstName,
          lastName: input.lastName,
          userId: user.id,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return presentContact(row, user);
    });
  try {
    // Another company inviting the same e-mail at the same moment: the second try finds its account.
    return await run().catch((err: unknown) => (isUniqueViolation(err) ? run() : Promise.reject(err)));
  } catch (err) {
    // Two adds of one e-mail at once: the unique index decides.
    if (isUniqueViolation(err)) throw AppError.fields('contact_duplicate', { email: CONTACT_MESSAGES.duplicate });
    throw err;
  }
}
