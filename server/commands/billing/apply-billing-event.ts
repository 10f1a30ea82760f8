import { taxIncluded } from '@shared/billing.js';
import type { Core } from '@server/core.js';
import type { Tx } from '@server/db/transaction.js';
import type { SubscriptionRow } from '@server/db/schema.js';
import { publishBillingChanged } from '@server/realtime/publishers/billing.js';
import type {
  BillingEvent,
  CheckoutCompletedEvent,
  InvoicePaidEvent,
  SubscriptionUpdatedEvent,
} from '@server/services/billing/provider.js';
import { lockCompanyBilling } from './lock-billing.js';
import { setAddonTotals } from './set-addon-totals.js';

/**
 * applied: the event changed what it says; duplicate: this (provider, eventId) was applied before and
 * nothing happened; unknown: it names a checkout or subscription this app does not have (nothing is
 * recorded, so the same event delivered again later, once the subscription exists, is applied).
 */
export type ApplyOutcome = 'applied' | 'duplicate' | 'unknown';

/** Applies one provider event in its own transaction. */
export function applyBillingEvent(core: Core, event: BillingEvent): Promise<ApplyOutcome> {
  return core.tx((tx) => applyBillingEventInTx(core, tx, event));
}

/**
 * The one way billing state changes after a provider acts: a checkout completed, a subscription
 * updated or ended, an invoice paid. The company's rows are locked first, then the event is recorded
 * under its unique (provider, eventId): a repeated event does nothing the second time. The company's
 * users hear `billing.changed` after commit.
 */
