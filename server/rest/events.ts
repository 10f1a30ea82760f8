import type { FastifyInstance } from 'fastify';
import { eventListQuery, markEventsReadInput } from '@shared/schemas/projects.js';
import { markEventsRead } from '../commands/event-feed/mark-events-read.js';
import type { Core } from '../core.js';
import { listEvents } from '../queries/events/list-events.js';
import { pagedAnswer } from './paging.js';
import { route } from './route.js';

/** The events feed: GET /projects/events/?ordering=-id&limit=100&project=&id__gt= and POST mark_events_read/. */
export function eventRoutes(app: FastifyInstance, core: Core): void {
  route(app, core, {
    method: 'GET',
    url: '/projects/events/',
    summary: 'Lists the events the caller may see, newest first, each with whether the caller has read it.',
    description:
      'Pages of 100 by default (limit=-1 answers everything); filter by project and project_branch, or order oldest first with ordering=id. To catch up after a reconnect, ask for id__gt= the last event id you know.',
    auth: 'required',
    input: eventListQuery,
    handler: async (i, a, { req }) => pagedAnswer(req, await listEvents(core, { actor: a, query: i })),
  });
  route(app, core, {
    method: 'POST',
    url: '/projects/events/mark_events_read/',
    summary: 'Marks events read for the caller.',
    description:
      'Ids of events the caller may not see, or that do not exist, are ignored; the answer counts the events newly marked.',
    auth: 'required',
    input: markEventsReadInput,
    handler: (i, a) => markEventsRead(core, { actor: a, eventIds: i.events }),
  });
}
