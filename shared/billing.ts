/**
 * Plans, prices and limits (accounts spec sections 3, 5, 8 and 9): the pure rules the server enforces
 * and the client shows. Money is always an integer number of minor units (pence); -1 means unlimited.
 */

export type PlanCode = 'free' | 'boutique' | 'bulge_bracket';
export type PaidPlanCode = Exclude<PlanCode, 'free'>;
export type BillingInterval = 'month' | 'year';

export type SubscriptionStatus = 'active' | 'incomplete' | 'past_due' | 'canceled';

/** Statuses whose plan the company has: paid, or paid late while the provider retries the payment. */
export const PLAN_STATUSES: readonly SubscriptionStatus[] = ['active', 'past_due'];

/** What a company may have, and what sets it: the subscription (a database row on the server), if any. */
export interface PlanLimits<Subscription> {
  plan: { code: PlanCode; name: string };
  /** The plan's own allowance (-1 unlimited). */
  planProjects: number;
  planMembers: number;
  /** Add-ons of the subscription. */
  addonProjects: number;
  addonMembers: number;
  /** Granted by support (scripts/grant-extras.ts). */
  grantedProjects: number;
  grantedMembers: number;
  /** Plan + add-ons + granted; -1 unlimited. */
  projectsAllowed: number;
  membersAllowed: number;
  /** The subscription that sets the plan, if any. */
  subscription: Subscription | null;
}
export type AddonKind = 'project' | 'member';
export type AddonCode = 'addon_project' | 'addon_member';

export const PLAN_CODES: readonly PlanCode[] = ['free', 'boutique', 'bulge_bracket'];
export const PAID_PLAN_CODES: readonly PaidPlanCode[] = ['boutique', 'bulge_bracket'];
export const BILLING_INTERVALS: readonly BillingInterval[] = ['month', 'year'];
export const ADDON_CODES: Record<AddonKind, AddonCode> = { project: 'addon_project', member: 'addon_member' };

export const UNLIMITED = -1;

/** The plan of a company without a subscription. */
export const FREE_PLAN = { code: 'free', name: 'FREE', projects: 2, members: 0, unitAmount: 0 } as const;

/** The largest quantity a stepper or an upgrade accepts, and the entry from which input is ignored. */
export const MAX_QUANTITY = 999;
export const IGNORED_QUANTITY_ABOVE = 1000;

/** The discount of annual billing over twelve months (the catalogue's year prices are 12 x month x 0.8). */
export const ANNUAL_DISCOUNT_PERCENT = 20;

/** How often the payment-processing modal asks for the subscription (ms). */
export const SUBSCRIPTION_POLL_MS = 2000;

export const BILLING_MESSAGES = {
  selectQuantity: 'Select quantity of Projects and Team Members to upgrade',
  subscriptionFailed: 'Subscription failed',
  maxDowngrade: 'Maximum downgrade available till',
  purchaseSuccessful: 'Purchase was successful',
  /** What a team member reads when the company's plan is full, or when they try to change it. */
  askAdmin: 'You’ve exceeded the number of projects/signatures/editors - please contact your admin to upgrade the plan',
  priceChanged: 'This price has changed. Please reload the page and try again.',
  unknownPrice: 'This plan or price is not offered.',
  alreadySubscribed: 'Your company already has a paid plan. To change it, please contact our sales team.',
  checkoutPending: 'A payment for this company is already being processed.',
  paidPlanRequired: 'Upgrade to Boutique or Bulge-Bracket to add projects or team members.',
  freeCannotCancel: 'The Free plan cannot be cancelled.',
  notCancelled: 'This subscription is not cancelled, so there is nothing to renew.',
  alreadyCancelled: 'This subscription is already set to end at the end of the period.',
  immediateCancel: 'A subscription ends at the end of its billing period.',
  projectsUnlimited: 'Bulge-Bracket includes unlimited projects.',
  checkoutClosed: 'This checkout is no longer open.',
  seatsNeedPlan: 'Upgrade to Boutique or Bulge-Bracket to add team members.',
  addonInterval: 'Add-ons are billed with the plan: choose the price of your plan’s billing interval.',
  freeCannotRenew: 'The Free plan has no subscription to renew.',
} as const;

/** The identifier of a price: `boutique-month`, `addon_member-year`... */
export function priceIdentifier(code: PlanCode | AddonCode, interval: BillingInterval): string {
  return `${code}-${interval}`;
}

const SYMBOLS: Record<string, string> = { GBP: '£', USD: '$', EUR: '€' };

