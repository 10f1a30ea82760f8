import { BILLING_MESSAGES, PLAN_STATUSES } from '@shared/billing.js';
import { CHECKOUT_SUCCESS_PATH, type PayResult } from '@shared/schemas/billing.js';
import type { Core } from '@server/core.js';
import { AppError } from '@server/errors.js';
import type { Actor } from '@server/policies/actor.js';
import { authorizeCheckout } from '@server/policies/billing.js';
import { checkoutStatus } from '@server/presenters/billing.js';

import { checkoutPaidEvents } from '@server/services/billing/builtin-provider.js';
import { applyBillingEventInTx } from './apply-billing-event.js';
import { lockCompanyBilling } from './lock-billing.js';

/**
 * The owner pays on the built-in checkout page: the subscription starts and its first invoice is
 * issued, in one transaction under the company's lock. Paying a checkout that is already paid answers
 * the same and changes nothing.
 */
export async function payCheckout(core: Core, { actor, token }: { actor: Actor; token: string }): Promise<PayResult> {
  const found = await core.db
    .selectFrom('checkoutSessions')
    .select(['companyId'])
    .where('token', '=', token)
    .where('provider', '=', 'builtin')
    .executeTakeFirst();
  if (!found) throw AppError.notFound();
  authorizeCheckout(actor, found);
  await core.tx(async (tx) => {
    const sub = await lockCompanyBilling(tx, found.companyId);
    const checkout = await tx.db
      .selectFrom('checkoutSessions')
      .selectAll()
      .where('token', '=', token)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (checkout.status === 'complete') return;
    if (checkoutStatus(checkout) !== 'open')
      throw AppError.nonField('checkout_closed', BILLING_MESSAGES.checkoutClosed);
    if (sub && PLAN_STATUSES.includes(sub.status))
      throw AppError.nonField('plan_already_active', BILLING_MESSAGES.alreadySubscribed);
    for (const event of await checkoutPaidEvents(tx, checkout, new Date()))
      await applyBillingEventInTx(core, tx, event);
  });
  return { redirectUrl: CHECKOUT_SUCCESS_PATH };
}
