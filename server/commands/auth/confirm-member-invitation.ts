import type { MemberInvitationInput } from '@shared/schemas/auth.js';
import type { Core } from '@server/core.js';
import { redeemInvitation } from './redeem-invitation.js';

/** A team member invited by an owner sets their password and profile; they join the owner's company. */
export function confirmMemberInvitation(core: Core, { input }: { input: MemberInvitationInput }) {
  return redeemInvitation(core, { input, kind: { purpose: 'member_invitation', role: 'member' } });
}
