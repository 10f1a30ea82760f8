import type { BillingInterval } from '@shared/billing.js';
import type { BillingProviderName, SubscriptionStatus } from '@shared/schemas/billing.js';
import type { Tx } from '../../db/transaction.js';
import type { SubscriptionRow } from '../../db/schema.js';

/**
 * A payment provider as billing sees it. Requests go out through this interface; every change of state
 * comes back as normalized BillingEvents, which the billing commands apply (applyBillingEventInTx in
 * server/commands/billing), so the built-in provider and Stripe share every rule. A provider computes
 * events and never writes billing state itself.
 */

export interface CheckoutRequest {
  /** Our checkout's opaque token. */
  checkoutId: string;
  companyId: number;
  customerEmail: string;
  price: {
    id: string;
    stripePriceId: string | null;
    unitAmount: number;
    currency: string;
    interval: BillingInterval;
    productName: string;
  };
  successUrl: string;
  cancelUrl: string;
}

export interface ProviderSubscriptionRef {
  providerSubscriptionId: string;
  currentPeriodEnd: Date;
}

export interface ProviderAddon {
  priceId: string;
  stripePriceId: string | null;
  quantity: number;
}

export interface BillingProvider {
  readonly name: BillingProviderName;
  /** Opens a hosted checkout for one plan price; answers the page to send the owner to. */
  createCheckout(req: CheckoutRequest): Promise<{ url: string; providerSessionId: string }>;
  /** Sets the add-on quantities (new totals) on the provider's subscription; returns when accepted. */
  setAddons(sub: ProviderSubscriptionRef, addons: ProviderAddon[]): Promise<void>;
  /**
   * The events that record an accepted add-on change at once, computed in the caller's transaction
   * under the company's lock: every add-on's new total and, where the provider invoices through the
   * app, the invoice of what was added. A provider with webhooks confirms the same totals again later.
   */
  addonChangeEvents(tx: Tx, sub: SubscriptionRow, addons: ProviderAddon[], now: Date): Promise<BillingEvent[]>;
  /** Ends the subscription at the end of its period; answers when it ends. */
  cancelAtPeriodEnd(sub: ProviderSubscriptionRef): Promise<{ cancelAt: Date }>;
  /** Withdraws a pending cancellation. */
  renew(sub: ProviderSubscriptionRef): Promise<void>;
}

interface EventBase {
  /** Unique per provider: applying the same (provider, eventId) twice does nothing the second time. */
  eventId: string;
  provider: BillingProviderName;
}

export interface CheckoutCompletedEvent extends EventBase {
  type: 'checkout.completed';
  /** Our checkout's opaque token. */
  checkoutId: string;
  providerSubscriptionId: string;
  providerCustomerId: string | null;
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
}

export interface SubscriptionUpdatedEvent extends EventBase {
  type: 'subscription.updated';
  providerSubscriptionId: string;
  status: SubscriptionStatus;
  cancelAtPeriodEnd: boolean;
  cancelAt: Date | null;
  currentPeriodEnd: Date;
  /** The plan's price identifier. */
  priceId: string;
  /** Add-on price identifiers with their total quantities (absent: 0). */
  addons: { priceId: string; quantity: number }[];
}

export interface SubscriptionDeletedEvent extends EventBase {
  type: 'subscription.deleted';
  providerSubscriptionId: string;
}

export interface InvoicePaidEvent extends EventBase {
  type: 'invoice.paid';
  providerInvoiceId: string;
  providerSubscriptionId: string;
  /** The provider's own number; null: the app numbers it when it is issued (applyBillingEvent). */
  number: string | null;
  /** Minor units, tax included. */
  total: number;
  currency: string;
  created: Date;
  /** The period the invoice bills. */
  periodStart: Date;
  periodEnd: Date;
  /** The provider's own invoice page; null: the app's invoice page. */
  hostedInvoiceUrl: string | null;
  lines: { description: string; quantity: number; amount: number }[];
}

export type BillingEvent =
  CheckoutCompletedEvent | SubscriptionUpdatedEvent | SubscriptionDeletedEvent | InvoicePaidEvent;
export type BillingEventType = BillingEvent['type'];
