import { z } from 'zod';
import { recordId } from '@shared/schemas/ids.js';
import { memberInviteInput } from '@shared/schemas/account.js';
import { inviteMember } from '../commands/members/invite-member.js';
import { removeMember } from '../commands/members/remove-member.js';
import { listMembers } from '../queries/members/list-members.js';
import { authedProcedure, router } from './trpc.js';

export const membersRouter = router({
  list: authedProcedure.query(({ ctx }) => listMembers(ctx.core, { actor: ctx.actor })),
  invite: authedProcedure
    .input(memberInviteInput)
    .mutation(({ ctx, input }) => inviteMember(ctx.core, { actor: ctx.actor, input })),
  remove: authedProcedure.input(z.object({ id: recordId })).mutation(async ({ ctx, input }) => {
    await removeMember(ctx.core, { actor: ctx.actor, memberId: input.id });
    return { detail: 'Member removed.' };
  }),
});
