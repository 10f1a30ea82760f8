import { GROUP_MESSAGES } from '@shared/schemas/groups.js';
import type { Tx } from '@server/db/transaction.js';
import { AppError } from '@server/errors.js';

/** Recipients of a signer group must be accounts behind the company's contacts (POST /projects/contacts/resolve/ makes them). */
export async function checkRecipientUsers(
  tx: Tx,
  { companyId, userIds }: { companyId: number; userIds: number[] },
): Promise<void> {
  if (userIds.length === 0) return;
  const rows = await tx.db
    .selectFrom('contacts')
    .innerJoin('users', 'users.id', 'contacts.userId')
    .select('users.id')
    .where('contacts.companyId', '=', companyId)
    .where('users.isDeleted', '=', false)
    .where((eb) => eb.or([eb('users.companyId', 'is', null), eb('users.companyId', '!=', companyId)]))
    .where('users.id', 'in', userIds)
    .execute();
  const found = new Set(rows.map((r) => r.id));
  if (userIds.some((id) => !found.has(id)))
    throw AppError.fields('group_invalid', { users: GROUP_MESSAGES.notContact });
}

/** Signer groups named for a project's group must be the company's own. */
export async function checkSignerGroups(
  tx: Tx,
  { companyId, groupIds }: { companyId: number; groupIds: number[] },
): Promise<void> {
  if (groupIds.length === 0) return;
  const rows = await tx.db
    .selectFrom('signerGroups')
    .select('id')
    .where('companyId', '=', companyId)
    .where('id', 'in', groupIds)
    .execute();
  if (rows.length !== groupIds.length)
    throw AppError.fields('group_invalid', { signerGroups: GROUP_MESSAGES.unknownGroup });
}
