import type { Tx } from '../../db/transaction.js';
import type { SubscriptionRow } from '../../db/schema.js';
import type { BillingProviderName } from '@shared/schemas/billing.js';
import type { ProviderAddon, SubscriptionUpdatedEvent } from './provider.js';

/** What an add-on change sets: every add-on's total after it, and the plan it belongs to. */
export interface AddonChange {
  /** The plan's price code and interval. */
  plan: { code: string; name: string; billingInterval: 'month' | 'year' };
  /** Every add-on price code of the subscription with its total before the change. */
  before: Map<string, number>;
  /** The same after the change: the totals asked for, the others as they were. */
  after: Map<string, number>;
}

/** Reads the subscription's plan and add-on totals, and works out the totals after `addons`. */
export async function addonChange(tx: Tx, sub: SubscriptionRow, addons: ProviderAddon[]): Promise<AddonChange> {
  const plan = await tx.db
    .selectFrom('billingPrices as p')
    .innerJoin('billingProducts as pr', 'pr.id', 'p.productId')
    .select(['p.code', 'p.billingInterval', 'pr.name'])
    .where('p.id', '=', sub.priceId)
    .executeTakeFirstOrThrow();
  const current = await tx.db
    .selectFrom('subscriptionAddons as a')
    .innerJoin('billingPrices as p', 'p.id', 'a.priceId')
    .select(['p.code', 'a.quantity'])
    .where('a.subscriptionId', '=', sub.id)
    .execute();
  const before = new Map(current.map((a) => [a.code, a.quantity]));
  const after = new Map(before);
  for (const addon of addons) after.set(addon.priceId, addon.quantity);
  return { plan, before, after };
}

/** The subscription as it stands, with the add-on totals after the change. */
export function addonsUpdatedEvent(
  provider: BillingProviderName,
  eventId: string,
  sub: SubscriptionRow,
  change: AddonChange,
): SubscriptionUpdatedEvent {
  return {
    type: 'subscription.updated',
    eventId,
    provider,
    providerSubscriptionId: sub.providerSubscriptionId,
    status: sub.status,
    cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
    cancelAt: sub.cancelAt,
    currentPeriodEnd: sub.currentPeriodEnd,
    priceId: change.plan.code,
    addons: [...change.after].map(([priceId, quantity]) => ({ priceId, quantity })),
  };
}
