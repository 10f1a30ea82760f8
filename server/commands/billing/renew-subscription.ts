import { BILLING_MESSAGES, PLAN_STATUSES } from '@shared/billing.js';
import type { SubscriptionDto } from '@shared/schemas/billing.js';
import type { Core } from '@server/core.js';
import { AppError } from '@server/errors.js';
import type { Actor } from '@server/policies/actor.js';
import { authorizeBillingManage } from '@server/policies/billing.js';

import { subscriptionOf } from '@server/queries/billing/get-subscription.js';
import { publishBillingChanged } from '@server/realtime/publishers/billing.js';
import { lockCompanyBilling } from './lock-billing.js';

/** Withdraws a cancellation before the period ends: the subscription goes on renewing. */
export async function renewSubscription(core: Core, { actor }: { actor: Actor }): Promise<SubscriptionDto> {
  const companyId = authorizeBillingManage(actor);
  const sub = await core.db
    .selectFrom('subscriptions')
    .selectAll()
    .where('companyId', '=', companyId)
    .executeTakeFirst();
  if (!sub || !PLAN_STATUSES.includes(sub.status))
    throw AppError.nonField('plan_required', BILLING_MESSAGES.freeCannotRenew);
  if (!sub.cancelAtPeriodEnd) throw AppError.nonField('plan_not_cancelled', BILLING_MESSAGES.notCancelled);
  try {
    await core.billing.of(sub.provider).renew(sub);
  } catch (err) {
    core.log.error({ err, companyId }, 'renewal refused by the billing provider');
    throw AppError.nonField('payment_failed', BILLING_MESSAGES.subscriptionFailed);
  }
  await core.tx(async (tx) => {
    const locked = await lockCompanyBilling(tx, companyId);
    if (!locked || locked.id !== sub.id || !PLAN_STATUSES.includes(locked.status))
      throw AppError.nonField('plan_required', BILLING_MESSAGES.freeCannotRenew);
    if (!locked.cancelAtPeriodEnd) return;
    await tx.db
      .updateTable('subscriptions')
      .set({ cancelAtPeriodEnd: false, cancelAt: null, updatedAt: new Date() })
      .where('id', '=', sub.id)
      .execute();
    await publishBillingChanged(core, tx, companyId);
  });
  return subscriptionOf(core.db, companyId);
}
