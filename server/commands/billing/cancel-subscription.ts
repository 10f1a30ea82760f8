import { BILLING_MESSAGES, PLAN_STATUSES } from '@shared/billing.js';
import type { CancelInput, CancelResult } from '@shared/schemas/billing.js';
import type { Core } from '@server/core.js';
import { AppError } from '@server/errors.js';
import type { Actor } from '@server/policies/actor.js';
import { authorizeBillingManage } from '@server/policies/billing.js';

import { publishBillingChanged } from '@server/realtime/publishers/billing.js';
import { lockCompanyBilling } from './lock-billing.js';

/**
 * Cancels the paid subscription at the end of its period: the plan and its add-ons stay until then,
 * after which the company is on Free (its projects stay). Cancelling twice answers the same.
 */
export async function cancelSubscription(
  core: Core,
  { actor, input }: { actor: Actor; input: CancelInput },
): Promise<CancelResult> {
  const companyId = authorizeBillingManage(actor);
  if (input.immediately)
    throw AppError.fields('billing_change_invalid', { immediately: BILLING_MESSAGES.immediateCancel });
  const sub = await core.db
    .selectFrom('subscriptions')
    .selectAll()
    .where('companyId', '=', companyId)
    .executeTakeFirst();
  if (!sub || !PLAN_STATUSES.includes(sub.status))
    throw AppError.nonField('plan_required', BILLING_MESSAGES.freeCannotCancel);
  const answer = (cancelAt: Date | null): CancelResult => ({
    detail: { cancelAtPeriodEnd: true, cancelAt: cancelAt?.toISOString() ?? null },
  });
  if (sub.cancelAtPeriodEnd) return answer(sub.cancelAt);
  let cancelAt: Date;
  try {
    ({ cancelAt } = await core.billing.of(sub.provider).cancelAtPeriodEnd({
      providerSubscriptionId: sub.providerSubscriptionId,
      currentPeriodEnd: sub.currentPeriodEnd,
    }));
  } catch (err) {
    core.log.error({ err, companyId }, 'cancellation refused by the billing provider');
    throw AppError.nonField('payment_failed', BILLING_MESSAGES.subscriptionFailed);
  }
  return core.tx(async (tx) => {
    const locked = await lockCompanyBilling(tx, companyId);
    if (!locked || locked.id !== sub.id || !PLAN_STATUSES.includes(locked.status))
      throw AppError.nonField('plan_required', BILLING_MESSAGES.freeCannotCancel);
    if (locked.cancelAtPeriodEnd) return answer(locked.cancelAt);
    await tx.db
      .updateTable('subscriptions')
      .set({ cancelAtPeriodEnd: true, cancelAt, updatedAt: new Date() })
      .where('id', '=', sub.id)
      .execute();
    await publishBillingChanged(core, tx, companyId);
    return answer(cancelAt);
  });
}
