import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { createTRPCClient, createTRPCQueryUtils, getQueryKey, httpLink } from '@trpc/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import type { EventDto } from '@shared/dto';
import { negotiationHandlers } from '@client/features/negotiation/api/live-updates';
import type { Thread } from '@client/features/negotiation/types';
import { applyProjectEventToCache, projectWithEvent } from '@client/features/projects/hooks/projects-live';
import { applyTrackerEvent } from '@client/features/tracker/api/tracker-live';
import type { AppRouter } from '@client/lib/router-types';
import { trpc } from '@client/lib/trpc';

// The cache updates of socket messages: an open NDA page takes a thread move into its thread list and
// the project card, and reads nothing again but the tracker's figures.

const ME = 3;
const OTHER = 11;
const scope = { ndaId: 7, branchId: 4, projectId: 2 };

type Utils = ReturnType<typeof trpc.useUtils>;

function thread(id: number): Thread {
  return {
    id,
    nda: scope.ndaId,
    text: `Thread ${id}`,
    author: 'Alice Acquirer',
    authorId: OTHER,
    created: '2024-05-01T10:00:00.000Z',
    updated: '2024-05-01T10:00:00.000Z',
    negotiationStatus: 'unresolved',
    quote: null,
    proposal: null,
    proposals: [],
    pointers: [{ id: id * 10, page: 1, x: 0.25, y: 0.5, commentThread: id }],
    comments: [],
    clause: null,
    imported: null,
  };
}

function event(status: string, authorId = OTHER): EventDto {
  return {
    id: 100,
    project: scope.projectId,
    projectBranch: scope.branchId,
    nda: scope.ndaId,
    subject: 2,
    author: 'Alice Acquirer',
    authorId,
    status,
    created: '2024-05-01T10:00:00.000Z',
    isRead: false,
    reason: null,
    sentence: null,
  };
}

const project = {
  id: scope.projectId,
  name: 'Project Blue',
  unreadEventsCount: 1,
  status: { comment: false, received: false, refused: false, ndaSent: true, ndaSigned: false },
};

const stops: Array<() => void> = [];
afterEach(() => stops.splice(0).forEach((stop) => stop()));

/** A query on screen: an observer whose fetches are counted, holding fresh data. */
function onScreen(client: QueryClient, queryKey: readonly unknown[], data: unknown) {
  const fetches = { count: 0 };
  client.setQueryData(queryKey, data);
  const observer = new QueryObserver(client, {
    queryKey,
    queryFn: async () => {
      fetches.count += 1;
      return data;
    },
    staleTime: Infinity,
  });
  stops.push(observer.subscribe(() => undefined));
  return fetches;
}

function setup() {
  const queryClient = new QueryClient();
  const client = createTRPCClient<AppRouter>({ links: [httpLink({ url: 'http://127.0.0.1:9/trpc' })] });
  // The React hooks' utils and these share the cache calls the handlers use; only the type differs.
  const utils = createTRPCQueryUtils<AppRouter>({ queryClient, client }) as unknown as Utils;
  const threads = getQueryKey(trpc.threads.list, { nda: scope.ndaId }, 'query');
  queryClient.setQueryData(threads, [thread(1)]);
  return {
    queryClient,
    utils,
    threads: () => queryClient.getQueryData<Thread[]>(threads),
    project: onScreen(queryClient, getQueryKey(trpc.projects.get, { id: scope.projectId }, 'query'), project),
    group: onScreen(queryClient, getQueryKey(trpc.groups.get, { id: scope.branchId }, 'query'), {
      id: scope.branchId,
      project: scope.projectId,
    }),
    dashboard: onScreen(queryClient, getQueryKey(trpc.groups.dashboard, { project: scope.projectId }, 'query'), {
      count: 0,
      results: [],
    }),
  };
}

/** What the app frame and the NDA page do with one thread move: the message and its event. */
function move(s: ReturnType<typeof setup>, status: string, author = OTHER) {
  negotiationHandlers(s.utils, s.queryClient, scope)['thread.created']?.(thread(2));
  const e = event(status, author);
  applyProjectEventToCache(s.utils, e, ME);
  applyTrackerEvent(s.queryClient, e);
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('a thread move on an open NDA page', () => {
  it('adds the thread to the list and reads neither the project nor the group again', async () => {
    const s = setup();
    move(s, 'new_comments_thread');
    await settled();
    expect(s.threads()?.map((t) => t.id)).toEqual([1, 2]);
    expect(s.project.count).toBe(0);
    expect(s.group.count).toBe(0);
    // The project card counts the event and shows the comment icon, in place.
    const card = s.queryClient.getQueryData<typeof project>(
      getQueryKey(trpc.projects.get, { id: scope.projectId }, 'query'),
    );
    expect(card).toMatchObject({ unreadEventsCount: 2, status: { comment: true, ndaSent: true } });
    // The tracker's figures (colours, unresolved count) come from the server.
    expect(s.dashboard.count).toBe(1);
    // The group is stale for the next page that shows it, without a fetch now.
    expect(
      s.queryClient.getQueryState(getQueryKey(trpc.groups.get, { id: scope.branchId }, 'query'))?.isInvalidated,
    ).toBe(true);
  });

  it("does not count the user's own move as unread", async () => {
    const s = setup();
    move(s, 'approved', ME);
    await settled();
    expect(s.project.count).toBe(0);
    expect(
      s.queryClient.getQueryData<typeof project>(getQueryKey(trpc.projects.get, { id: scope.projectId }, 'query')),
    ).toEqual(project);
  });

  it('reads the project and the group again after an event the card cannot tell (a recall)', async () => {
    const s = setup();
    move(s, 'nda_recalled');
    await settled();
    expect(s.project.count).toBe(1);
    expect(s.group.count).toBe(1);
  });
});

describe('projectWithEvent', () => {
  it('turns on the status icon an event names and keeps the same card when nothing changes', () => {
    expect(projectWithEvent(project, event('nda_rejected'), ME)?.status.refused).toBe(true);
    expect(projectWithEvent(project, event('nda_sent', ME), ME)).toBe(project);
    expect(projectWithEvent(project, event('project_archived'), ME)).toBeNull();
  });

  it('counts an event unread unless the user wrote it or read it as it arrived', () => {
    expect(projectWithEvent(project, event('new_comment'), ME)?.unreadEventsCount).toBe(project.unreadEventsCount + 1);
    expect(projectWithEvent(project, { ...event('new_comment'), isRead: true }, ME)?.unreadEventsCount).toBe(
      project.unreadEventsCount,
    );
  });
});
