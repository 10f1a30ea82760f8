import { sql } from 'kysely';
import { hasRoom } from '@shared/billing.js';
import { ACCOUNT_MESSAGES } from '@shared/schemas/account.js';
import type { Core } from '@server/core.js';
import { isUniqueViolation } from '@server/db/errors.js';
import { AppError } from '@server/errors.js';
import { memberInvitationMail } from '@server/mail/templates.js';
import type { Actor } from '@server/policies/actor.js';
import { authorizeTeamManagement } from '@server/policies/account.js';
import { presentMember } from '@server/presenters/member.js';
import { membersUsed } from '@server/queries/account/plan-usage.js';
import { companyLimits } from '@server/queries/billing/company-limits.js';
import { createInvitation } from '../auth/create-invitation.js';

/**
 * Invites a team member by e-mail. Needs the owner's saved signature and a free seat of the plan;
 * the company row is locked so two invitations at once cannot both take the last seat.
 */
export async function inviteMember(core: Core, { actor, input }: { actor: Actor; input: { email: string } }) {
  authorizeTeamManagement(actor);
  if (!actor.user.signKey) throw AppError.nonField('signature_required', ACCOUNT_MESSAGES.signatureFirst);
  const companyId = actor.user.companyId!;
  try {
    return await inviteInTransaction(core, actor, companyId, input);
  } catch (err) {
    // Another company invited (or someone registered) the same e-mail at the same moment: the unique index decides.
    if (isUniqueViolation(err)) throw AppError.fields('member_exists', { email: ACCOUNT_MESSAGES.hasAccount });
    throw err;
  }
}

function inviteInTransaction(core: Core, actor: Actor, companyId: number, input: { email: string }) {
  return core.tx(async (tx) => {
    const company = await tx.db
      .selectFrom('companies')
      .selectAll()
      .where('id', '=', companyId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const existing = await tx.db
      .selectFrom('users')
      .select(['id', 'role', 'companyId', 'passwordHash', 'isDeleted'])
      .where(sql`lower(email)`, '=', input.email)
      .executeTakeFirst();
    const reinvite =
      existing && existing.role === 'member' && existing.companyId === companyId && !existing.passwordHash;
    if (existing && !reinvite) {
      const sameTeam = existing.companyId === companyId;
      throw AppError.fields('member_exists', {
        email: sameTeam ? ACCOUNT_MESSAGES.alreadyMember : ACCOUNT_MESSAGES.hasAccount,
      });
    }
    if (
      !reinvite &&
      !hasRoom((await companyLimits(tx.db, companyId)).membersAllowed, await membersUsed(tx.db, companyId))
    ) {
      throw AppError.nonField('plan_limit_members', ACCOUNT_MESSAGES.notEnoughMembers);
    }
    const invitation = await createInvitation(tx, {
      email: input.email,
      role: 'member',
      invitedById: actor.user.id,
      companyId,
    });
    const inviter = `${actor.user.firstName} ${actor.user.lastName}`.trim() || actor.user.email;
    await core.outbox.enqueue(tx, {
      to: input.email,
      ...memberInvitationMail(core.config.appUrl, inviter, company.name, invitation.uid, invitation.token),
    });
    const user = await tx.db
      .selectFrom('users')
      .select(['id', 'email', 'firstName', 'lastName', 'avatarKey', 'isActive'])
      .where('id', '=', invitation.userId)
      .executeTakeFirstOrThrow();
    return presentMember(user, 0);
  });
}
