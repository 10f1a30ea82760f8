import { PLAN_STATUSES } from '@shared/billing.js';
import type { Core } from '@server/core.js';
import { endEvent, renewalEvents } from '@server/services/billing/builtin-provider.js';
import { applyBillingEventInTx } from './apply-billing-event.js';
import { lockCompanyBilling } from './lock-billing.js';

const PER_PASS = 50;

/**
 * The built-in provider's calendar (Stripe keeps its own and tells us by webhook): a subscription set
 * to cancel ends once its cancellation date has passed (the company is on Free again), and an active
 * one whose period ended is renewed, its next period invoiced. Each subscription is handled under the
 * company's lock and through events whose ids name the period, so two servers, or a restart mid-pass,
 * neither skip nor repeat a renewal. Runs until nothing is due or `stopped()` says so; the poller in
 * server/app.ts calls it.
 */
export async function settleBillingPeriods(core: Core, stopped: () => boolean = () => false): Promise<void> {
  for (;;) {
    const due = await core.db
      .selectFrom('subscriptions')
      .select('companyId')
      .where('provider', '=', 'builtin')
      .where('status', 'in', PLAN_STATUSES)
      .where((eb) =>
        eb.or([
          eb.and([eb('cancelAtPeriodEnd', '=', true), eb('cancelAt', '<=', new Date())]),
          eb('currentPeriodEnd', '<=', new Date()),
        ]),
      )
      .orderBy('currentPeriodEnd')
      .limit(PER_PASS)
      .execute();
    if (due.length === 0 || stopped()) return;
    for (const { companyId } of due) await settleBillingPeriod(core, companyId);
  }
}

/** Ends or renews one company's built-in subscription, if it is still due once locked. */
async function settleBillingPeriod(core: Core, companyId: number): Promise<void> {
  await core.tx(async (tx) => {
    const sub = await lockCompanyBilling(tx, companyId);
    if (!sub || sub.provider !== 'builtin' || !PLAN_STATUSES.includes(sub.status)) return;
    const now = new Date();
    const ends = sub.cancelAtPeriodEnd && (sub.cancelAt ?? sub.currentPeriodEnd) <= now;
    if (ends) {
      await applyBillingEventInTx(core, tx, endEvent(sub));
      return;
    }
    if (sub.currentPeriodEnd > now) return;
    for (const event of await renewalEvents(tx, sub)) await applyBillingEventInTx(core, tx, event);
  });
}
