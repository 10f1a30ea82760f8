import { z } from 'zod';
import {
  type AddonKind,
  type BillingInterval,
  MAX_QUANTITY,
  type PlanCode,
  type SubscriptionStatus,
} from '../billing.js';
import { PG_INTEGER_MAX, recordIdOrText } from './ids.js';
import { pageParams } from './projects.js';

/** Billing: the inputs every door validates and the DTOs the presenters produce (contract of both sides). */

const PRICE_ID_MAX = 64;
const INVALID_PRICE = 'Choose a valid price.';
const INVALID_QUANTITY = `Enter a whole number from 0 to ${MAX_QUANTITY}.`;

/** A price identifier such as `boutique-month`. */
export const priceId = z
  .string({ error: INVALID_PRICE })
  .trim()
  .min(1, INVALID_PRICE)
  .max(PRICE_ID_MAX, INVALID_PRICE)
  .regex(/^[a-z0-9_]+-[a-z0-9_]+$/, INVALID_PRICE);

/** POST /billing/subscription/subscribe/: the plan price chosen and the amount the page showed. */
export const subscribeInput = z.object({
  priceId,
  /** The amount the client displayed, in minor units; refused when it no longer matches the price. */
  price: z.coerce
    .number({ error: 'A valid integer is required.' })
    .int('A valid integer is required.')
    .min(0, 'A valid integer is required.')
    .max(PG_INTEGER_MAX, 'A valid integer is required.')
    .optional(),
});
export type SubscribeInput = z.infer<typeof subscribeInput>;

/** One add-on with its new total quantity. */
export const addonQuantity = z.object({
  itemPriceId: priceId,
  quantity: z.coerce
    .number({ error: INVALID_QUANTITY })
    .int(INVALID_QUANTITY)
    .min(0, INVALID_QUANTITY)
    .max(MAX_QUANTITY, INVALID_QUANTITY),
});

/** POST /billing/subscription-edit/upgrade/: the new total of each add-on named. */
export const upgradeInput = z.object({
  addon: z.array(addonQuantity, { error: 'A list of add-ons is required.' }).max(4, 'Name each add-on once.'),
});
export type UpgradeInput = z.infer<typeof upgradeInput>;

/** POST /billing/subscription/cancel/: a subscription ends at its period's end (immediately is false). */
export const cancelInput = z.object({
  immediately: z.boolean({ error: 'Must be true or false.' }).optional().default(false),
});
export type CancelInput = z.infer<typeof cancelInput>;

/** The opaque token of a built-in checkout. */
export const checkoutToken = z
  .string({ error: 'Not found.' })
  .trim()
  .regex(/^[A-Za-z0-9_-]{16,128}$/, 'Not found.');

export const checkoutInput = z.object({ token: checkoutToken });
export const invoiceInput = z.object({ id: recordIdOrText });

/** limit / offset of the billing lists (no limit: every row). */
export const billingListQuery = z.object(pageParams(null));
export type BillingListQuery = z.infer<typeof billingListQuery>;

// ---- DTOs ----

export interface PriceDto {
  /** The price identifier, e.g. `boutique-month`. */
  id: string;
  unitAmount: number;
  interval: BillingInterval;
  currency: 'gbp';
}

export interface ProductDto {
  id: number;
  code: PlanCode;
  name: string;
  numberOfProjectsAllowed: number;
  numberOfMembersAllowed: number;
  prices: PriceDto[];
  addon: { projects: PriceDto[]; members: PriceDto[] };
  /** false: add-ons recur with the plan's interval. */
  additionalProjectLifetime: boolean;
}

export type { SubscriptionStatus } from '../billing.js';
export type BillingProviderName = 'builtin' | 'stripe';

export interface SubscriptionAddonDto {
  price: PriceDto;
  quantity: number;
  kind: AddonKind;
}

export interface SubscriptionDto {
  status: SubscriptionStatus | null;
  /** null: the Free plan. */
  product: { code: PlanCode; name: string; price: PriceDto } | null;
  quantity: number;
  cancelAtPeriodEnd: boolean;
  /** ISO date-time. */
  cancelAt: string | null;
  currentPeriodEnd: string | null;
  /** Plan + add-ons + granted extras; -1 unlimited. */
  memberAllowed: number;
  projectAllowed: number;
  membersUsed: number;
  projectsUsed: number;
  addon: SubscriptionAddonDto[];
  /** Extra projects on top of the plan (add-ons and granted). */
  additionalProjects: number;
  provider: BillingProviderName | null;
  /** A checkout was started and is not finished yet. */
  pendingCheckout: boolean;
}

export interface InvoiceLineDto {
  description: string;
  quantity: number;
  amount: number;
}

/** A party to an invoice, as it stood when the invoice was issued. */
export interface InvoicePartyDto {
  /** Legal name. */
  name: string;
  /** Lines separated by newlines. */
  address: string;
  /** Null when the customer gave none. */
  vat: string | null;
}

export interface InvoiceDto {
  id: number;
  /** Unique and sequential (the app's own, or the provider's). */
  number: string;
  /** The gross, tax included (minor units). */
  total: number;
  currency: string;
  created: string;
  paid: boolean;
  hostedInvoiceUrl: string;
  lines: InvoiceLineDto[];
  /** What the invoice states for a finance team; null on invoices issued before they were kept. */
  seller: InvoicePartyDto | null;
  customer: InvoicePartyDto | null;
  periodStart: string | null;
  periodEnd: string | null;
  net: number | null;
  /** Hundredths of a percent: 2000 is 20 %. */
  taxRateBp: number | null;
  tax: number | null;
}

export interface OneTimePurchaseDto {
  id: number;
  kind: AddonKind;
  quantity: number;
  created: string;
}

export type CheckoutStatus = 'open' | 'complete' | 'expired';

export interface CheckoutDto {
  /** The opaque token. */
  id: string;
  productName: string;
  interval: BillingInterval;
  amount: number;
  currency: string;
  status: CheckoutStatus;
  companyName: string;
}

export interface SubscribeResult {
  checkoutUrl: string;
}

export interface CancelResult {
  detail: { cancelAtPeriodEnd: boolean; cancelAt: string | null };
}

export interface PayResult {
  redirectUrl: string;
}

/** Where the built-in checkout sends the owner once paid. */
export const CHECKOUT_SUCCESS_PATH = '/plan?checkout=success';
export const CHECKOUT_CANCEL_PATH = '/plan?checkout=cancelled';
