import crypto from 'node:crypto';
import { addMonths } from 'date-fns/addMonths';
import { addYears } from 'date-fns/addYears';
import { type BillingInterval, memberCost } from '@shared/billing.js';
import type { Tx } from '../../db/transaction.js';
import type { CheckoutSessionRow, SubscriptionRow } from '../../db/schema.js';
import { addonChange, addonsUpdatedEvent } from './addon-events.js';
import type {
  BillingEvent,
  BillingProvider,
  CheckoutRequest,
  InvoicePaidEvent,
  ProviderAddon,
  ProviderSubscriptionRef,
} from './provider.js';

/**
 * The default provider: the app's own hosted checkout page (/checkout/:token) takes the payment, and
 * the app issues the invoices, shown on its own invoice page. Every change it makes goes through the
 * same normalized events as Stripe's, computed here and applied by the billing commands: a paid checkout (checkout.completed
 * and the first invoice), add-ons bought (subscription.updated and an invoice for the extra ones at
 * their price per plan interval), a period renewed (the next invoice) and a cancelled period ended
 * (subscription.deleted). Event ids are derived from what they describe, so a repeat does nothing.
 */

export function nextPeriodEnd(from: Date, interval: BillingInterval): Date {
  return interval === 'year' ? addYears(from, 1) : addMonths(from, 1);
}

const ADDON_LINE: Record<string, string> = { addon_project: 'Extra project', addon_member: 'Extra team member' };
const every = (interval: BillingInterval) => (interval === 'year' ? 'per year' : 'per month');

type Line = InvoicePaidEvent['lines'][number];

/** An invoice of the app's own, numbered when it is issued (applyBillingEvent), for `period`. */
function invoiceEvent(
  providerSubscriptionId: string,
  id: string,
  lines: Line[],
  created: Date,
  period: { start: Date; end: Date },
): InvoicePaidEvent {
  return {
    type: 'invoice.paid',
    eventId: `invoice:${id}`,
    provider: 'builtin',
    providerInvoiceId: id,
    providerSubscriptionId,
    number: null,
    total: lines.reduce((sum, l) => sum + l.amount, 0),
    currency: 'gbp',
    created,
    periodStart: period.start,
    periodEnd: period.end,
    hostedInvoiceUrl: null,
    lines,
  };
}

async function planOf(tx: Tx, priceId: number) {
  return tx.db
    .selectFrom('billingPrices as p')
    .innerJoin('billingProducts as pr', 'pr.id', 'p.productId')
    .select(['p.code', 'p.unitAmount', 'p.billingInterval', 'pr.name'])
    .where('p.id', '=', priceId)
    .executeTakeFirstOrThrow();
}

/** The events of a paid built-in checkout: the subscription starts now and its first period is invoiced. */
export async function checkoutPaidEvents(tx: Tx, checkout: CheckoutSessionRow, now: Date): Promise<BillingEvent[]> {
  const plan = await planOf(tx, checkout.priceId);
  const providerSubscriptionId = `bsub_${checkout.token}`;
  const periodEnd = nextPeriodEnd(now, plan.billingInterval);
  return [
    {
      type: 'checkout.completed',
      eventId: `checkout:${checkout.token}`,
      provider: 'builtin',
      checkoutId: checkout.token,
      providerSubscriptionId,
      providerCustomerId: `bcus_${checkout.companyId}`,
      currentPeriodStart: now,
      currentPeriodEnd: periodEnd,
    },
    invoiceEvent(
      providerSubscriptionId,
      `bin_checkout_${checkout.token}`,
      [
        {
          description: `${plan.name} plan, billed ${every(plan.billingInterval)}`,
          quantity: 1,
          amount: checkout.amount,
        },
      ],
      now,
      { start: now, end: periodEnd },
    ),
  ];
}

