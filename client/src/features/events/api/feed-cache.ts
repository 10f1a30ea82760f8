import type { trpc } from '@client/lib/trpc';
import { changeOrReadAfresh } from '@client/lib/read-afresh';
import type { EventDto } from '@client/lib/api-types';
import { FEED_INPUT, projectFeedInput } from './events';

type Utils = ReturnType<typeof trpc.useUtils>;
type Feed = NonNullable<ReturnType<Utils['events']['list']['getData']>>;

/** Newest first, without duplicates, at most 100 (the feed's page). */
function merge(existing: EventDto[], incoming: EventDto[]): EventDto[] {
  const byId = new Map<number, EventDto>();
  for (const e of [...incoming, ...existing]) if (!byId.has(e.id)) byId.set(e.id, e);
  return [...byId.values()].sort((a, b) => b.id - a.id).slice(0, 100);
}

/**
 * The events feature's one place where pushed or caught-up events enter the cache: the user's feed
 * and the feed of the event's project. Events the user wrote count as read. A feed whose first read
 * has not answered is read afresh, as that read may have begun before the events.
 */
export function addEventsToCache(utils: Utils, events: EventDto[], userId: number): void {
  if (!events.length) return;
  const seen = events.map((e) => (e.authorId === userId ? { ...e, isRead: true } : e));
  const add =
    (list: EventDto[]) =>
    (old: Feed | undefined): Feed | undefined => {
      if (!old) return old;
      const fresh = list.filter((e) => !old.results.some((o) => o.id === e.id));
      return { ...old, count: old.count + fresh.length, results: merge(old.results, list) };
    };
  changeOrReadAfresh(utils.events.list, FEED_INPUT, add(seen));
  for (const projectId of new Set(seen.map((e) => e.project))) {
    changeOrReadAfresh(
      utils.events.list,
      projectFeedInput(projectId),
      add(seen.filter((e) => e.project === projectId)),
    );
  }
}

/** Marks events read in every cached feed; answers whether any of them was unread there. */
export function markReadInCache(utils: Utils, ids: number[]): boolean {
  const set = new Set(ids);
  let changed = false;
  utils.events.list.setQueriesData({}, {}, (old) => {
    if (!old?.results.some((e) => set.has(e.id) && !e.isRead)) return old;
    changed = true;
    return { ...old, results: old.results.map((e) => (set.has(e.id) ? { ...e, isRead: true } : e)) };
  });
  return changed;
}
