import type { QueryClient } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import type { EventDto } from '@shared/dto';
import { readQueriesAfresh } from '@client/lib/read-afresh';
import { trpc } from '@client/lib/trpc';

/** Events that change a group's colours, unresolved count and last event only (the tracker's figures). */
const THREAD_ACTIVITY = new Set([
  'new_comments_thread',
  'new_comment',
  'approved',
  'rejected',
  'comments_thread_deleted',
  'nda_opened',
  'document_opened',
]);

function refreshProjectTracker(client: QueryClient, projectId: number): void {
  void readQueriesAfresh(client, { queryKey: getQueryKey(trpc.groups.dashboard, { project: projectId }, 'query') });
  void readQueriesAfresh(client, { queryKey: getQueryKey(trpc.groups.list, { project: projectId }, 'query') });
  void readQueriesAfresh(client, { queryKey: getQueryKey(trpc.engagement.project, { project: projectId }, 'query') });
}

/** The cached groups (groups.get) of one project, or the one group when its id is known. */
function refreshGroups(client: QueryClient, projectId: number, branchId?: number | null): void {
  if (branchId) {
    void readQueriesAfresh(client, { queryKey: getQueryKey(trpc.groups.get, { id: branchId }, 'query') });
    return;
  }
  void readQueriesAfresh(client, {
    queryKey: getQueryKey(trpc.groups.get),
    predicate: (query) => (query.state.data as { project?: number } | undefined)?.project === projectId,
  });
}

/**
 * The tracker's one place for live changes: a change of a project's groups or NDAs (a recipient
 * signed, passed, an NDA was sent or recalled) refreshes that project's tracker and the group, if
 * cached. Takes the QueryClient, so features that hold no tRPC utils (the NDA page) can call it too.
 */
export function applyTrackerChange(client: QueryClient, projectId: number, branchId?: number | null): void {
  refreshProjectTracker(client, projectId);
  refreshGroups(client, projectId, branchId);
}

/**
 * An event of a project: its tracker is read again. A thread or comment changes only the tracker's
 * figures, so the group's own query is marked stale without refetching it now (an open NDA page
 * does not reload its group after every move); other events change the group itself.
 */
export function applyTrackerEvent(client: QueryClient, event: Pick<EventDto, 'project' | 'projectBranch' | 'status'>) {
  if (!THREAD_ACTIVITY.has(event.status)) return applyTrackerChange(client, event.project, event.projectBranch);
  refreshProjectTracker(client, event.project);
  if (event.projectBranch)
    void client.invalidateQueries({
      queryKey: getQueryKey(trpc.groups.get, { id: event.projectBranch }, 'query'),
      refetchType: 'none',
    });
}
