import { format } from 'date-fns/format';
import {
  type AddonKind,
  type BillingInterval,
  FREE_PLAN,
  formatMoney,
  memberCost,
  minMemberAddon,
  minProjectAddon,
  remaining,
  UNLIMITED,
} from '@shared/billing';
import type { PriceDto, ProductDto, SubscriptionDto } from '@shared/schemas/billing';

/** What the plan page shows of the catalogue and the subscription, computed once from both. */

export const INTERVAL_WORD: Record<BillingInterval, string> = { month: 'month', year: 'year' };
export const INTERVAL_ADVERB: Record<BillingInterval, string> = { month: 'monthly', year: 'annually' };

/** Where a custom plan or a change of plan is asked for (VITE_SALES_EMAIL at build time). */
export const SALES_EMAIL: string = import.meta.env.VITE_SALES_EMAIL || 'sales@ndaworkspace.com';

export function salesLink(subject: string): string {
  return `mailto:${SALES_EMAIL}?subject=${encodeURIComponent(subject)}`;
}

/** A count as the spec shows it: ∞ when unlimited. */
export function countText(n: number): string {
  return n === UNLIMITED ? '∞' : String(n);
}

/** "£149.00 / month". */
export function perInterval(amount: number, interval: BillingInterval, currency = 'GBP'): string {
  return `${formatMoney(amount, currency)} / ${INTERVAL_WORD[interval]}`;
}

/** "12 March 2027" (the spec's d LLL yyyy). */
export function longDate(iso: string | null): string {
  return iso ? format(new Date(iso), 'd LLL yyyy') : '';
}

export function priceOf(prices: PriceDto[], interval: BillingInterval): PriceDto | undefined {
  return prices.find((p) => p.interval === interval);
}

/** The paid plans, cheapest first (by their first price). */
export function paidPlans(products: ProductDto[]): ProductDto[] {
  const first = (p: ProductDto) => p.prices[0]?.unitAmount ?? Number.MAX_SAFE_INTEGER;
  return products.filter((p) => p.code !== 'free').sort((a, b) => first(a) - first(b));
}

/** "3 projects", "Unlimited projects", "1 team member", "No team members". */
export function allowanceText(count: number, noun: string): string {
  if (count === UNLIMITED) return `Unlimited ${noun}s`;
  if (count === 0) return `No ${noun}s`;
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/** "2 of 2 projects left", "Unlimited projects". */
export function leftText(allowed: number, used: number, noun: string): string {
  const left = remaining(allowed, used);
  if (left === null) return `Unlimited ${noun}s`;
  return `${left} of ${allowed} ${noun}${allowed === 1 ? '' : 's'} left`;
}

/** The subscription's add-on quantity of a kind. */
export function addonQuantity(subscription: SubscriptionDto, kind: AddonKind): number {
  return subscription.addon.filter((a) => a.kind === kind).reduce((sum, a) => sum + a.quantity, 0);
}

export interface PlanState {
  /** The product of the subscription, or undefined on Free. */
  product: ProductDto | undefined;
  interval: BillingInterval;
  /** The plan's own price per interval (0 on Free). */
  planPrice: number;
  planProjects: number;
  planMembers: number;
  /** Add-on prices at the plan's interval; absent where the plan sells none. */
  projectAddon: PriceDto | undefined;
  memberAddon: PriceDto | undefined;
  projectAddons: number;
  memberAddons: number;
  /** The fewest add-ons the company may keep (the downgrade bounds). */
  minProjects: number;
  minMembers: number;
  /** What the subscription costs per interval: the plan and its add-ons. */
  total: number;
  paid: boolean;
}

/** The subscription read against the catalogue. */
export function planState(subscription: SubscriptionDto, products: ProductDto[]): PlanState {
  const product = subscription.product ? products.find((p) => p.code === subscription.product!.code) : undefined;
  const interval = subscription.product?.price.interval ?? 'month';
  const planPrice = subscription.product?.price.unitAmount ?? 0;
  const planProjects = product?.numberOfProjectsAllowed ?? FREE_PLAN.projects;
  const planMembers = product?.numberOfMembersAllowed ?? FREE_PLAN.members;
  const projectAddon = product && planProjects !== UNLIMITED ? priceOf(product.addon.projects, interval) : undefined;
  const memberAddon = product ? priceOf(product.addon.members, interval) : undefined;
  const projectAddons = addonQuantity(subscription, 'project');
  const memberAddons = addonQuantity(subscription, 'member');
  // Seats or projects granted by support: what is allowed beyond the plan and its add-ons.
  const grantedMembers =
    subscription.memberAllowed === UNLIMITED ? 0 : subscription.memberAllowed - planMembers - memberAddons;
  const grantedProjects =
    subscription.projectAllowed === UNLIMITED || planProjects === UNLIMITED
      ? 0
      : subscription.projectAllowed - planProjects - projectAddons;
  const total =
    planPrice +
    memberCost(projectAddons, projectAddon?.unitAmount ?? 0) +
    memberCost(memberAddons, memberAddon?.unitAmount ?? 0);
  return {
    product,
    interval,
    planPrice,
    planProjects,
    planMembers,
    projectAddon,
    memberAddon,
    projectAddons,
    memberAddons,
    minProjects: minProjectAddon(subscription.projectsUsed, planProjects, grantedProjects),
    minMembers: minMemberAddon(subscription.membersUsed, planMembers, grantedMembers),
    total,
    paid: Boolean(subscription.product),
  };
}

/** Where an owner goes to get one more team member seat: the seat stepper on a paid plan, the plans on Free. */
export function seatPath(subscription: SubscriptionDto): string {
  return subscription.product ? '/plan?extra=members' : '/plan';
}

/** Where an owner goes for one more project: the project stepper on Boutique, the plans otherwise. */
export function projectPath(subscription: SubscriptionDto): string {
  return subscription.product?.code === 'boutique' ? '/plan?extra=projects' : '/plan';
}

/** "1 of 2 team member seats left", "All 1 team member seats are in use", "Your plan includes no team member seats". */
export function seatsText(subscription: SubscriptionDto): string {
  const { memberAllowed: allowed, membersUsed: used } = subscription;
  if (allowed === UNLIMITED) return 'Unlimited team member seats';
  if (allowed === 0) return 'Your plan includes no team member seats.';
  const left = Math.max(0, allowed - used);
  if (left === 0) return `All ${allowed} team member seat${allowed === 1 ? ' is' : 's are'} in use.`;
  return `${left} of ${allowed} team member seat${allowed === 1 ? '' : 's'} left.`;
}
