import { AppError } from '../errors.js';
import type { UserRow } from '../db/schema.js';
import { type Actor, isOwner, isTeamMember, type MaybeActor } from './actor.js';

/** Rules about the account area. Each returns what it checked or throws the spec's status. */
export function requireActor(actor: MaybeActor): Actor {
  if (!actor) throw AppError.unauthorized();
  return actor;
}

/** The onboarding checklist belongs to account owners; others get 403 and the client hides it. */
export function authorizeOnboarding(actor: MaybeActor): Actor {
  const a = requireActor(actor);
  if (!isOwner(a)) throw AppError.forbidden();
  return a;
}

/**
 * Only the company's owner edits it: an account owner, or a signer for the company they registered with
 * (the signing form completes its name and address). A team member sees it read-only (403); another
 * company's is not there (404).
 */
export function authorizeCompanyEdit(actor: Actor, companyId: number): void {
  if (actor.user.companyId !== companyId) throw AppError.notFound();
  if (isTeamMember(actor)) throw AppError.forbidden('owner_only', 'Only the account owner can edit the company.');
}

/** Adding and removing team members is the owner's. */
export function authorizeTeamManagement(actor: Actor): void {
  if (!isOwner(actor)) throw AppError.forbidden('owner_only', 'Only the account owner can manage team members.');
}

/** The signature stamped on NDAs is the owner's; team members have none. */
export function authorizeSignature(actor: Actor): void {
  if (actor.user.role === 'member')
    throw AppError.forbidden('owner_only', 'Team members sign with the account owner’s signature.');
}

/** Avatars are seen by people of the same company (projects widen this); a signature only by its owner. */
export function canSeeUserImage(
  actor: Actor,
  target: Pick<UserRow, 'id' | 'companyId'>,
  kind: 'avatar' | 'sign',
): boolean {
  if (actor.user.id === target.id) return true;
  return kind === 'avatar' && actor.user.companyId !== null && actor.user.companyId === target.companyId;
}
