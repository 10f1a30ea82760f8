import type { Core } from '../core.js';
import { applyBillingEventInTx } from '../commands/billing/apply-billing-event.js';
import { lockCompanyBilling } from '../commands/billing/lock-billing.js';
import { PLAN_STATUSES } from '../queries/billing/company-limits.js';
import { endEvent, renewalEvents } from '../services/billing/builtin-provider.js';
import { PollingWorker } from './polling-worker.js';

const PER_PASS = 50;

/**
 * The built-in provider's calendar (Stripe keeps its own and tells us by webhook): a subscription set
 * to cancel ends once its cancellation date has passed (the company is on Free again), and an active
 * one whose period ended is renewed, its next period invoiced. Each subscription is handled under the
 * company's lock and through events whose ids name the period, so two servers, or a restart mid-pass,
 * neither skip nor repeat a renewal.
 */
export class BillingPeriods extends PollingWorker {
  constructor(private readonly core: Core) {
    super({ ms: core.config.billing.periodPollMs, log: core.log, failure: 'billing period pass failed' }, true);
  }

  protected async pass(): Promise<void> {
    for (;;) {
      const due = await this.core.db
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
      if (due.length === 0 || this.stopped) return;
      for (const { companyId } of due) await this.settle(companyId);
    }
  }

  /** Ends or renews one company's built-in subscription, if it is still due once locked. */
  private async settle(companyId: number): Promise<void> {
    await this.core.tx(async (tx) => {
      const sub = await lockCompanyBilling(tx, companyId);
      if (!sub || sub.provider !== 'builtin' || !PLAN_STATUSES.includes(sub.status)) return;
      const now = new Date();
      const ends = sub.cancelAtPeriodEnd && (sub.cancelAt ?? sub.currentPeriodEnd) <= now;
      if (ends) {
        await applyBillingEventInTx(this.core, tx, endEvent(sub));
        return;
      }
      if (sub.currentPeriodEnd > now) return;
      for (const event of await renewalEvents(tx, sub)) await applyBillingEventInTx(this.core, tx, event);
    });
  }
}
