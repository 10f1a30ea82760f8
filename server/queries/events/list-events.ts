import type { EventListQuery } from '@shared/schemas/projects.js';
import type { Core } from '@server/core.js';
import type { Actor } from '@server/policies/actor.js';
import { type EventDto, presentEvents, recipientView } from '@server/presenters/event.js';
import { countOf, type Page, pageOf } from '../projects/page.js';
import { managedProjects } from '../projects/visible-projects.js';
import { isReadBy, requireViewEvent, visibleEvents } from './visible-events.js';

/**
 * The events feed: newest first by default, 100 at a time, only what the caller may see, each with
 * isRead for the caller. `idGt` fetches what happened after the last known event (reconnect catch-up).
 */
export async function listEvents(
  core: Core,
  { actor, query: q }: { actor: Actor; query: EventListQuery },
): Promise<Page<EventDto>> {
  requireViewEvent(actor.user);
  let query = core.db.selectFrom('events').where(visibleEvents(actor.user));
  if (q.project) query = query.where('events.projectId', '=', q.project);
  if (q.projectBranch) query = query.where('events.projectBranchId', '=', q.projectBranch);
  if (q.idGt !== undefined) query = query.where('events.id', '>', q.idGt);
  const count = await countOf(query);
  const rows = await pageOf(
    query
      .selectAll('events')
      .select((eb) => isReadBy(actor.user.id)(eb).as('isRead'))
      .orderBy('events.id', q.ordering === 'id' ? 'asc' : 'desc'),
    q,
  ).execute();
  const events: EventDto[] = await presentEvents(
    core.db,
    rows.map((r) => ({ ...r, isRead: Boolean(r.isRead) })),
  );
  // The events of projects the caller only received an NDA in are shown as their recipients see them.
  const projectIds = [...new Set(events.map((e) => e.project))];
  const managed = new Set(
    projectIds.length
      ? (
          await core.db
            .selectFrom('projects')
            .select('projects.id')
            .where('projects.id', 'in', projectIds)
            .where(managedProjects(actor.user))
            .execute()
        ).map((p) => p.id)
      : [],
  );
  const results = events.map((e) => (managed.has(e.project) ? e : recipientView(e, actor.user.id)));
  return { count, limit: q.limit, offset: q.offset, results };
}
