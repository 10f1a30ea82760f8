import type { Kysely } from 'kysely';
import { CONTACT_MESSAGES, type ContactInput } from '@shared/schemas/contacts.js';
import type { Database } from '@server/db/schema.js';
import { isUniqueViolation } from '@server/db/errors.js';
import type { Tx } from '@server/db/transaction.js';
import { AppError } from '@server/errors.js';
import { ensureRecipient } from '../contacts/ensure-recipient.js';
import { teamEmails } from '../contacts/recipient-rules.js';
import { insertSignerGroup } from './create-signer-group.js';

/**
 * Recipients typed on the recipients page, when a group is created or updated: each row becomes a
 * contact of the company and an account, gathered in a new signer group named after the group.
 */

/** Refuses the rows whose e-mail belongs to the issuing team, each under recipients.<row>.email. */
export async function refuseTeamRecipients(
  db: Kysely<Database>,
  { companyId, recipients }: { companyId: number; recipients: ContactInput[] },
): Promise<void> {
  const team = await teamEmails(db, { companyId, emails: recipients.map((r) => r.email) });
  const rows = recipients.flatMap((r, i) => (team.has(r.email) ? [`recipients.${i}.email`] : []));
  if (rows.length)
    throw AppError.fields(
      'contact_is_team_member',
      Object.fromEntries(rows.map((k) => [k, CONTACT_MESSAGES.teamMember])),
    );
}

/** Inside the caller's transaction: the rows' contacts and accounts, and the signer group holding them. Answers its id. */
export async function insertTypedRecipients(
  tx: Tx,
  {
    companyId,
    invitedById,
    name,
    recipients,
  }: { companyId: number; invitedById: number; name: string; recipients: ContactInput[] },
): Promise<number> {
  const users: number[] = [];
  for (const row of recipients) users.push((await ensureRecipient(tx, { companyId, invitedById, input: row })).user.id);
  return (await insertSignerGroup(tx, { companyId, input: { name, users } })).id;
}

/**
 * Runs a transaction that creates recipients' accounts and contacts; when someone else created the
 * same account or contact at the same moment, the second try finds it.
 */
export async function retryOnRecipientRace<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (isUniqueViolation(err)) return run();
    throw err;
  }
}
