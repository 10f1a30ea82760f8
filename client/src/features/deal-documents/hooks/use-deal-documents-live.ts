import { useEffect } from 'react';
import { listen, useRealtime, useRoom } from '@client/features/realtime';
import { readAfresh } from '@client/lib/read-afresh';
import { trpc } from '@client/lib/trpc';

/**
 * Keeps a project's deal documents live: a bidder's open page shows a document the moment it is
 * released to their group (with its release time), the sending team's list shows which groups have it.
 */
export function useDealDocumentsLive(projectId: number): void {
  const { socket } = useRealtime();
  const utils = trpc.useUtils();
  useEffect(() => {
    if (!socket || projectId <= 0) return;
    return listen(socket, {
      'document.released': (message) => {
        if (message.project !== projectId) return;
        void readAfresh(utils.dealDocuments.list, { project: projectId });
        if (message.document.kind) void utils.projects.get.invalidate({ id: projectId });
      },
    });
  }, [socket, projectId, utils]);
  useRoom(projectId > 0 ? { projectId } : null, () => {
    void readAfresh(utils.dealDocuments.list, { project: projectId });
  });
}
