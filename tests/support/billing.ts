import { expect } from 'vitest';
import type { SubscriptionDto } from '@shared/schemas/billing.js';
import type { TestApp } from './app.js';
import type { TestUser } from './factories.js';
import { api, expectStatus } from './projects.js';

/** Billing steps through the real API: the built-in checkout, as an owner's browser goes through it. */

/** The token of a built-in checkout URL (/checkout/<token>). */
export function checkoutToken(checkoutUrl: string): string {
  const m = /\/checkout\/([A-Za-z0-9_-]+)$/.exec(checkoutUrl);
  if (!m) throw new Error(`not a built-in checkout URL: ${checkoutUrl}`);
  return m[1]!;
}

/** Starts a checkout for a plan price and answers its token. */
export async function startCheckout(t: TestApp, owner: TestUser, priceId = 'boutique-month'): Promise<string> {
  const res = await api(t, 'POST', '/billing/subscription/subscribe/', owner, { json: { price_id: priceId } });
  expectStatus(res, 200);
  return checkoutToken(res.body.checkoutUrl);
}

/** Subscribes the owner's company to a plan price through the built-in checkout; answers the subscription. */
export async function subscribeAndPay(
  t: TestApp,
  owner: TestUser,
  priceId = 'boutique-month',
): Promise<SubscriptionDto> {
  const token = await startCheckout(t, owner, priceId);
  const paid = await api(t, 'POST', `/billing/checkout/${token}/pay/`, owner);
  expectStatus(paid, 200);
  expect(paid.body).toEqual({ redirectUrl: '/plan?checkout=success' });
  const sub = await api(t, 'GET', '/billing/subscription/', owner);
  expectStatus(sub, 200);
  return sub.body as SubscriptionDto;
}

/** Sets add-on totals through the upgrade call. */
export function upgrade(t: TestApp, owner: TestUser | null, addon: { item_price_id: string; quantity: number }[]) {
  return api(t, 'POST', '/billing/subscription-edit/upgrade/', owner, { json: { addon } });
}

/** Moves the company's subscription period (and a set cancellation) into the past, as time passing would. */
export async function endPeriod(t: TestApp, companyId: number): Promise<void> {
  const past = new Date(Date.now() - 60_000);
  const sub = await t.core.db
    .selectFrom('subscriptions')
    .select(['cancelAtPeriodEnd'])
    .where('companyId', '=', companyId)
    .executeTakeFirstOrThrow();
  await t.core.db
    .updateTable('subscriptions')
    .set({ currentPeriodEnd: past, ...(sub.cancelAtPeriodEnd ? { cancelAt: past } : {}) })
    .where('companyId', '=', companyId)
    .execute();
}
