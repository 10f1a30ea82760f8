import { sql } from 'kysely';
import { CONTACT_MESSAGES, type ContactUpdateInput } from '@shared/schemas/contacts.js';
import type { Core } from '@server/core.js';
import { isUniqueViolation } from '@server/db/errors.js';
import { AppError } from '@server/errors.js';
import type { Actor } from '@server/policies/actor.js';
import { authorizeContact } from '@server/policies/contact.js';
import { type ContactDto, presentContact } from '@server/presenters/contact.js';
import { ensureAccount } from './ensure-recipient.js';
import { refuseTeamEmail } from './recipient-rules.js';

/** Edits a contact; a new e-mail follows the same rules as a new contact and links its account (ensureAccount). */
export async function updateContact(
  core: Core,
  { actor, contactId, input }: { actor: Actor; contactId: number; input: ContactUpdateInput },
): Promise<ContactDto> {
  const contact = await authorizeContact(core.db, actor, contactId);
  const emailChanged = input.email !== undefined && input.email !== contact.email.toLowerCase();
  if (emailChanged) await refuseTeamEmail(core.db, { companyId: contact.companyId, email: input.email! });
  try {
    return await core.tx(async (tx) => {
      let userId = contact.userId;
      if (emailChanged) {
        const taken = await tx.db
          .selectFrom('contacts')
          .select('id')
          .where('companyId', '=', contact.companyId)
          .where(sql`lower(email)`, '=', input.email!)
          .where('id', '!=', contact.id)
          .executeTakeFirst();
        if (taken) throw AppError.fields('contact_duplicate', { email: CONTACT_MESSAGES.duplicate });
        const names = { firstName: input.firstName ?? contact.firstName, lastName: input.lastName ?? contact.lastName };
        userId = (await ensureAccount(tx, { invitedById: actor.user.id, input: { ...names, email: input.email! } })).id;
      }
      const row = await tx.db
        .updateTable('contacts')
        .set({ ...input, userId })
        .where('id', '=', contact.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      const user = row.userId
        ? await tx.db.selectFrom('users').select(['id', 'email']).where('id', '=', row.userId).executeTakeFirst()
        : undefined;
      return presentContact(row, user ?? null);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw AppError.fields('contact_duplicate', { email: CONTACT_MESSAGES.duplicate });
    throw err;
  }
}
