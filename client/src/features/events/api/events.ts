import { EVENTS_PAGE_SIZE } from '@shared/schemas/projects';
import { trpc } from '@client/lib/trpc';

/** The user's feed: the newest 100 events of every project they may see (the navigation badge). */
export const FEED_INPUT = { ordering: '-id' as const, limit: EVENTS_PAGE_SIZE };
/** One project's feed (its activity panel). */
export const projectFeedInput = (project: number) => ({ ordering: '-id' as const, limit: EVENTS_PAGE_SIZE, project });

export function useEventFeed(enabled: boolean) {
  return trpc.events.list.useQuery(FEED_INPUT, { enabled, staleTime: 60_000 });
}

export function useProjectEvents(projectId: number, enabled = true) {
  return trpc.events.list.useQuery(projectFeedInput(projectId), { enabled: enabled && projectId > 0 });
}
