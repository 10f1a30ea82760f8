import { useEffect, useRef } from 'react';
import { readAfresh } from '@client/lib/read-afresh';
import { trpc } from '@client/lib/trpc';
import { listen, useRealtime, useRoom } from '@client/features/realtime';
import { overviewHandlers } from '../api/overview-live';

/**
 * Keeps the clause view live, as the tracker is: the project's room is joined while the view is open,
 * and the overview is read again on every message about the project's threads, and after each
 * (re)join for what was missed meanwhile.
 */
export function useOverviewLive(projectId: number, ndas: readonly number[] | undefined): void {
  const { socket } = useRealtime();
  const utils = trpc.useUtils();
  const known = useRef<ReadonlySet<number>>(new Set());
  useEffect(() => {
    known.current = new Set(ndas);
  }, [ndas]);

  useEffect(() => {
    if (!socket || projectId <= 0) return;
    const refresh = () => void readAfresh(utils.projects.negotiationOverview, { id: projectId });
    return listen(
      socket,
      overviewHandlers(projectId, () => known.current, refresh),
    );
  }, [socket, projectId, utils]);

  useRoom(projectId > 0 ? { projectId } : null, () => {
    void readAfresh(utils.projects.negotiationOverview, { id: projectId });
  });
}
