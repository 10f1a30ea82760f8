import { z } from 'zod';
import { recordId } from '@shared/schemas/ids.js';
import { settleHeldProposal } from '../commands/proposals/settle-held-proposal.js';
import { listHeldProposals } from '../queries/proposals/list-held-proposals.js';
import { authedProcedure, router } from './trpc.js';

const byId = z.object({ id: recordId });

/** Proposals held for internal approval: the sending team's only. */
export const proposalsRouter = router({
  held: authedProcedure
    .input(z.object({ nda: recordId }))
    .query(({ ctx, input }) => listHeldProposals(ctx.core, { actor: ctx.actor, ndaId: input.nda })),
  release: authedProcedure
    .input(byId)
    .mutation(({ ctx, input }) =>
      settleHeldProposal(ctx.core, { actor: ctx.actor, heldId: input.id, release: true, ip: ctx.ip }),
    ),
  discard: authedProcedure
    .input(byId)
    .mutation(({ ctx, input }) =>
      settleHeldProposal(ctx.core, { actor: ctx.actor, heldId: input.id, release: false, ip: ctx.ip }),
    ),
});
