import { sql } from 'kysely';
import { CONTACT_MESSAGES } from '@shared/schemas/contacts.js';
import type { Database } from '@server/db/schema.js';
import type { Kysely } from 'kysely';
import { AppError } from '@server/errors.js';

/**
 * Who may be a recipient: anyone but the team that issues the NDA (the company's owner and team
 * members, registered or still invited). Answers the e-mails (lower case) that belong to the team.
 */
export async function teamEmails(
  db: Kysely<Database>,
  { companyId, emails }: { companyId: number; emails: string[] },
): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const rows = await db
    .selectFrom('users')
    .select(sql<string>`lower(email)`.as('email'))
    .where('companyId', '=', companyId)
    .where('role', 'in', ['owner', 'member'])
    .where('isDeleted', '=', false)
    .where(
      sql`lower(email)`,
      'in',
      emails.map((e) => e.toLowerCase()),
    )
    .execute();
  return new Set(rows.map((r) => r.email));
}

/** Refuses a recipient e-mail of the issuing team ('email' field error). */
export async function refuseTeamEmail(
  db: Kysely<Database>,
  { companyId, email }: { companyId: number; email: string },
): Promise<void> {
  if ((await teamEmails(db, { companyId, emails: [email] })).size)
    throw AppError.fields('contact_is_team_member', { email: CONTACT_MESSAGES.teamMember });
}

/** The live account of an e-mail, if any. */
export async function userByEmail(db: Kysely<Database>, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'role', 'passwordHash', 'firstName', 'lastName', 'companyId'])
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .where('isDeleted', '=', false)
    .executeTakeFirst();
}
