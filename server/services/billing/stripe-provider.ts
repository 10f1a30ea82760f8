import Stripe from 'stripe';
import { BILLING_MESSAGES } from '@shared/billing.js';
import { AppError } from '../../errors.js';
import crypto from 'node:crypto';
import type { Tx } from '../../db/transaction.js';
import type { SubscriptionRow } from '../../db/schema.js';
import { addonChange, addonsUpdatedEvent } from './addon-events.js';
import type { StripeProviderFactory } from './index.js';
import type {
  BillingEvent,
  BillingProvider,
  CheckoutRequest,
  ProviderAddon,
  ProviderSubscriptionRef,
} from './provider.js';

/** What the Stripe client is configured with (STRIPE_SECRET_KEY, and STRIPE_API_BASE read by server/config.ts). */
export interface StripeClientSettings {
  secretKey: string;
  /** Another address than api.stripe.com (a local Stripe-like server in tests). */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
}

/** Metadata our checkout puts on the session and on the subscription it creates. */
export const CHECKOUT_METADATA = { companyId: 'company_id', checkoutId: 'checkout_id' } as const;

export function createStripeClient(settings: StripeClientSettings): Stripe {
  return new Stripe(settings.secretKey, {
    // Retries carry an idempotency key, so a retried change is applied once.
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'NDA Workspace' },
    ...settings.api,
  });
}

/** The latest end of the subscription's current period (each item carries its own period). */
export function periodEnd(subscription: Stripe.Subscription): number {
  return Math.max(0, ...subscription.items.data.map((item) => item.current_period_end));
}

export function periodStart(subscription: Stripe.Subscription): number {
  const starts = subscription.items.data.map((item) => item.current_period_start);
  return starts.length ? Math.min(...starts) : subscription.start_date;
}

/**
 * Billing through Stripe: a Checkout Session in subscription mode for the plan, subscription items for
 * the add-ons, and cancel_at_period_end for cancelling and renewing. Nothing here changes our records:
 * Stripe's webhooks bring its events (server/rest/stripe-webhook.ts), so our state follows what Stripe
 * holds; an add-on change it accepted is also recorded at once, from the totals it was asked for.
 *
 * Add-on changes are prorated and invoiced at once (proration_behavior 'always_invoice'): seats and
 * projects added in the middle of a period are charged for what is left of it straight away, and
 * removed ones are credited. With payment_behavior 'error_if_incomplete' Stripe refuses a change whose
 * payment fails, so no add-on is granted unpaid.
 */
export class StripeProvider implements BillingProvider {
  readonly name = 'stripe' as const;

  constructor(readonly stripe: Stripe) {}

  async createCheckout(req: CheckoutRequest): Promise<{ url: string; providerSessionId: string }> {
    const stripePriceId = requireStripePrice(req.price.id, req.price.stripePriceId);
    const metadata = {
      [CHECKOUT_METADATA.companyId]: String(req.companyId),
      [CHECKOUT_METADATA.checkoutId]: req.checkoutId,
    };
    const session = await this.call(() =>
      this.stripe.checkout.sessions.create(
        {
          mode: 'subscription',
          line_items: [{ price: stripePriceId, quantity: 1 }],
          client_reference_id: req.checkoutId,
          customer_email: req.customerEmail,
          metadata,
          subscription_data: { metadata },
          success_url: req.successUrl,
          cancel_url: req.cancelUrl,
        },
        // Our checkout is opened once; asking again (a retry) answers the same session.
        { idempotencyKey: `checkout-${req.checkoutId}` },
      ),
    );
    if (!session.url) throw new Error(`Stripe answered checkout session ${session.id} without a URL`);
    return { url: session.url, providerSessionId: session.id };
  }

  async setAddons(sub: ProviderSubscriptionRef, addons: ProviderAddon[]): Promise<void> {
    const current = await this.call(() => this.stripe.subscriptions.retrieve(sub.providerSubscriptionId));
    const items: Stripe.SubscriptionUpdateParams.Item[] = [];
    for (const addon of addons) {
      const stripePriceId = requireStripePrice(addon.priceId, addon.stripePriceId);
      const existing = current.items.data.find((item) => item.price.id === stripePriceId);
      if (existing && addon.quantity === 0) items.push({ id: existing.id, deleted: true });
      else if (existing && existing.quantity !== addon.quantity)
        items.push({ id: existing.id, quantity: addon.quantity });
      else if (!existing && addon.quantity > 0) items.push({ price: stripePriceId, quantity: addon.quantity });
    }
    if (!items.length) return;
    await this.call(() =>
      this.stripe.subscriptions.update(sub.providerSubscriptionId, {
        items,
        proration_behavior: 'always_invoice',
        payment_behavior: 'error_if_incomplete',
      }),
    );
  }

  /**
   * The new totals, recorded as soon as Stripe accepted them so that the answer shows the new limits;
   * Stripe's invoice and its own subscription update arrive by webhook.
   */
  async addonChangeEvents(tx: Tx, sub: SubscriptionRow, addons: ProviderAddon[]): Promise<BillingEvent[]> {
    return [addonsUpdatedEvent('stripe', `addons:${crypto.randomUUID()}`, sub, await addonChange(tx, sub, addons))];
  }

  async cancelAtPeriodEnd(sub: ProviderSubscriptionRef): Promise<{ cancelAt: Date }> {
    const updated = await this.call(() =>
      this.stripe.subscriptions.update(sub.providerSubscriptionId, { cancel_at_period_end: true }),
    );
    return { cancelAt: new Date((updated.cancel_at ?? periodEnd(updated)) * 1000) };
  }

  /** Withdraws the cancellation, whether it was asked for here (at period end) or for a date in Stripe's dashboard. */
  async renew(sub: ProviderSubscriptionRef): Promise<void> {
    const id = sub.providerSubscriptionId;
    const current = await this.call(() => this.stripe.subscriptions.retrieve(id));
    if (current.cancel_at_period_end)
      await this.call(() => this.stripe.subscriptions.update(id, { cancel_at_period_end: false }));
    else if (current.cancel_at !== null) await this.call(() => this.stripe.subscriptions.update(id, { cancel_at: '' }));
  }

  /**
   * A declined card is the owner's to fix: 'Subscription failed' and Stripe's reason. Anything else
   * (an unreachable Stripe, a refused request) is ours and stays a server error.
   */
  private async call<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      if (err instanceof Stripe.errors.StripeCardError)
        throw new AppError('bad_request', 'payment_failed', {
          nonFieldErrors: [BILLING_MESSAGES.subscriptionFailed, err.message],
        });
      throw err;
    }
  }
}

function requireStripePrice(priceId: string, stripePriceId: string | null): string {
  if (!stripePriceId)
    throw new Error(`The price ${priceId} has no Stripe price id: set stripePriceId in the billing catalogue`);
  return stripePriceId;
}

/** The Stripe provider for createBillingProviders (server/services/billing/index.ts). */
export const createStripeProvider: StripeProviderFactory = (config) => new StripeProvider(createStripeClient(config));
