import { CONTACT_MESSAGES, type ResolveRecipientsInput } from '@shared/schemas/contacts.js';
import type { Core } from '@server/core.js';
import { isUniqueViolation } from '@server/db/errors.js';
import { AppError } from '@server/errors.js';
import type { Actor } from '@server/policies/actor.js';
import { authorizeContacts } from '@server/policies/contact.js';
import { type ContactDto, presentContact } from '@server/presenters/contact.js';
import { ensureRecipient } from './ensure-recipient.js';
import { teamEmails } from './recipient-rules.js';

/**
 * Typed recipients: every row (first name, last name, e-mail) becomes a contact of the company and an
 * account that can be put in a signer group. Answers the user ids in the rows' order. (The recipients
 * page sends its rows with the group instead: commands/groups/typed-recipients.ts.)
 */
export async function resolveRecipients(
  core: Core,
  { actor, input }: { actor: Actor; input: ResolveRecipientsInput },
): Promise<{ users: number[]; contacts: ContactDto[] }> {
  const companyId = authorizeContacts(actor);
  const team = await teamEmails(core.db, { companyId, emails: input.recipients.map((r) => r.email) });
  if (team.size) throw AppError.fields('contact_is_team_member', { email: CONTACT_MESSAGES.teamMember });
  const run = () =>
    core.tx(async (tx) => {
      const resolved = [];
      for (const row of input.recipients)
        resolved.push(await ensureRecipient(tx, { companyId, invitedById: actor.user.id, input: row }));
      return {
        users: resolved.map((r) => r.user.id),
        contacts: resolved.map((r) => presentContact(r.contact, { id: r.user.id, email: r.user.email })),
      };
    });
  try {
    return await run();
  } catch (err) {
    // Someone else created the same account or contact at the same moment: the second try finds it.
    if (isUniqueViolation(err)) return run();
    throw err;
  }
}
