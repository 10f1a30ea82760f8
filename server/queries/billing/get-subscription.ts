import type { Kysely } from 'kysely';
import type { SubscriptionDto } from '@shared/schemas/billing.js';
import type { Core } from '@server/core.js';
import type { Database } from '@server/db/schema.js';
import type { Actor } from '@server/policies/actor.js';
import { authorizeBillingRead } from '@server/policies/billing.js';
import { presentSubscription } from '@server/presenters/billing.js';
import { membersUsed, projectsUsed } from '../account/plan-usage.js';
import { companyLimits } from './company-limits.js';

/** The company's subscription as the plan page shows it: plan, period, add-ons, limits and their use. */
export async function subscriptionOf(db: Kysely<Database>, companyId: number): Promise<SubscriptionDto> {
  const limits = await companyLimits(db, companyId);
  const sub = limits.subscription;
  const price = sub
    ? await db
        .selectFrom('billingPrices')
        .select(['code', 'unitAmount', 'billingInterval'])
        .where('id', '=', sub.priceId)
        .executeTakeFirstOrThrow()
    : null;
  const addons = sub
    ? await db
        .selectFrom('subscriptionAddons as a')
        .innerJoin('billingPrices as p', 'p.id', 'a.priceId')
        .select(['p.code', 'p.unitAmount', 'p.billingInterval', 'p.kind', 'a.quantity'])
        .where('a.subscriptionId', '=', sub.id)
        .orderBy('p.id')
        .execute()
    : [];
  const pending = await db
    .selectFrom('checkoutSessions')
    .select('id')
    .where('companyId', '=', companyId)
    .where('status', '=', 'open')
    .where('expiresAt', '>', new Date())
    .limit(1)
    .executeTakeFirst();
  const [members, projects] = await Promise.all([membersUsed(db, companyId), projectsUsed(db, companyId)]);
  return presentSubscription({
    limits,
    price,
    addons,
    membersUsed: members,
    projectsUsed: projects,
    pendingCheckout: !sub && pending !== undefined,
  });
}

export async function getSubscription(core: Core, { actor }: { actor: Actor }): Promise<SubscriptionDto> {
  return subscriptionOf(core.db, authorizeBillingRead(actor));
}
