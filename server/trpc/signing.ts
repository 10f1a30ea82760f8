import { z } from 'zod';
import { recordId } from '@shared/schemas/ids.js';
import { countersignInput, passCall, signNdaCall } from '@shared/schemas/signing.js';
import { countersignNda } from '../commands/signing/countersign-nda.js';
import { passOpportunity } from '../commands/signing/pass-opportunity.js';
import { signNda } from '../commands/signing/sign-nda.js';
import { authedProcedure, router } from './trpc.js';

const bySignership = z.object({ signership: recordId });

export const signingRouter = router({
  sign: authedProcedure
    .input(signNdaCall)
    .mutation(({ ctx, input: { signership, ...input } }) =>
      signNda(ctx.core, { actor: ctx.actor, signershipId: signership, input, ip: ctx.ip, userAgent: ctx.userAgent }),
    ),
  countersign: authedProcedure
    .input(bySignership.extend(countersignInput.shape))
    .mutation(({ ctx, input: { signership, ...input } }) =>
      countersignNda(ctx.core, {
        actor: ctx.actor,
        signershipId: signership,
        input,
        ip: ctx.ip,
        userAgent: ctx.userAgent,
      }),
    ),
  pass: authedProcedure.input(passCall).mutation(({ ctx, input }) =>
    passOpportunity(ctx.core, {
      actor: ctx.actor,
      signershipId: input.signership,
      reason: input.reason,
      ip: ctx.ip,
    }),
  ),
});
