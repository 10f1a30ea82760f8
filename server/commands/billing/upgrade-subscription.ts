import { BILLING_MESSAGES, maxDowngradeMessage, minMemberAddon, minProjectAddon } from '@shared/billing.js';
import type { SubscriptionDto, UpgradeInput } from '@shared/schemas/billing.js';
import type { Core } from '@server/core.js';
import type { Tx } from '@server/db/transaction.js';
import { AppError } from '@server/errors.js';
import type { Actor } from '@server/policies/actor.js';
import { authorizeBillingManage } from '@server/policies/billing.js';
import { membersUsed, projectsUsed } from '@server/queries/account/plan-usage.js';
import { companyLimits } from '@server/queries/billing/company-limits.js';
import { subscriptionOf } from '@server/queries/billing/get-subscription.js';
import type { ProviderSubscriptionRef } from '@server/services/billing/provider.js';
import { applyBillingEventInTx } from './apply-billing-event.js';
import { lockCompanyBilling } from './lock-billing.js';

interface Checked {
  subscription: ProviderSubscriptionRef;
  provider: 'builtin' | 'stripe';
  totals: { code: string; stripePriceId: string | null; quantity: number }[];
}

/**
 * Checks an add-on change against the company's paid subscription, under its lock: known add-on
 * prices of the plan's interval that the plan sells, each named once, at least one quantity changed,
 * and no total below what is in use (the downgrade bound).
 */
async function check(tx: Tx, companyId: number, input: UpgradeInput): Promise<Checked> {
  const sub = await lockCompanyBilling(tx, companyId);
  if (!sub || sub.status !== 'active') throw AppError.nonField('plan_required', BILLING_MESSAGES.paidPlanRequired);
  const plan = await tx.db
    .selectFrom('billingPrices as p')
    .innerJoin('billingProducts as pr', 'pr.id', 'p.productId')
    .select(['p.billingInterval', 'pr.addonProjects', 'pr.addonMembers'])
    .where('p.id', '=', sub.priceId)
    .executeTakeFirstOrThrow();
  const codes = input.addon.map((a) => a.itemPriceId);
  if (new Set(codes).size !== codes.length) throw AppError.fields('invalid_input', { addon: 'Name each add-on once.' });
  const prices = codes.length
    ? await tx.db
        .selectFrom('billingPrices')
        .selectAll()
        .where('code', 'in', codes)
        .where('kind', '!=', 'plan')
        .execute()
    : [];
  const current = await tx.db
    .selectFrom('subscriptionAddons')
    .select(['priceId', 'quantity'])
    .where('subscriptionId', '=', sub.id)
    .execute();
  const limits = await companyLimits(tx.db, companyId);
  const [members, projects] = await Promise.all([membersUsed(tx.db, companyId), projectsUsed(tx.db, companyId)]);
  const totals: Checked['totals'] = [];
  let changed = false;
  for (const item of input.addon) {
    const price = prices.find((p) => p.code === item.itemPriceId);
    if (!price || !price.isActive) throw AppError.fields('price_unknown', { addon: BILLING_MESSAGES.unknownPrice });
    if (price.kind === 'addon_project' && !plan.addonProjects)
      throw AppError.fields('price_unknown', {
        addon: limits.planProjects === -1 ? BILLING_MESSAGES.projectsUnlimited : BILLING_MESSAGES.unknownPrice,
      });
    if (price.kind === 'addon_member' && !plan.addonMembers)
      throw AppError.fields('price_unknown', { addon: BILLING_MESSAGES.unknownPrice });
    if (price.billingInterval !== plan.billingInterval)
      throw AppError.fields('price_unknown', { addon: BILLING_MESSAGES.addonInterval });
    // Add-ons of the kind bought at another price (none today) count with this one for the bound.
    const sameKindElsewhere = current
      .filter((a) => a.priceId !== price.id)
      .reduce((n, a) => n + (prices.find((p) => p.id === a.priceId)?.kind === price.kind ? a.quantity : 0), 0);
    const bound =
      price.kind === 'addon_member'
        ? minMemberAddon(members, limits.planMembers, limits.grantedMembers + sameKindElsewhere)
        : minProjectAddon(projects, limits.planProjects, limits.grantedProjects + sameKindElsewhere);
    const before = current.find((a) => a.priceId === price.id)?.quantity ?? 0;
    if (item.quantity !== before) {
      changed = true;
      if (item.quantity < before && item.quantity < bound)
        throw AppError.nonField('billing_change_invalid', maxDowngradeMessage(bound));
    }
    totals.push({ quantity: item.quantity, code: price.code, stripePriceId: price.stripePriceId });
  }
  if (!changed) throw AppError.nonField('nothing_to_change', BILLING_MESSAGES.selectQuantity);
  return {
    subscription: { providerSubscriptionId: sub.providerSubscriptionId, currentPeriodEnd: sub.currentPeriodEnd },
    provider: sub.provider,
    totals,
  };
}

/**
 * Sets the add-on quantities (new totals) of the company's paid subscription: the provider accepts the
 * change (and charges for what was added), then the events that record it are applied here, so the
 * answer already shows the new limits. Setting the same totals twice changes nothing the second time.
 */
export async function upgradeSubscription(
  core: Core,
  { actor, input }: { actor: Actor; input: UpgradeInput },
): Promise<SubscriptionDto> {
  const companyId = authorizeBillingManage(actor);
  const checked = await core.tx((tx) => check(tx, companyId, input));
  const provider = core.billing.of(checked.provider);
  const addons = checked.totals.map((t) => ({ priceId: t.code, stripePriceId: t.stripePriceId, quantity: t.quantity }));
  try {
    await provider.setAddons(checked.subscription, addons);
  } catch (err) {
    // The provider's own refusal (a declined card) already says why; the owner sees it as it is.
    if (err instanceof AppError) throw err;
    core.log.error({ err, companyId }, 'add-on change refused by the billing provider');
    throw AppError.nonField('payment_failed', BILLING_MESSAGES.subscriptionFailed);
  }
  await core.tx(async (tx) => {
    const sub = await lockCompanyBilling(tx, companyId);
    if (!sub || sub.providerSubscriptionId !== checked.subscription.providerSubscriptionId || sub.status !== 'active')
      return;
    for (const event of await provider.addonChangeEvents(tx, sub, addons, new Date()))
      await applyBillingEventInTx(core, tx, event);
  });
  return subscriptionOf(core.db, companyId);
}
