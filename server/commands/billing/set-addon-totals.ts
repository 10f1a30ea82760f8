import type { Tx } from '@server/db/transaction.js';
import type { BillingPriceRow } from '@server/db/schema.js';

export interface AddonTotal {
  price: Pick<BillingPriceRow, 'id' | 'kind'>;
  quantity: number;
}

/**
 * Sets a subscription's add-on quantities to new totals (add-ons not named keep theirs unless
 * `others` is 'zero'). Each increase is recorded as a purchase of that many projects or seats; setting
 * the same totals again changes and records nothing. Answers whether anything changed.
 */
export async function setAddonTotals(
  tx: Tx,
  sub: { id: number; companyId: number },
  totals: AddonTotal[],
  others: 'keep' | 'zero' = 'keep',
): Promise<boolean> {
  const current = await tx.db
    .selectFrom('subscriptionAddons')
    .select(['priceId', 'quantity'])
    .where('subscriptionId', '=', sub.id)
    .execute();
  const before = new Map(current.map((a) => [a.priceId, a.quantity]));
  const wanted = new Map(totals.map((t) => [t.price.id, t]));
  // An add-on the provider no longer lists is gone (a decrease: its kind plays no part, nothing is bought).
  if (others === 'zero')
    for (const a of current)
      if (!wanted.has(a.priceId) && a.quantity > 0)
        wanted.set(a.priceId, { price: { id: a.priceId, kind: 'plan' }, quantity: 0 });
  let changed = false;
  const now = new Date();
  for (const { price, quantity } of wanted.values()) {
    const old = before.get(price.id) ?? 0;
    if (old === quantity) continue;
    changed = true;
    await tx.db
      .insertInto('subscriptionAddons')
      .values({ subscriptionId: sub.id, priceId: price.id, quantity, updatedAt: now })
      .onConflict((oc) => oc.columns(['subscriptionId', 'priceId']).doUpdateSet({ quantity, updatedAt: now }))
      .execute();
    if (quantity > old && price.kind !== 'plan')
      await tx.db
        .insertInto('oneTimePurchases')
        .values({
          companyId: sub.companyId,
          subscriptionId: sub.id,
          kind: price.kind === 'addon_project' ? 'project' : 'member',
          quantity: quantity - old,
          createdAt: now,
        })
        .execute();
  }
  return changed;
}
