import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { trpc } from '@client/lib/trpc';
import { useSession } from '@client/features/auth';
import { applyBillingChanged } from '@client/features/billing';
import { useAllProjects, applyProjectEventToCache, applyProjectReceived } from '@client/features/projects';
import { listen, useRealtime, useRooms } from '@client/features/realtime';
import { applyTrackerChange, applyTrackerEvent } from '@client/features/tracker';
import { useEventFeed } from '../api/events';
import { addEventsToCache, lastKnownEventId } from '../api/feed-cache';

/**
 * Live project activity for the signed-in user, mounted once in the app frame. The socket joins the
 * room of every project the user may see; event.created then feeds the events cache, the project's
 * card and the tracker, each through its feature's own handler, touching only what the event names.
 * After a reconnect, events newer than the last known one are fetched (events?id__gt=), so nothing
 * is missed.
 */
export function useEventsSync(): void {
  const utils = trpc.useUtils();
  const client = useQueryClient();
  const userId = useSession()?.user.id ?? null;
  const { socket, connected } = useRealtime();
  useEventFeed(userId !== null);
  const projects = useAllProjects(userId !== null);
  const wasConnected = useRef(false);

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
    const since = lastKnownEventId(utils);
    utils.client.events.list
      .query({ ordering: '-id', limit: 100, idGt: since })
      .then((page) => {
        if (cancelled) return;
        addEventsToCache(utils, page.results, userId);
        for (const projectId of new Set(page.results.map((e) => e.project))) applyTrackerChange(client, projectId);
      })
      .catch(() => undefined);
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
      'event.created': (event) => {
        addEventsToCache(utils, [event], userId);
        applyProjectEventToCache(utils, event, userId);
        applyTrackerEvent(client, event);
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
        void utils.ndas.get.invalidate({ id: m.nda });
        refreshNdaLists(m.project, m.projectBranch);
        applyTrackerChange(client, m.project, m.projectBranch);
      },
      'nda.rejected': (m) => applyTrackerChange(client, m.project, m.projectBranch),
      'billing.changed': () => applyBillingChanged(utils),
    });
  }, [socket, utils, client, userId]);
}
