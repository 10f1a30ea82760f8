import type { EventDto } from '@shared/dto';
import type { trpc } from '@client/lib/trpc';
import type { ProjectDto } from '@client/lib/api-types';

type Utils = ReturnType<typeof trpc.useUtils>;

/** Events whose whole effect on a project card is its unread count and, for some, one status icon. */
const CARD_EFFECT: Record<string, keyof ProjectDto['status'] | null> = {
  new_comments_thread: 'comment',
  new_comment: 'comment',
  approved: null,
  rejected: null,
  comments_thread_deleted: null,
  nda_opened: null,
  nda_sent: 'ndaSent',
  nda_rejected: 'refused',
};

/**
 * The project card after one more event: unread unless the user wrote it or read it as it arrived
 * (isRead), and its status icon on.
 * Answers the same object when nothing changes; null when the event changes more than the card can
 * tell (archived, members, a signature that opens the CIM...), so the project is read again.
 */
export function projectWithEvent<P extends Pick<ProjectDto, 'unreadEventsCount' | 'status'>>(
  project: P,
  event: Pick<EventDto, 'status' | 'authorId' | 'isRead'>,
  userId: number,
): P | null {
  if (!Object.hasOwn(CARD_EFFECT, event.status)) return null;
  const flag = CARD_EFFECT[event.status];
  const unread = event.authorId === userId || event.isRead ? 0 : 1;
  if (!unread && (!flag || project.status[flag])) return project;
  return {
    ...project,
    unreadEventsCount: project.unreadEventsCount + unread,
    status: flag ? { ...project.status, [flag]: true } : project.status,
  };
}

/**
 * The projects feature's one place for live changes: an event changes its project's card (the one
 * project and the list pages that show it) in the cache; what the card cannot tell is read again
 * for that project only.
 */
export function applyProjectEventToCache(utils: Utils, event: EventDto, userId: number): void {
  if (!Object.hasOwn(CARD_EFFECT, event.status)) return applyProjectEvent(utils, event);
  utils.projects.get.setData({ id: event.project }, (p) => (p ? (projectWithEvent(p, event, userId) ?? p) : p));
  utils.projects.list.setQueriesData({}, {}, (page) =>
    page
      ? {
          ...page,
          results: page.results.map((p) => (p.id === event.project ? (projectWithEvent(p, event, userId) ?? p) : p)),
        }
      : page,
  );
}

/** The project and the lists are read again (after marking read, or an event the card cannot tell). */
export function applyProjectEvent(utils: Utils, event: { project: number }): void {
  void utils.projects.list.invalidate();
  void utils.projects.get.invalidate({ id: event.project });
}

export function applyProjectReceived(utils: Utils, projectId: number): void {
  void utils.projects.list.invalidate();
  void utils.projects.get.invalidate({ id: projectId });
}
