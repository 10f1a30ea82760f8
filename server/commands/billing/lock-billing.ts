import type { Tx } from '@server/db/transaction.js';
import type { SubscriptionRow } from '@server/db/schema.js';

/**
 * Locks the company's row, then its subscription's (always in this order, like the project and seat
 * limits, which lock the company row): billing changes of one company and the limits they set happen
 * one at a time. Answers the subscription row, if the company has one.
 */
export async function lockCompanyBilling(tx: Tx, companyId: number): Promise<SubscriptionRow | null> {
  await tx.db.selectFrom('companies').select('id').where('id', '=', companyId).forUpdate().executeTakeFirstOrThrow();
  const sub = await tx.db
    .selectFrom('subscriptions')
    .selectAll()
    .where('companyId', '=', companyId)
    .forUpdate()
    .executeTakeFirst();
  return sub ?? null;
}
