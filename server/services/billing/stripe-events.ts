import type Stripe from 'stripe';
import type { SubscriptionStatus } from '@shared/schemas/billing.js';
import type { Db } from '../../db/connect.js';
import type { BillingEvent, CheckoutCompletedEvent, SubscriptionUpdatedEvent } from './provider.js';
import { CHECKOUT_METADATA, periodEnd, periodStart } from './stripe-provider.js';

/** What a Stripe price id is in our catalogue: a plan's price or an add-on's. */
export interface CataloguePrice {
  /** Our price identifier (boutique-month, addon_member-year, …). */
  priceId: string;
  kind: 'plan' | 'addon';
}
export type StripePriceLookup = (stripePriceIds: string[]) => Promise<Map<string, CataloguePrice>>;

/** Stripe price ids as the catalogue (BILLING_CATALOGUE_FILE) maps them to our prices. */
export function cataloguePrices(db: Db): StripePriceLookup {
  return async (ids) => {
    if (!ids.length) return new Map();
    const rows = await db
      .selectFrom('billingPrices')
      .select(['code', 'kind', 'stripePriceId'])
      .where('stripePriceId', 'in', ids)
      .execute();
    return new Map(
      rows.map((r) => [r.stripePriceId!, { priceId: r.code, kind: r.kind === 'plan' ? 'plan' : 'addon' } as const]),
    );
  };
}

/** The Stripe events the webhook endpoint is subscribed to (README); any other is acknowledged and ignored. */
export const STRIPE_EVENT_TYPES = [
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
] as const;

const STATUS: Record<string, SubscriptionStatus> = {
  active: 'active',
  trialing: 'active',
  past_due: 'past_due',
  unpaid: 'past_due',
  incomplete: 'incomplete',
  paused: 'incomplete',
  canceled: 'canceled',
  incomplete_expired: 'canceled',
};

const date = (seconds: number) => new Date(seconds * 1000);
const idOf = (ref: string | { id: string } | null | undefined) => (typeof ref === 'string' ? ref : (ref?.id ?? null));

export interface Translation {
  /** Applied in order. */
  events: BillingEvent[];
  /**
   * The completion of the checkout that created the subscription, from the subscription's metadata: for
   * an event that arrives before checkout.session.completed (Stripe does not order deliveries), applied
   * first when the subscription is not known yet.
   */
  activation: CheckoutCompletedEvent | null;
}

const none: Translation = { events: [], activation: null };

/**
 * The normalized billing events one Stripe event stands for; none when it concerns nothing of ours.
 * Stripe neither orders its deliveries nor renders them in one API version, so the subscription and
 * the invoice are read back from Stripe: a late or retried event then applies Stripe's current state
 * and never rolls a newer change back. Each normalized event carries the Stripe event id (a second one
 * made from the same Stripe event gets a suffix), which makes a redelivery a no-op.
 */
