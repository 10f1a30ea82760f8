import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { AppError } from '../errors.js';
import type { Actor } from './actor.js';
import { requireTeam } from './group.js';

/** My Network belongs to a company: its owner and team members manage it; signers get 403, other companies 404. */
export function authorizeContacts(actor: Actor): number {
  return requireTeam(actor);
}

export async function authorizeContact(db: Kysely<Database>, actor: Actor, contactId: number) {
  const contact = await db.selectFrom('contacts').selectAll().where('id', '=', contactId).executeTakeFirst();
  if (!contact || contact.companyId !== actor.user.companyId) throw AppError.notFound();
  authorizeContacts(actor);
  return contact;
}
