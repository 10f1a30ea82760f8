import type { QueryClient } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { trpc } from '@client/lib/trpc';

/**
 * The tracker's one place for live changes: an event of a project (a recipient opened, commented,
 * signed, passed) or a change of one of its NDAs refreshes that project's tracker and groups, if cached.
 * Takes the QueryClient, so features that hold no tRPC utils (the NDA page) can call it too.
 */
export function applyTrackerChange(client: QueryClient, projectId: number): void {
  void client.invalidateQueries({ queryKey: getQueryKey(trpc.groups.dashboard, { project: projectId }, 'query') });
  void client.invalidateQueries({ queryKey: getQueryKey(trpc.groups.list, { project: projectId }, 'query') });
  void client.invalidateQueries({ queryKey: getQueryKey(trpc.groups.get) });
}
