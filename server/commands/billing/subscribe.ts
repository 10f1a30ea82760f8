import crypto from 'node:crypto';
import { BILLING_MESSAGES, PLAN_STATUSES } from '@shared/billing.js';
import {
  CHECKOUT_CANCEL_PATH,
  CHECKOUT_SUCCESS_PATH,
  type SubscribeInput,
  type SubscribeResult,
} from '@shared/schemas/billing.js';
import type { Core } from '@server/core.js';
import { AppError } from '@server/errors.js';
import type { Actor } from '@server/policies/actor.js';
import { authorizeBillingManage } from '@server/policies/billing.js';

import { lockCompanyBilling } from './lock-billing.js';

/** How long a checkout stays open. */
const CHECKOUT_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * Starts the owner's checkout for a paid plan's price and answers the page to pay on. The amount the
 * page showed must still be the price's. A company that already has a paid plan changes it from the
 * plan page (add-ons, cancel), not by a second subscription. The provider is asked outside the
 * transaction (it may be a network call); if it fails, the checkout is closed and the owner told.
 */
export async function subscribe(
  core: Core,
  { actor, input }: { actor: Actor; input: SubscribeInput },
): Promise<SubscribeResult> {
  const companyId = authorizeBillingManage(actor);
  const price = await core.db
    .selectFrom('billingPrices as p')
    .innerJoin('billingProducts as pr', 'pr.id', 'p.productId')
    .select([
      'p.id',
      'p.code',
      'p.unitAmount',
      'p.currency',
      'p.billingInterval',
      'p.stripePriceId',
      'pr.code as product',
      'pr.name',
    ])
    .where('p.code', '=', input.priceId)
    .where('p.kind', '=', 'plan')
    .where('p.isActive', '=', true)
    .where('pr.isActive', '=', true)
    .executeTakeFirst();
  if (!price || price.product === 'free')
    throw AppError.fields('price_unknown', { priceId: BILLING_MESSAGES.unknownPrice });
  if (input.price !== undefined && input.price !== price.unitAmount)
    throw AppError.nonField('price_changed', BILLING_MESSAGES.priceChanged);

  const token = crypto.randomBytes(24).toString('base64url');
  const provider = core.billing.current;
  const checkoutId = await core.tx(async (tx) => {
    const sub = await lockCompanyBilling(tx, companyId);
    if (sub && PLAN_STATUSES.includes(sub.status))
      throw AppError.nonField('plan_already_active', BILLING_MESSAGES.alreadySubscribed);
    // One checkout at a time: an earlier one left open is closed.
    await tx.db
      .updateTable('checkoutSessions')
      .set({ status: 'expired' })
      .where('companyId', '=', companyId)
      .where('status', '=', 'open')
      .execute();
    const row = await tx.db
      .insertInto('checkoutSessions')
      .values({
        token,
        companyId,
        userId: actor.user.id,
        priceId: price.id,
        amount: price.unitAmount,
        currency: price.currency,
        provider: provider.name,
        expiresAt: new Date(Date.now() + CHECKOUT_TTL_MS),
        createdAt: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });

  try {
    const session = await provider.createCheckout({
      checkoutId: token,
      companyId,
      customerEmail: actor.user.email,
      price: {
        id: price.code,
        stripePriceId: price.stripePriceId,
        unitAmount: price.unitAmount,
        currency: price.currency,
        interval: price.billingInterval,
        productName: price.name,
      },
      successUrl: `${core.config.appUrl}${CHECKOUT_SUCCESS_PATH}`,
      cancelUrl: `${core.config.appUrl}${CHECKOUT_CANCEL_PATH}`,
    });
    if (!session.url) throw new Error('the provider answered no checkout URL');
    await core.db
      .updateTable('checkoutSessions')
      .set({ providerSessionId: session.providerSessionId })
      .where('id', '=', checkoutId)
      .execute();
    return { checkoutUrl: session.url };
  } catch (err) {
    core.log.error({ err, companyId }, 'checkout could not be created');
    await core.db.updateTable('checkoutSessions').set({ status: 'expired' }).where('id', '=', checkoutId).execute();
    throw AppError.nonField('payment_failed', BILLING_MESSAGES.subscriptionFailed);
  }
}
