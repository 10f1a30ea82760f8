import { setSignatureFieldsInput } from '@shared/schemas/signature-fields.js';
import { templateIdInput, templateListInput, templateRenameByIdInput } from '@shared/schemas/templates.js';
import { deleteTemplate } from '../commands/templates/delete-template.js';
import { renameTemplate } from '../commands/templates/rename-template.js';
import { setTemplateSignatureFields } from '../commands/templates/set-template-signature-fields.js';
import { listTemplateClauses } from '../queries/ndas/list-clauses.js';
import { getTemplate } from '../queries/templates/get-template.js';
import { listTemplates } from '../queries/templates/list-templates.js';
import { getTemplateSignatureFields } from '../queries/templates/template-signature-fields.js';
import { authedProcedure, router } from './trpc.js';

/** The JSON twins of /projects/nda_templates/; adding a template (a file) goes through REST multipart. */
export const templatesRouter = router({
  list: authedProcedure
    .input(templateListInput)
    .query(({ ctx, input }) => listTemplates(ctx.core, { actor: ctx.actor, input })),
  get: authedProcedure
    .input(templateIdInput)
    .query(({ ctx, input }) => getTemplate(ctx.core, { actor: ctx.actor, templateId: input.id })),
  rename: authedProcedure
    .input(templateRenameByIdInput)
    .mutation(({ ctx, input: { id, name } }) =>
      renameTemplate(ctx.core, { actor: ctx.actor, templateId: id, input: { name } }),
    ),
  delete: authedProcedure.input(templateIdInput).mutation(async ({ ctx, input }) => {
    await deleteTemplate(ctx.core, { actor: ctx.actor, templateId: input.id });
    return { detail: 'Template deleted.' };
  }),
  clauses: authedProcedure
    .input(templateIdInput)
    .query(({ ctx, input }) => listTemplateClauses(ctx.core, { actor: ctx.actor, templateId: input.id })),
  signatureFields: authedProcedure
    .input(templateIdInput)
    .query(({ ctx, input }) => getTemplateSignatureFields(ctx.core, { actor: ctx.actor, templateId: input.id })),
  setSignatureFields: authedProcedure
    .input(setSignatureFieldsInput)
    .mutation(({ ctx, input: { id, fields } }) =>
      setTemplateSignatureFields(ctx.core, { actor: ctx.actor, templateId: id, input: { fields } }),
    ),
});
