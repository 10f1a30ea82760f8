import { useEffect, useRef } from 'react';
import { trpc } from '@client/lib/trpc';
import { useSession } from '@client/features/auth';
import type { EventDto } from '@client/lib/api-types';
import { applyProjectEvent } from '@client/features/projects';
import { markReadInCache } from '../api/feed-cache';

/**
 * The project page is open: its unread events (including those pushed while it stays open) are seen,
 * so they are marked read on the server, in the cached feeds and in the project's unread count.
 */
export function useMarkProjectRead(projectId: number, events: EventDto[] | undefined): void {
  const utils = trpc.useUtils();
  const markRead = trpc.events.markRead.useMutation();
  const { mutateAsync } = markRead;
  const userId = useSession()?.user.id ?? null;
  const sent = useRef(new Set<number>());

  useEffect(() => {
    const unread = (events ?? [])
      .filter((e) => !e.isRead && e.authorId !== userId && !sent.current.has(e.id))
      .map((e) => e.id);
    if (!unread.length) return;
    unread.forEach((id) => sent.current.add(id));
    mutateAsync({ events: unread })
      .then(() => {
        markReadInCache(utils, unread);
        applyProjectEvent(utils, { project: projectId });
      })
      .catch(() => unread.forEach((id) => sent.current.delete(id)));
  }, [events, userId, utils, projectId, mutateAsync]);
}
