import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { trpc } from '@client/lib/trpc';
import { useSession } from '@client/features/auth';
import { useAllProjects, applyProjectEvent, applyProjectReceived } from '@client/features/projects';
import type { EventDto } from '@client/lib/api-types';
import { useRealtime } from '@client/features/realtime';
import { applyTrackerChange } from '@client/features/tracker';
import { useEventFeed } from '../api/events';
import { addEventsToCache, lastKnownEventId } from '../api/feed-cache';

const NDA_MESSAGES = ['nda.created', 'nda.updated', 'nda.deleted', 'nda.signed', 'nda.rejected'] as const;

/**
 * Live project activity for the signed-in user, mounted once in the app frame. The socket joins the
 * room of every project the user may see (subscribe {projectId}); event.created then feeds the events
 * cache, the projects' unread counts and the tracker, each through its feature's own handler. After a
 * reconnect, events newer than the last known one are fetched (events?id__gt=), so nothing is missed.
 */
export function useEventsSync(): void {
  const utils = trpc.useUtils();
  const client = useQueryClient();
  const userId = useSession()?.user.id ?? null;
  const { socket, connected } = useRealtime();
  useEventFeed(userId !== null);
  const projects = useAllProjects(userId !== null);
  const joined = useRef(new Set<number>());
  const wasConnected = useRef(false);

  // Join the room of every visible project once per connection.
  useEffect(() => {
    if (!socket || !connected) {
      joined.current = new Set();
      return;
    }
    for (const project of projects.data?.results ?? []) {
      if (joined.current.has(project.id)) continue;
      joined.current.add(project.id);
      socket.emit('subscribe', { projectId: project.id }, (answer: { ok: boolean }) => {
        if (!answer?.ok) joined.current.delete(project.id);
      });
    }
  }, [socket, connected, projects.data]);

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
    const onEvent = (event: EventDto) => {
      addEventsToCache(utils, [event], userId);
      applyProjectEvent(utils, event);
      applyTrackerChange(client, event.project);
    };
    const onReceived = (payload: { project: number }) => applyProjectReceived(utils, payload.project);
    const onNda = (payload: { project?: number }) => {
      void utils.ndas.invalidate();
      if (payload?.project) applyTrackerChange(client, payload.project);
    };
    socket.on('event.created', onEvent);
    socket.on('project.received', onReceived);
    for (const name of NDA_MESSAGES) socket.on(name, onNda);
    return () => {
      socket.off('event.created', onEvent);
      socket.off('project.received', onReceived);
      for (const name of NDA_MESSAGES) socket.off(name, onNda);
    };
  }, [socket, utils, client, userId]);
}