export async function applyBillingEventInTx(core: Core, tx: Tx, event: BillingEvent): Promise<ApplyOutcome> {
  const companyId = await companyOf(tx, event);
  if (companyId === null) return 'unknown';
  await lockCompanyBilling(tx, companyId);
  const recorded = await tx.db
    .insertInto('billingEvents')
    .values({ provider: event.provider, eventId: event.eventId, type: event.type, companyId, receivedAt: new Date() })
    .onConflict((oc) => oc.columns(['provider', 'eventId']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!recorded) return 'duplicate';
  switch (event.type) {
    case 'checkout.completed':
      await checkoutCompleted(tx, companyId, event);
      break;
    case 'subscription.updated':
      await subscriptionUpdated(tx, await subscriptionOf(tx, event), event);
      break;
    case 'subscription.deleted':
      await endSubscription(tx, await subscriptionOf(tx, event));
      break;
    case 'invoice.paid':
      await invoicePaid(core, tx, await subscriptionOf(tx, event), event);
      break;
  }
  await publishBillingChanged(core, tx, companyId);
  return 'applied';
}

async function companyOf(tx: Tx, event: BillingEvent): Promise<number | null> {
  const row =
    event.type === 'checkout.completed'
      ? await tx.db
          .selectFrom('checkoutSessions')
          .select('companyId')
          .where('token', '=', event.checkoutId)
          .where('provider', '=', event.provider)
          .executeTakeFirst()
      : await tx.db
          .selectFrom('subscriptions')
          .select('companyId')
          .where('provider', '=', event.provider)
          .where('providerSubscriptionId', '=', event.providerSubscriptionId)
          .executeTakeFirst();
  return row?.companyId ?? null;
}

function subscriptionOf(tx: Tx, event: Exclude<BillingEvent, CheckoutCompletedEvent>): Promise<SubscriptionRow> {
  return tx.db
    .selectFrom('subscriptions')
    .selectAll()
    .where('provider', '=', event.provider)
    .where('providerSubscriptionId', '=', event.providerSubscriptionId)
    .executeTakeFirstOrThrow();
}

/** The checkout's plan becomes the company's subscription (a new one, without add-ons). */
async function checkoutCompleted(tx: Tx, companyId: number, event: CheckoutCompletedEvent): Promise<void> {
  const checkout = await tx.db
    .selectFrom('checkoutSessions')
    .selectAll()
    .where('token', '=', event.checkoutId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  if (checkout.status === 'complete') return;
  const now = new Date();
  const fields = {
    priceId: checkout.priceId,
    status: 'active' as const,
    provider: event.provider,
    providerSubscriptionId: event.providerSubscriptionId,
    providerCustomerId: event.providerCustomerId,
    currentPeriodStart: event.currentPeriodStart,
    currentPeriodEnd: event.currentPeriodEnd,
    cancelAtPeriodEnd: false,
    cancelAt: null,
    endedAt: null,
    updatedAt: now,
  };
  const existing = await tx.db
    .selectFrom('subscriptions')
    .select('id')
    .where('companyId', '=', companyId)
    .executeTakeFirst();
  if (existing) {
    await tx.db.deleteFrom('subscriptionAddons').where('subscriptionId', '=', existing.id).execute();
    await tx.db.updateTable('subscriptions').set(fields).where('id', '=', existing.id).execute();
  } else {
    await tx.db
      .insertInto('subscriptions')
      .values({ ...fields, companyId, createdAt: now })
      .execute();
  }
  await tx.db
    .updateTable('checkoutSessions')
    .set({ status: 'complete', completedAt: now })
    .where('id', '=', checkout.id)
    .execute();
  // Any other checkout the owner left open is no longer needed.
  await tx.db
    .updateTable('checkoutSessions')
    .set({ status: 'expired' })
    .where('companyId', '=', companyId)
    .where('status', '=', 'open')
    .execute();
}

async function subscriptionUpdated(tx: Tx, sub: SubscriptionRow, event: SubscriptionUpdatedEvent): Promise<void> {
  // An ended subscription stays ended (a late update cannot bring it back); a new one comes by checkout.
  if (sub.status === 'canceled') return;
  if (event.status === 'canceled') return endSubscription(tx, sub);
  const plan = await tx.db
    .selectFrom('billingPrices')
    .select('id')
    .where('code', '=', event.priceId)
    .where('kind', '=', 'plan')
    .executeTakeFirst();
  const periodMoved = event.currentPeriodEnd.getTime() > sub.currentPeriodEnd.getTime();
  await tx.db
    .updateTable('subscriptions')
    .set({
      priceId: plan?.id ?? sub.priceId,
      status: event.status,
      cancelAtPeriodEnd: event.cancelAtPeriodEnd,
      cancelAt: event.cancelAtPeriodEnd ? (event.cancelAt ?? event.currentPeriodEnd) : null,
      currentPeriodEnd: event.currentPeriodEnd,
      ...(periodMoved ? { currentPeriodStart: sub.currentPeriodEnd } : {}),
      updatedAt: new Date(),
    })
    .where('id', '=', sub.id)
    .execute();
  const codes = event.addons.map((a) => a.priceId);
  const prices = codes.length
    ? await tx.db
        .selectFrom('billingPrices')
        .select(['id', 'code', 'kind'])
        .where('code', 'in', codes)
        .where('kind', '!=', 'plan')
        .execute()
    : [];
  const totals = prices.map((price) => ({
    price,
    quantity: event.addons.filter((a) => a.priceId === price.code).reduce((n, a) => n + a.quantity, 0),
  }));
  await setAddonTotals(tx, sub, totals, 'zero');
}

/** The company is on Free again: its projects stay, new ones count against Free's limits. */
async function endSubscription(tx: Tx, sub: SubscriptionRow): Promise<void> {
  if (sub.status === 'canceled') return;
  const now = new Date();
  await tx.db.deleteFrom('subscriptionAddons').where('subscriptionId', '=', sub.id).execute();
  await tx.db
    .updateTable('subscriptions')
    .set({ status: 'canceled', cancelAtPeriodEnd: false, endedAt: now, updatedAt: now })
    .where('id', '=', sub.id)
    .execute();
}

/**
 * Issues the invoice as a finance team files it, fixed as it stands now: the seller (configuration) and
 * the customer company's legal details, the period billed, net, tax rate, tax and gross (prices include
 * tax), and the app's next number when the provider gave none.
 */
async function invoicePaid(core: Core, tx: Tx, sub: SubscriptionRow, event: InvoicePaidEvent): Promise<void> {
  const known = await tx.db
    .selectFrom('invoices')
    .select('id')
    .where('provider', '=', event.provider)
    .where('providerInvoiceId', '=', event.providerInvoiceId)
    .executeTakeFirst();
  if (known) return;
  const customer = await tx.db
    .selectFrom('companies')
    .select(['name', 'address', 'vat'])
    .where('id', '=', sub.companyId)
    .executeTakeFirstOrThrow();
  const issuer = core.config.invoices;
  const { net, tax } = taxIncluded(event.total, issuer.taxRateBp);
  const invoice = await tx.db
    .insertInto('invoices')
    .values({
      companyId: sub.companyId,
      subscriptionId: sub.id,
      provider: event.provider,
      providerInvoiceId: event.providerInvoiceId,
      number: event.number ?? (await nextInvoiceNumber(tx, event.provider)),
      total: event.total,
      currency: event.currency.toLowerCase(),
      paid: true,
      hostedInvoiceUrl: event.hostedInvoiceUrl,
      createdAt: event.created,
      sellerName: issuer.sellerName,
      sellerAddress: issuer.sellerAddress,
      sellerVat: issuer.sellerVat,
      customerName: customer.name,
      customerAddress: customer.address,
      customerVat: customer.vat.trim() || null,
      periodStart: event.periodStart,
      periodEnd: event.periodEnd,
      net,
      taxRateBp: issuer.taxRateBp,
      tax,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (event.lines.length === 0) return;
  await tx.db
    .insertInto('invoiceLines')
    .values(event.lines.map((line) => ({ invoiceId: invoice.id, ...line })))
    .execute();
}

/**
 * The app's next invoice number, INV-000042: the counter row is moved in the issuing transaction (and
 * locked until it commits), so numbers run in order of issue without gaps or repeats.
 */
async function nextInvoiceNumber(tx: Tx, provider: string): Promise<string> {
  const row = await tx.db
    .insertInto('invoiceNumberCounters')
    .values({ provider, lastNumber: 1 })
    .onConflict((oc) =>
      oc.column('provider').doUpdateSet((eb) => ({ lastNumber: eb('invoiceNumberCounters.lastNumber', '+', 1) })),
    )
    .returning('lastNumber')
    .executeTakeFirstOrThrow();
  return `INV-${String(row.lastNumber).padStart(6, '0')}`;
}
