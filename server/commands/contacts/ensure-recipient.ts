import type { ContactInput } from '@shared/schemas/contacts.js';
import type { Tx } from '@server/db/transaction.js';
import { createInvitation } from '../auth/create-invitation.js';
import { userByEmail } from './recipient-rules.js';

/**
 * The live account of an e-mail or, when there is none, an invited, not yet registered signer account
 * for it (no e-mail goes out until an NDA is sent). Every contact carries one, so a contact looks the
 * same whether or not the person has registered, and any contact can be put in a signer group.
 */
export async function ensureAccount(
  tx: Tx,
  { invitedById, input: row }: { invitedById: number; input: ContactInput },
): Promise<{ id: number; email: string }> {
  const user = await userByEmail(tx.db, row.email);
  if (user) return user;
  const invitation = await createInvitation(tx, { email: row.email, role: 'signer', invitedById, companyId: null });
  // Until they register, the tracker shows the names the sender typed.
  return tx.db
    .updateTable('users')
    .set({ firstName: row.firstName, lastName: row.lastName })
    .where('id', '=', invitation.userId)
    .returning(['id', 'email'])
    .executeTakeFirstOrThrow();
}

/**
 * Makes a typed recipient usable in groups, inside the caller's transaction: the account of the
 * e-mail (ensureAccount) and the company's contact for it (found or created by e-mail, linked to that account).
 * The caller has already refused e-mails of the issuing team.
 */
export async function ensureRecipient(
  tx: Tx,
  { companyId, invitedById, input: row }: { companyId: number; invitedById: number; input: ContactInput },
) {
  const user = await ensureAccount(tx, { invitedById, input: row });
  await tx.db
    .insertInto('contacts')
    .values({ companyId, email: row.email, firstName: row.firstName, lastName: row.lastName, userId: user.id })
    .onConflict((oc) => oc.doNothing())
    .execute();
  let contact = await tx.db
    .selectFrom('contacts')
    .selectAll()
    .where('companyId', '=', companyId)
    .where((eb) => eb(eb.fn('lower', ['email']), '=', row.email))
    .forUpdate()
    .executeTakeFirstOrThrow();
  if (contact.userId !== user.id) {
    contact = await tx.db
      .updateTable('contacts')
      .set({ userId: user.id })
      .where('id', '=', contact.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }
  return { contact, user };
}