/** "£149.00": an integer of minor units shown with the currency symbol and two decimals. */
export function formatMoney(minor: number, currency = 'GBP'): string {
  const whole = Number.isFinite(minor) ? Math.trunc(minor) : 0;
  const sign = whole < 0 ? '-' : '';
  const abs = Math.abs(whole);
  const pounds = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const pence = (abs % 100).toString().padStart(2, '0');
  const code = currency.toUpperCase();
  const symbol = SYMBOLS[code] ?? `${code} `;
  return `${sign}${symbol}${pounds}.${pence}`;
}

/** The cost of `quantity` add-ons at `unitAmount` each, in minor units; never negative. */
export function memberCost(quantity: number, unitAmount: number): number {
  return Math.max(0, Math.trunc(quantity) * Math.trunc(unitAmount));
}

/** The year price for a month price: twelve months less the annual discount, in whole minor units. */
export function yearlyFromMonthly(monthlyMinor: number): number {
  return Math.round((monthlyMinor * 12 * (100 - ANNUAL_DISCOUNT_PERCENT)) / 100);
}

/** How much cheaper a year is than twelve months, as a whole percentage (20 for the catalogue). */
export function annualDiscountPercent(monthlyMinor: number, yearlyMinor: number): number {
  const twelve = monthlyMinor * 12;
  if (twelve <= 0) return 0;
  return Math.max(0, Math.round(((twelve - yearlyMinor) * 100) / twelve));
}

function plus(included: number, extra: number): number {
  return included === UNLIMITED ? UNLIMITED : Math.max(0, included) + Math.max(0, Math.trunc(extra));
}

/** Projects allowed: the plan's plus extras (add-ons and granted); unlimited stays unlimited. */
export function allowedProjects(planProjects: number, extraProjects: number): number {
  return plus(planProjects, extraProjects);
}

/** Team members allowed: the plan's seats plus extra seats (add-ons and granted). */
export function allowedMembers(planMembers: number, extraSeats: number): number {
  return plus(planMembers, extraSeats);
}

/** Whether one more fits under a limit. */
export function hasRoom(allowed: number, used: number): boolean {
  return allowed === UNLIMITED || used < allowed;
}

/** What is left under a limit; null when unlimited. */
export function remaining(allowed: number, used: number): number | null {
  return allowed === UNLIMITED ? null : Math.max(0, allowed - used);
}

/**
 * A quantity stepper's next value: whole numbers 0 to 999; an entry over 1000 is ignored (the previous
 * value stays), a negative one becomes 0 and anything that is not a number keeps the previous value.
 */
export function clampQuantity(raw: string | number, previous: number): number {
  const text = typeof raw === 'number' ? raw : raw.trim();
  if (text === '') return previous;
  const n = typeof text === 'number' ? text : Number(text);
  if (!Number.isFinite(n)) return previous;
  if (n > IGNORED_QUANTITY_ABOVE) return previous;
  if (n < 0) return 0;
  return Math.min(MAX_QUANTITY, Math.trunc(n));
}

/**
 * The fewest member add-ons a company may keep: the seats in use beyond those the plan includes and
 * those granted by support. Going lower would leave members without a seat.
 */
export function minMemberAddon(membersUsed: number, planMembers: number, grantedSeats = 0): number {
  if (planMembers === UNLIMITED) return 0;
  return Math.max(0, membersUsed - planMembers - Math.max(0, grantedSeats));
}

/** The fewest project add-ons a company may keep: the projects it has beyond the plan's and granted ones. */
export function minProjectAddon(projectsUsed: number, planProjects: number, grantedProjects = 0): number {
  if (planProjects === UNLIMITED) return 0;
  return Math.max(0, projectsUsed - planProjects - Math.max(0, grantedProjects));
}

/** "Maximum downgrade available till 2". */
export function maxDowngradeMessage(bound: number): string {
  return `${BILLING_MESSAGES.maxDowngrade} ${bound}`;
}

/**
 * Whether to show the Boutique note: extra projects now cost as much as the plan itself (same
 * interval), so Bulge-Bracket's unlimited projects may be the better buy.
 */
export function boutiqueNoteShown(extraProjectsCost: number, planPrice: number): boolean {
  return planPrice > 0 && extraProjectsCost >= planPrice;
}

/** Hundredths of a percent as a rate: 2000 reads '20%', 1750 '17.5%'. */
export function formatTaxRate(rateBp: number): string {
  return `${Number((rateBp / 100).toFixed(2))}%`;
}

/**
 * The tax included in a price paid: prices are charged as the catalogue states them, tax included, so
 * an invoice's gross is what was paid and its tax is the part of it at `rateBp` (hundredths of a
 * percent), rounded to the nearest minor unit. net + tax is always the gross.
 */
export function taxIncluded(gross: number, rateBp: number): { net: number; tax: number } {
  const tax = Math.round((gross * rateBp) / (10_000 + rateBp));
  return { net: gross - tax, tax };
}
