import type { AddonKind, PlanCode, PlanLimits } from '@shared/billing.js';
import type {
  CheckoutDto,
  CheckoutStatus,
  InvoiceDto,
  InvoiceLineDto,
  OneTimePurchaseDto,
  PriceDto,
  ProductDto,
  SubscriptionDto,
} from '@shared/schemas/billing.js';
import type {
  BillingPriceRow,
  BillingProductRow,
  CheckoutSessionRow,
  InvoiceRow,
  SubscriptionRow,
} from '../db/schema.js';

type PriceFields = Pick<BillingPriceRow, 'code' | 'unitAmount' | 'billingInterval'>;

export function presentPrice(price: PriceFields): PriceDto {
  return { id: price.code, unitAmount: price.unitAmount, interval: price.billingInterval, currency: 'gbp' };
}

/** Prices in the order a card shows them: month first, then cheaper first. */
function sorted(prices: PriceFields[]): PriceDto[] {
  return prices
    .map(presentPrice)
    .sort((a, b) => (a.interval === b.interval ? a.unitAmount - b.unitAmount : a.interval === 'month' ? -1 : 1));
}

export function presentProduct(
  product: BillingProductRow,
  prices: BillingPriceRow[],
  addons: { project: BillingPriceRow[]; member: BillingPriceRow[] },
): ProductDto {
  return {
    id: product.id,
    code: product.code as PlanCode,
    name: product.name,
    numberOfProjectsAllowed: product.projectsAllowed,
    numberOfMembersAllowed: product.membersAllowed,
    prices: sorted(prices),
    addon: {
      projects: product.addonProjects ? sorted(addons.project) : [],
      members: product.addonMembers ? sorted(addons.member) : [],
    },
    additionalProjectLifetime: false,
  };
}

export interface SubscriptionView {
  limits: PlanLimits<SubscriptionRow>;
  /** The plan price of the subscription that sets the plan (null: Free). */
  price: PriceFields | null;
  addons: (PriceFields & { kind: BillingPriceRow['kind']; quantity: number })[];
  membersUsed: number;
  projectsUsed: number;
  pendingCheckout: boolean;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function presentSubscription(view: SubscriptionView): SubscriptionDto {
  const { limits } = view;
  const sub: SubscriptionRow | null = limits.subscription;
  const paid = sub !== null && view.price !== null;
  return {
    status: paid ? sub.status : null,
    product: paid ? { code: limits.plan.code, name: limits.plan.name, price: presentPrice(view.price!) } : null,
    quantity: paid ? 1 : 0,
    cancelAtPeriodEnd: paid ? sub.cancelAtPeriodEnd : false,
    cancelAt: paid ? iso(sub.cancelAt) : null,
    currentPeriodEnd: paid ? iso(sub.currentPeriodEnd) : null,
    memberAllowed: limits.membersAllowed,
    projectAllowed: limits.projectsAllowed,
    membersUsed: view.membersUsed,
    projectsUsed: view.projectsUsed,
    addon: view.addons
      .filter((a) => a.quantity > 0)
      .map((a) => ({
        price: presentPrice(a),
        quantity: a.quantity,
        kind: (a.kind === 'addon_project' ? 'project' : 'member') as AddonKind,
      })),
    additionalProjects: limits.planProjects === -1 ? 0 : limits.addonProjects + limits.grantedProjects,
    provider: paid ? sub.provider : null,
    pendingCheckout: view.pendingCheckout,
  };
}

/** Where the app shows an invoice of the built-in provider. */
export function builtinInvoicePath(id: number): string {
  return `/invoices/${id}`;
}

export function presentInvoice(invoice: InvoiceRow, lines: InvoiceLineDto[]): InvoiceDto {
  return {
    id: invoice.id,
    number: invoice.number,
    total: invoice.total,
    currency: invoice.currency,
    created: invoice.createdAt.toISOString(),
    paid: invoice.paid,
    hostedInvoiceUrl: invoice.hostedInvoiceUrl ?? builtinInvoicePath(invoice.id),
    lines,
    seller:
      invoice.sellerName === null
        ? null
        : { name: invoice.sellerName, address: invoice.sellerAddress ?? '', vat: invoice.sellerVat },
    customer:
      invoice.customerName === null
        ? null
        : { name: invoice.customerName, address: invoice.customerAddress ?? '', vat: invoice.customerVat },
    periodStart: invoice.periodStart?.toISOString() ?? null,
    periodEnd: invoice.periodEnd?.toISOString() ?? null,
    net: invoice.net,
    taxRateBp: invoice.taxRateBp,
    tax: invoice.tax,
  };
}

export function presentPurchase(row: {
  id: number;
  kind: AddonKind;
  quantity: number;
  createdAt: Date;
}): OneTimePurchaseDto {
  return { id: row.id, kind: row.kind, quantity: row.quantity, created: row.createdAt.toISOString() };
}

/** An open checkout past its expiry reads as expired. */
export function checkoutStatus(
  checkout: Pick<CheckoutSessionRow, 'status' | 'expiresAt'>,
  now = new Date(),
): CheckoutStatus {
  return checkout.status === 'open' && checkout.expiresAt <= now ? 'expired' : checkout.status;
}

export function presentCheckout(
  checkout: CheckoutSessionRow,
  price: Pick<BillingPriceRow, 'billingInterval'>,
  names: { productName: string; companyName: string },
): CheckoutDto {
  return {
    id: checkout.token,
    productName: names.productName,
    interval: price.billingInterval,
    amount: checkout.amount,
    currency: checkout.currency,
    status: checkoutStatus(checkout),
    companyName: names.companyName,
  };
}
