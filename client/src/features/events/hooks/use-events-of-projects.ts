import { trpc } from '@client/lib/trpc';
import type { EventDto } from '@client/lib/api-types';
import { projectFeedInput, useEventFeed } from '../api/events';

interface Merged {
  events: EventDto[];
  isPending: boolean;
}

/** The projects' feeds as one list, newest first (stable, so react-query keeps the result while nothing changes). */
function mergeFeeds(results: Array<{ data?: { results: EventDto[] }; isPending: boolean }>): Merged {
  const byId = new Map<number, EventDto>();
  for (const r of results) for (const e of r.data?.results ?? []) byId.set(e.id, e);
  return {
    events: [...byId.values()].sort((a, b) => b.id - a.id),
    isPending: results.some((r) => r.isPending),
  };
}

/**
 * Events across projects, newest first, from the feeds the app keeps live (event.created lands in
 * them, see feed-cache.ts): the user's whole feed when `projectIds` is null, else the feeds of the
 * projects named, merged. Reading them marks nothing read.
 */
export function useEventsOfProjects(projectIds: number[] | null): Merged {
  const all = useEventFeed(projectIds === null);
  const merged = trpc.useQueries((t) => (projectIds ?? []).map((id) => t.events.list(projectFeedInput(id))), {
    combine: mergeFeeds,
  });
  if (projectIds !== null) return merged;
  return { events: all.data?.results ?? [], isPending: all.isPending };
}
