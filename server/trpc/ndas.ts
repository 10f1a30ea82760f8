import { z } from 'zod';
import { idValue, ndaCreateInput, ndaIdInput, ndaListInput, ndaName, optionalId } from '@shared/schemas/ndas.js';
import { setSignatureFieldsInput, signatureFieldsIdInput } from '@shared/schemas/signature-fields.js';
import { createNda } from '../commands/ndas/create-nda.js';
import { setSignatureFields } from '../commands/ndas/set-signature-fields.js';
import { deleteNda } from '../commands/ndas/delete-nda.js';
import { editNda } from '../commands/ndas/edit-nda.js';
import { setNdaRecalled } from '../commands/ndas/set-nda-recalled.js';
import { getNda } from '../queries/ndas/get-nda.js';
import { listNdas } from '../queries/ndas/list-ndas.js';
import { listNdaClauses } from '../queries/ndas/list-clauses.js';
import { getSignatureFields } from '../queries/ndas/signature-fields.js';
import { authedProcedure, router } from './trpc.js';

/** The JSON twins of /projects/nda/: uploads (multipart) go through REST; a template needs no file. */
export const ndasRouter = router({
  list: authedProcedure.input(ndaListInput).query(({ ctx, input }) => listNdas(ctx.core, { actor: ctx.actor, input })),
  get: authedProcedure
    .input(ndaIdInput)
    .query(({ ctx, input }) => getNda(ctx.core, { actor: ctx.actor, ndaId: input.id })),
  createFromTemplate: authedProcedure
    .input(ndaCreateInput)
    .mutation(({ ctx, input }) => createNda(ctx.core, { actor: ctx.actor, input, upload: null })),
  update: authedProcedure
    .input(z.object({ id: idValue, name: ndaName.optional(), template: optionalId }))
    .mutation(({ ctx, input: { id, ...edit } }) =>
      editNda(ctx.core, { actor: ctx.actor, ndaId: id, ...edit, upload: null }),
    ),
  recall: authedProcedure
    .input(ndaIdInput)
    .mutation(({ ctx, input }) =>
      setNdaRecalled(ctx.core, { actor: ctx.actor, ndaId: input.id, move: 'recall', ip: ctx.ip }),
    ),
  restore: authedProcedure
    .input(ndaIdInput)
    .mutation(({ ctx, input }) =>
      setNdaRecalled(ctx.core, { actor: ctx.actor, ndaId: input.id, move: 'restore', ip: ctx.ip }),
    ),
  delete: authedProcedure.input(ndaIdInput).mutation(async ({ ctx, input }) => {
    await deleteNda(ctx.core, { actor: ctx.actor, ndaId: input.id });
    return { detail: 'NDA deleted.' };
  }),
  clauses: authedProcedure
    .input(ndaIdInput)
    .query(({ ctx, input }) => listNdaClauses(ctx.core, { actor: ctx.actor, ndaId: input.id })),
  signatureFields: authedProcedure
    .input(signatureFieldsIdInput)
    .query(({ ctx, input }) => getSignatureFields(ctx.core, { actor: ctx.actor, ndaId: input.id })),
  setSignatureFields: authedProcedure
    .input(setSignatureFieldsInput)
    .mutation(({ ctx, input: { id, fields } }) =>
      setSignatureFields(ctx.core, { actor: ctx.actor, ndaId: id, input: { fields } }),
    ),
});
