import { BILLING_MESSAGES } from '@shared/billing.js';
import { AppError } from '../errors.js';
import type { Actor } from './actor.js';

/**
 * Billing belongs to the company's senders. The owner manages the subscription; a team member reads
 * the plan, the subscription, the invoices and the purchases (the plan page shows them) but changes
 * nothing (403 with the message that sends them to their admin); a signer has no company plan (404).
 * Answers the company id.
 */
export function authorizeBillingRead(actor: Actor): number {
  const companyId = actor.user.companyId;
  if (companyId === null || (actor.user.role !== 'owner' && actor.user.role !== 'member')) throw AppError.notFound();
  return companyId;
}

export function authorizeBillingManage(actor: Actor): number {
  const companyId = authorizeBillingRead(actor);
  if (actor.user.role !== 'owner') throw AppError.forbidden('owner_only', BILLING_MESSAGES.askAdmin);
  return companyId;
}

/** A hosted checkout is paid by the owner of its company; anyone else finds nothing there. */
export function authorizeCheckout(actor: Actor, checkout: { companyId: number }): void {
  if (actor.user.role !== 'owner' || actor.user.companyId !== checkout.companyId) throw AppError.notFound();
}
