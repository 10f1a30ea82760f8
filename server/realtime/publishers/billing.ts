import type { Tx } from '@server/db/transaction.js';
import { rooms } from '../rooms.js';
import { emitAfterCommit, type Realtime } from './after-commit.js';

/**
 * The company's billing changed (subscription, limits, invoices, purchases): each of its users (the
 * owner and the team members, by their user rooms) re-reads what the plan page shows.
 */
export async function publishBillingChanged(core: Realtime, tx: Tx, companyId: number): Promise<void> {
  const users = await tx.db
    .selectFrom('users')
    .select('id')
    .where('companyId', '=', companyId)
    .where('role', 'in', ['owner', 'member'])
    .where('isDeleted', '=', false)
    .execute();
  if (users.length === 0) return;
  emitAfterCommit(
    core,
    tx,
    users.map((u) => rooms.user(u.id)),
    'billing.changed',
    { company: companyId },
  );
}
