import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { readOnArrival } from '@shared/event-reads';
import { trpc } from '@client/lib/trpc';
import { useSession } from '@client/features/auth';
import { applyBillingChanged } from '@client/features/billing';
import {
  useAllProjects,
  applyProjectEvent,
  applyProjectEventToCache,
  applyProjectReceived,
} from '@client/features/projects';
import { hasNdaOpen, listen, useRealtime, useRooms } from '@client/features/realtime';
import { awaitsOwnSignature } from '@client/features/negotiation';
import { applyTrackerChange, applyTrackerEvent } from '@client/features/tracker';
import { useEventFeed } from '../api/events';
import { addEventsToCache, markReadInCache } from '../api/feed-cache';

const CATCH_UP_PAGE = 100;

/**
 * Live project activity for the signed-in user, mounted once in the app frame. The socket joins the
 * room of every project the user may see; event.created then feeds the events cache, the project's
 * card and the tracker, each through its feature's own handler, touching only what the event names.
 * After a reconnect, every event after the last one read from the server is fetched
 * (events?id__gt=), so nothing is missed.
 */
export function useEventsSync(): void {
  const utils = trpc.useUtils();
  const client = useQueryClient();
  const userId = useSession()?.user.id ?? null;
  const { socket, connected } = useRealtime();
  const feed = useEventFeed(userId !== null);
  const projects = useAllProjects(userId !== null);
  const wasConnected = useRef(false);
  // The newest id up to which every event has been read from the server: the feed's first load, then
  // each catch-up. Pushed events do not move it: two server processes can push a newer event before
  // an older one, and a catch-up from the newest pushed id would skip the older.
  const caughtUpTo = useRef<number | null>(null);
  useEffect(() => {
    if (caughtUpTo.current === null && feed.data) caughtUpTo.current = feed.data.results[0]?.id ?? 0;
  }, [feed.data]);

  const targets = useMemo(() => (projects.data?.results ?? []).map((p) => ({ projectId: p.id })), [projects.data]);
  useRooms(targets);

  // Catch up after a reconnect (not on the first connection: the first load is fresh).
  useEffect(() => {
    if (!connected || userId === null) return;
    if (!wasConnected.current) {
      wasConnected.current = true;
      return;
    }
    let cancelled = false;
    // Oldest first, page after page, so that the whole gap is read however long it is.
    const catchUp = async (since: number): Promise<void> => {
      for (;;) {
        const page = await utils.client.events.list.query({ ordering: 'id', limit: CATCH_UP_PAGE, idGt: since });
        if (cancelled) return;
        addEventsToCache(utils, page.results, userId);
        for (const projectId of new Set(page.results.map((e) => e.project))) applyTrackerChange(client, projectId);
        since = page.results.at(-1)?.id ?? since;
        caughtUpTo.current = since;
        if (page.results.length < CATCH_UP_PAGE) return;
      }
    };
    catchUp(caughtUpTo.current ?? 0).catch(() => undefined);
    void utils.projects.invalidate();
    return () => {
      cancelled = true;
    };
  }, [connected, utils, client, userId]);

  useEffect(() => {
    if (!socket || userId === null) return;
    // The NDA lists that show it: the project's and its group's.
    const refreshNdaLists = (project: number, projectBranch: number | null) => {
      void utils.ndas.list.invalidate({ project });
      if (projectBranch) void utils.ndas.list.invalidate({ projectBranch });
    };
    return listen(socket, {
      'event.created': (pushed) => {
        // Watched as it happened on its NDA's page: read, as the server has already recorded it.
        const read = readOnArrival(pushed, userId, (ndaId) => hasNdaOpen(socket, ndaId));
        const event = read ? { ...pushed, isRead: true } : pushed;
        addEventsToCache(utils, [event], userId);
        applyProjectEventToCache(utils, event, userId);
        applyTrackerEvent(client, event);
      },
      // Watched on their NDA's page in another tab (this one counted them read as they arrived).
      'events.read': (m) => {
        if (markReadInCache(utils, m.events)) applyProjectEvent(utils, { project: m.project });
      },
      'project.received': (m) => applyProjectReceived(utils, m.project),
      'nda.created': (nda) => {
        refreshNdaLists(nda.project, nda.projectBranch);
        applyTrackerChange(client, nda.project, nda.projectBranch);
      },
      'nda.updated': (nda) => {
        utils.ndas.get.setData({ id: nda.id }, nda);
        refreshNdaLists(nda.project, nda.projectBranch);
        applyTrackerChange(client, nda.project, nda.projectBranch);
      },
      'nda.deleted': (m) => {
        void utils.ndas.get.invalidate({ id: m.id });
        refreshNdaLists(m.project, m.projectBranch);
        applyTrackerChange(client, m.project, m.projectBranch);
      },
      'nda.signed': (m) => {
        // The signed file's address: read again unless this browser's own signature brings it.
        if (!utils.ndas.get.getData({ id: m.nda })?.isSigned && !awaitsOwnSignature(client))
          void utils.ndas.get.invalidate({ id: m.nda }, undefined, { cancelRefetch: false });
        refreshNdaLists(m.project, m.projectBranch);
        applyTrackerChange(client, m.project, m.projectBranch);
      },
      'nda.rejected': (m) => applyTrackerChange(client, m.project, m.projectBranch),
      'billing.changed': () => applyBillingChanged(utils),
    });
  }, [socket, utils, client, userId]);
}
