import { z } from 'zod';
import {
  branchCreateInput,
  branchListQuery,
  branchUpdateCall,
  dashboardQuery,
  signerGroupInput,
  signerGroupListQuery,
  signerGroupUpdateInput,
  signershipUpdateInput,
} from '@shared/schemas/groups.js';
import { id } from '@shared/schemas/projects.js';
import { sendNdaInput, sendNdaToSignerInput } from '@shared/schemas/sending.js';
import { createBranch } from '../commands/groups/create-branch.js';
import { createSignerGroup } from '../commands/groups/create-signer-group.js';
import { deleteSignerGroup } from '../commands/groups/delete-signer-group.js';
import { setSignershipColor } from '../commands/groups/set-signership-color.js';
import { updateBranch } from '../commands/groups/update-branch.js';
import { updateSignerGroup } from '../commands/groups/update-signer-group.js';
import { sendNda } from '../commands/sending/send-nda.js';
import { listDashboard } from '../queries/dashboard/list-dashboard.js';
import { getBranch } from '../queries/groups/get-branch.js';
import { listBranches } from '../queries/groups/list-branches.js';
import { listSignerGroups } from '../queries/groups/list-signer-groups.js';
import { authedProcedure, router } from './trpc.js';

/** Recipient groups, the tracker and sending, over tRPC: twins of the REST calls. */
export const groupsRouter = router({
  signerGroups: authedProcedure
    .input(signerGroupListQuery)
    .query(({ ctx, input }) => listSignerGroups(ctx.core, { actor: ctx.actor, query: input })),
  createSignerGroup: authedProcedure
    .input(signerGroupInput)
    .mutation(({ ctx, input }) => createSignerGroup(ctx.core, { actor: ctx.actor, input })),
  updateSignerGroup: authedProcedure
    .input(signerGroupUpdateInput.extend({ id }))
    .mutation(({ ctx, input: { id: groupId, ...fields } }) =>
      updateSignerGroup(ctx.core, { actor: ctx.actor, groupId, input: fields, ip: ctx.ip }),
    ),
  deleteSignerGroup: authedProcedure.input(z.object({ id })).mutation(async ({ ctx, input }) => {
    await deleteSignerGroup(ctx.core, { actor: ctx.actor, groupId: input.id });
    return { detail: 'Contacts group deleted.' };
  }),
  list: authedProcedure
    .input(branchListQuery)
    .query(({ ctx, input }) => listBranches(ctx.core, { actor: ctx.actor, query: input })),
  get: authedProcedure
    .input(z.object({ id }))
    .query(({ ctx, input }) => getBranch(ctx.core, { actor: ctx.actor, branchId: input.id })),
  create: authedProcedure
    .input(branchCreateInput)
    .mutation(({ ctx, input }) => createBranch(ctx.core, { actor: ctx.actor, input, ip: ctx.ip })),
  update: authedProcedure
    .input(branchUpdateCall)
    .mutation(({ ctx, input: { id: branchId, ...fields } }) =>
      updateBranch(ctx.core, { actor: ctx.actor, branchId, input: fields, ip: ctx.ip }),
    ),
  setSignershipColor: authedProcedure
    .input(signershipUpdateInput.extend({ id }))
    .mutation(({ ctx, input }) =>
      setSignershipColor(ctx.core, { actor: ctx.actor, signershipId: input.id, colorStatus: input.colorStatus }),
    ),
  dashboard: authedProcedure
    .input(dashboardQuery)
    .query(({ ctx, input }) => listDashboard(ctx.core, { actor: ctx.actor, query: input })),
  sendToAll: authedProcedure
    .input(sendNdaInput.extend({ id }))
    .mutation(({ ctx, input: { id: branchId, ...fields } }) =>
      sendNda(ctx.core, { actor: ctx.actor, branchId, input: fields, ip: ctx.ip }),
    ),
  sendToSigner: authedProcedure
    .input(sendNdaToSignerInput.extend({ id }))
    .mutation(({ ctx, input: { id: branchId, ...fields } }) =>
      sendNda(ctx.core, { actor: ctx.actor, branchId, input: fields, ip: ctx.ip }),
    ),
});
