import { eventListQuery, markEventsReadInput } from '@shared/schemas/projects.js';
import { markEventsRead } from '../commands/event-feed/mark-events-read.js';
import { listEvents } from '../queries/events/list-events.js';
import { authedProcedure, router } from './trpc.js';

/** The events feed over tRPC. */
export const eventsRouter = router({
  list: authedProcedure
    .input(eventListQuery)
    .query(({ ctx, input }) => listEvents(ctx.core, { actor: ctx.actor, query: input })),
  markRead: authedProcedure
    .input(markEventsReadInput)
    .mutation(({ ctx, input }) => markEventsRead(ctx.core, { actor: ctx.actor, eventIds: input.events })),
});