export async function translateStripeEvent(
  stripe: Stripe,
  event: Stripe.Event,
  prices: StripePriceLookup,
): Promise<Translation> {
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      const subscriptionId = idOf(session.subscription);
      // Only sessions our checkout opened (a payment link or another product's checkout is not ours).
      if (session.mode !== 'subscription' || !session.client_reference_id || !subscriptionId) return none;
      const subscription = await stripe.subscriptions.retrieve(subscriptionId);
      const completed = activationOf(event.id, subscription, session.client_reference_id);
      const state = await subscriptionState(`${event.id}:subscription`, subscription, prices);
      return { events: state ? [completed, state] : [completed], activation: null };
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated': {
      const subscription = await stripe.subscriptions.retrieve(event.data.object.id);
      const activation = activationOf(`${event.id}:checkout`, subscription);
      if (STATUS[subscription.status] === 'canceled')
        return { events: [deleted(event.id, subscription.id)], activation };
      const state = await subscriptionState(event.id, subscription, prices);
      return state ? { events: [state], activation } : none;
    }
    case 'customer.subscription.deleted':
      return { events: [deleted(event.id, event.data.object.id)], activation: null };
    case 'invoice.paid': {
      const invoice = await stripe.invoices.retrieve(event.data.object.id!);
      const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription);
      if (!subscriptionId || invoice.status !== 'paid') return none;
      const [subscription, lines] = await Promise.all([
        stripe.subscriptions.retrieve(subscriptionId),
        invoice.lines.has_more
          ? stripe.invoices.listLineItems(invoice.id, { limit: 100 }).autoPagingToArray({ limit: 10_000 })
          : invoice.lines.data,
      ]);
      return {
        events: [
          {
            type: 'invoice.paid',
            eventId: event.id,
            provider: 'stripe',
            providerInvoiceId: invoice.id,
            providerSubscriptionId: subscriptionId,
            number: invoice.number ?? invoice.id,
            total: invoice.total,
            currency: invoice.currency,
            created: date(invoice.status_transitions.paid_at ?? invoice.created),
            // A subscription invoice's own period is the one before; its lines carry the period billed.
            periodStart: date(lines[0]?.period.start ?? invoice.period_start),
            periodEnd: date(lines[0]?.period.end ?? invoice.period_end),
            hostedInvoiceUrl: invoice.hosted_invoice_url ?? null,
            lines: lines.map((line) => ({
              description: line.description ?? '',
              quantity: line.quantity ?? 1,
              amount: line.amount,
            })),
          },
        ],
        activation: activationOf(`${event.id}:checkout`, subscription),
      };
    }
    case 'invoice.payment_failed': {
      // Stripe marks the subscription past due; its own update event may come later, or not be subscribed to.
      const subscriptionId = idOf(event.data.object.parent?.subscription_details?.subscription);
      if (!subscriptionId) return none;
      const subscription = await stripe.subscriptions.retrieve(subscriptionId);
      if (STATUS[subscription.status] === 'canceled') return none;
      const state = await subscriptionState(event.id, subscription, prices);
      return state ? { events: [state], activation: null } : none;
    }
    default:
      return none;
  }
}

function deleted(eventId: string, providerSubscriptionId: string): BillingEvent {
  return { type: 'subscription.deleted', eventId, provider: 'stripe', providerSubscriptionId };
}

function activationOf(eventId: string, subscription: Stripe.Subscription): CheckoutCompletedEvent | null;
function activationOf(eventId: string, subscription: Stripe.Subscription, checkoutId: string): CheckoutCompletedEvent;
function activationOf(
  eventId: string,
  subscription: Stripe.Subscription,
  checkoutId: string | undefined = subscription.metadata?.[CHECKOUT_METADATA.checkoutId],
): CheckoutCompletedEvent | null {
  if (!checkoutId) return null;
  return {
    type: 'checkout.completed',
    eventId,
    provider: 'stripe',
    checkoutId,
    providerSubscriptionId: subscription.id,
    providerCustomerId: idOf(subscription.customer),
    currentPeriodStart: date(periodStart(subscription)),
    currentPeriodEnd: date(periodEnd(subscription)),
  };
}

/** The subscription as billing knows it; null when none of its prices is a plan price of our catalogue. */
async function subscriptionState(
  eventId: string,
  subscription: Stripe.Subscription,
  prices: StripePriceLookup,
): Promise<SubscriptionUpdatedEvent | null> {
  const known = await prices(subscription.items.data.map((item) => item.price.id));
  const items = subscription.items.data.flatMap((item) => {
    const price = known.get(item.price.id);
    return price ? [{ ...price, quantity: item.quantity ?? 1 }] : [];
  });
  const plan = items.find((item) => item.kind === 'plan');
  if (!plan) return null;
  return {
    type: 'subscription.updated',
    eventId,
    provider: 'stripe',
    providerSubscriptionId: subscription.id,
    status: STATUS[subscription.status] ?? 'incomplete',
    cancelAtPeriodEnd: subscription.cancel_at_period_end || subscription.cancel_at !== null,
    cancelAt: subscription.cancel_at === null ? null : date(subscription.cancel_at),
    currentPeriodEnd: date(periodEnd(subscription)),
    priceId: plan.priceId,
    addons: items
      .filter((item) => item.kind === 'addon')
      .map((item) => ({ priceId: item.priceId, quantity: item.quantity })),
  };
}
