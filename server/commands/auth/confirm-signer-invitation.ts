import type { SignerInvitationInput } from '@shared/schemas/auth.js';
import type { Core } from '@server/core.js';
import { redeemInvitation } from './redeem-invitation.js';

/** An invited signer registers with the legal name of their company, which they own from then on. */
export function confirmSignerInvitation(core: Core, { input }: { input: SignerInvitationInput }) {
  return redeemInvitation(core, {
    input,
    kind: { purpose: 'signer_invitation', role: 'signer' },
    extra: async (tx, userId) => {
      const company = await tx.db
        .insertInto('companies')
        .values({ name: input.companyName, ownerId: userId })
        .returning('id')
        .executeTakeFirstOrThrow();
      await tx.db.updateTable('users').set({ companyId: company.id }).where('id', '=', userId).execute();
    },
  });
}
