import { projectEngagementInput } from '@shared/schemas/engagement.js';
import { getProjectEngagement } from '../queries/engagement/project-engagement.js';
import { authedProcedure, router } from './trpc.js';

/** Each group's engagement over tRPC; the viewer's batches travel over REST (POST /projects/views/, sent on page hide). */
export const engagementRouter = router({
  project: authedProcedure
    .input(projectEngagementInput)
    .query(({ ctx, input }) => getProjectEngagement(ctx.core, { actor: ctx.actor, projectId: input.project })),
});
