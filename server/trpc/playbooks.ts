import { playbookIdInput, setPlaybookInput } from '@shared/schemas/playbook.js';
import { setPlaybook } from '../commands/playbooks/set-playbook.js';
import { getPlaybook } from '../queries/playbooks/get-playbook.js';
import { authedProcedure, router } from './trpc.js';

/** The twins of /projects/projects/{id}/playbook/ and /projects/nda_templates/{id}/playbook/. */
export const playbooksRouter = router({
  project: authedProcedure
    .input(playbookIdInput)
    .query(({ ctx, input }) => getPlaybook(ctx.core, { actor: ctx.actor, owner: { projectId: input.id } })),
  setProject: authedProcedure
    .input(setPlaybookInput)
    .mutation(({ ctx, input: { id, clauses } }) =>
      setPlaybook(ctx.core, { actor: ctx.actor, owner: { projectId: id }, input: { clauses } }),
    ),
  template: authedProcedure
    .input(playbookIdInput)
    .query(({ ctx, input }) => getPlaybook(ctx.core, { actor: ctx.actor, owner: { templateId: input.id } })),
  setTemplate: authedProcedure
    .input(setPlaybookInput)
    .mutation(({ ctx, input: { id, clauses } }) =>
      setPlaybook(ctx.core, { actor: ctx.actor, owner: { templateId: id }, input: { clauses } }),
    ),
});
