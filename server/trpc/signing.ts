import { z } from 'zod';
import { passOpportunity } from '../commands/signing/pass-opportunity.js';
import { signNda } from '../commands/signing/sign-nda.js';
import { authedProcedure, router } from './trpc.js';

const bySignership = z.object({ signership: z.number().int().positive() });

export const signingRouter = router({
  sign: authedProcedure
    .input(bySignership)
    .mutation(({ ctx, input }) => signNda(ctx.core, { actor: ctx.actor, signershipId: input.signership, ip: ctx.ip })),
  pass: authedProcedure
    .input(bySignership)
    .mutation(({ ctx, input }) =>
      passOpportunity(ctx.core, { actor: ctx.actor, signershipId: input.signership, ip: ctx.ip }),
    ),
});
