import type { Kysely } from 'kysely';
import {
  allowedMembers,
  allowedProjects,
  FREE_PLAN,
  PLAN_STATUSES,
  type PlanCode,
  type PlanLimits,
} from '@shared/billing.js';
import type { Database, SubscriptionRow } from '@server/db/schema.js';

type Db = Kysely<Database>;

/** The limits as the server reads them, with the subscription's row. */
export type CompanyLimits = PlanLimits<SubscriptionRow>;

/**
 * What a company may have: its plan's projects and seats (Free without a subscription that counts),
 * plus the add-ons bought and the extras granted by support. Inside a transaction that locked the
 * company row, the answer holds until it commits.
 */
export async function companyLimits(db: Db, companyId: number): Promise<CompanyLimits> {
  const company = await db
    .selectFrom('companies')
    .select(['extraMembers', 'extraProjects'])
    .where('id', '=', companyId)
    .executeTakeFirstOrThrow();
  const subscription = await db
    .selectFrom('subscriptions')
    .selectAll()
    .where('companyId', '=', companyId)
    .where('status', 'in', PLAN_STATUSES)
    .executeTakeFirst();
  const product = subscription
    ? await db
        .selectFrom('billingPrices as p')
        .innerJoin('billingProducts as pr', 'pr.id', 'p.productId')
        .select(['pr.code', 'pr.name', 'pr.projectsAllowed', 'pr.membersAllowed'])
        .where('p.id', '=', subscription.priceId)
        .executeTakeFirstOrThrow()
    : await db
        .selectFrom('billingProducts')
        .select(['code', 'name', 'projectsAllowed', 'membersAllowed'])
        .where('code', '=', 'free')
        .executeTakeFirst();
  const plan = product ?? {
    code: FREE_PLAN.code,
    name: FREE_PLAN.name,
    projectsAllowed: FREE_PLAN.projects,
    membersAllowed: FREE_PLAN.members,
  };
  let addonProjects = 0;
  let addonMembers = 0;
  if (subscription) {
    const addons = await db
      .selectFrom('subscriptionAddons as a')
      .innerJoin('billingPrices as p', 'p.id', 'a.priceId')
      .select(['p.kind', 'a.quantity'])
      .where('a.subscriptionId', '=', subscription.id)
      .execute();
    for (const a of addons) {
      if (a.kind === 'addon_project') addonProjects += a.quantity;
      if (a.kind === 'addon_member') addonMembers += a.quantity;
    }
  }
  return {
    plan: { code: plan.code as PlanCode, name: plan.name },
    planProjects: plan.projectsAllowed,
    planMembers: plan.membersAllowed,
    addonProjects,
    addonMembers,
    grantedProjects: company.extraProjects,
    grantedMembers: company.extraMembers,
    projectsAllowed: allowedProjects(plan.projectsAllowed, addonProjects + company.extraProjects),
    membersAllowed: allowedMembers(plan.membersAllowed, addonMembers + company.extraMembers),
    subscription: subscription ?? null,
  };
}
