import { z } from 'zod';
import { negotiationBulkIdInput } from '@shared/schemas/negotiation-bulk.js';
import { id, projectCreateInput, projectListQuery, projectUpdateInput } from '@shared/schemas/projects.js';
import { createProject } from '../commands/projects/create-project.js';
import { negotiateBulk } from '../commands/threads/negotiate-bulk.js';
import { updateProject } from '../commands/projects/update-project.js';
import { getProject } from '../queries/projects/get-project.js';
import { listProjects } from '../queries/projects/list-projects.js';
import { getNegotiationOverview } from '../queries/projects/negotiation-overview.js';
import { listProjectTeam } from '../queries/projects/list-project-team.js';
import { authedProcedure, router } from './trpc.js';

/** Projects over tRPC (files travel through the REST form: teaser, CIM and the new project's NDA file). */
export const projectsRouter = router({
  list: authedProcedure
    .input(projectListQuery)
    .query(({ ctx, input }) => listProjects(ctx.core, { actor: ctx.actor, query: input })),
  get: authedProcedure
    .input(z.object({ id }))
    .query(({ ctx, input }) => getProject(ctx.core, { actor: ctx.actor, projectId: input.id })),
  /** The project's team with names and avatars (none for a recipient). */
  team: authedProcedure
    .input(z.object({ id }))
    .query(({ ctx, input }) => listProjectTeam(ctx.core, { actor: ctx.actor, projectId: input.id })),
  /** The clause view across the project's groups (senders only). */
  negotiationBulk: authedProcedure
    .input(negotiationBulkIdInput)
    .mutation(({ ctx, input: { id: projectId, ...input } }) =>
      negotiateBulk(ctx.core, { actor: ctx.actor, projectId, input, ip: ctx.ip }),
    ),
  negotiationOverview: authedProcedure
    .input(z.object({ id }))
    .query(({ ctx, input }) => getNegotiationOverview(ctx.core, { actor: ctx.actor, projectId: input.id })),
  create: authedProcedure
    .input(projectCreateInput)
    .mutation(({ ctx, input }) => createProject(ctx.core, { actor: ctx.actor, input, ip: ctx.ip })),
  update: authedProcedure
    .input(projectUpdateInput.extend({ id }))
    .mutation(({ ctx, input: { id: projectId, ...fields } }) =>
      updateProject(ctx.core, { actor: ctx.actor, projectId, input: fields, uploads: {}, ip: ctx.ip }),
    ),
});