/** The events of a period that ended on a built-in subscription: the next period and its invoice. */
export async function renewalEvents(tx: Tx, sub: SubscriptionRow): Promise<BillingEvent[]> {
  const plan = await planOf(tx, sub.priceId);
  const start = sub.currentPeriodEnd;
  const end = nextPeriodEnd(start, plan.billingInterval);
  const addons = await tx.db
    .selectFrom('subscriptionAddons as a')
    .innerJoin('billingPrices as p', 'p.id', 'a.priceId')
    .select(['p.code', 'p.kind', 'p.unitAmount', 'a.quantity'])
    .where('a.subscriptionId', '=', sub.id)
    .where('a.quantity', '>', 0)
    .orderBy('p.id')
    .execute();
  const key = `${sub.providerSubscriptionId}_${start.toISOString()}`;
  return [
    {
      type: 'subscription.updated',
      eventId: `renewal:${key}`,
      provider: 'builtin',
      providerSubscriptionId: sub.providerSubscriptionId,
      status: 'active',
      cancelAtPeriodEnd: false,
      cancelAt: null,
      currentPeriodEnd: end,
      priceId: plan.code,
      addons: addons.map((a) => ({ priceId: a.code, quantity: a.quantity })),
    },
    invoiceEvent(
      sub.providerSubscriptionId,
      `bin_renewal_${key}`,
      [
        {
          description: `${plan.name} plan, billed ${every(plan.billingInterval)}`,
          quantity: 1,
          amount: plan.unitAmount,
        },
        ...addons.map((a) => ({
          description: `${ADDON_LINE[a.kind]}, billed ${every(plan.billingInterval)}`,
          quantity: a.quantity,
          amount: memberCost(a.quantity, a.unitAmount),
        })),
      ],
      new Date(),
      { start, end },
    ),
  ];
}

/** The event that ends a built-in subscription whose cancellation date has come. */
export function endEvent(sub: SubscriptionRow): BillingEvent {
  return {
    type: 'subscription.deleted',
    eventId: `end:${sub.providerSubscriptionId}_${(sub.cancelAt ?? sub.currentPeriodEnd).toISOString()}`,
    provider: 'builtin',
    providerSubscriptionId: sub.providerSubscriptionId,
  };
}

export class BuiltinProvider implements BillingProvider {
  readonly name = 'builtin' as const;

  /** The app's own checkout page; the owner pays there (POST /billing/checkout/{token}/pay/). */
  async createCheckout(req: CheckoutRequest): Promise<{ url: string; providerSessionId: string }> {
    return { url: `/checkout/${req.checkoutId}`, providerSessionId: req.checkoutId };
  }

  /** Nothing to ask anyone: the change is recorded by addonChangeEvents. */
  async setAddons(): Promise<void> {}

  /**
   * New add-on totals take effect at once; what was added is invoiced now at the add-on's price per
   * plan interval (no proration), and renewals invoice the totals with the plan.
   */
  async addonChangeEvents(tx: Tx, sub: SubscriptionRow, addons: ProviderAddon[], now: Date): Promise<BillingEvent[]> {
    const change = await addonChange(tx, sub, addons);
    const prices = await tx.db
      .selectFrom('billingPrices')
      .select(['code', 'kind', 'unitAmount'])
      .where(
        'code',
        'in',
        addons.map((a) => a.priceId),
      )
      .execute();
    const lines: Line[] = [];
    for (const addon of addons) {
      const price = prices.find((p) => p.code === addon.priceId);
      if (!price) continue;
      const added = (change.after.get(price.code) ?? 0) - (change.before.get(price.code) ?? 0);
      if (added > 0)
        lines.push({
          description: `${ADDON_LINE[price.kind]}, billed ${every(change.plan.billingInterval)}`,
          quantity: added,
          amount: memberCost(added, price.unitAmount),
        });
    }
    const id = crypto.randomUUID();
    const events: BillingEvent[] = [addonsUpdatedEvent('builtin', `addons:${id}`, sub, change)];
    // What is added is billed for the rest of the current period.
    const period = { start: now, end: sub.currentPeriodEnd };
    if (lines.length) events.push(invoiceEvent(sub.providerSubscriptionId, `bin_addons_${id}`, lines, now, period));
    return events;
  }

  /** A built-in subscription ends when its period does (the billing period pass ends it then). */
  async cancelAtPeriodEnd(sub: ProviderSubscriptionRef): Promise<{ cancelAt: Date }> {
    return { cancelAt: sub.currentPeriodEnd };
  }

  /** Nothing to tell anyone else: the next period is invoiced when it starts. */
  async renew(): Promise<void> {}
}
