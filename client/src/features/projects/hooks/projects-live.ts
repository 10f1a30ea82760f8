import type { trpc } from '@client/lib/trpc';

type Utils = ReturnType<typeof trpc.useUtils>;

/**
 * The projects feature's one place for live changes: an event changes a project's unread count and
 * status icons, a received project appears in the lists. The server's figures are read again (lists
 * are small pages), only for the queries that are on screen.
 */
export function applyProjectEvent(utils: Utils, event: { project: number }): void {
  void utils.projects.list.invalidate();
  void utils.projects.get.invalidate({ id: event.project });
}

export function applyProjectReceived(utils: Utils, projectId: number): void {
  void utils.projects.list.invalidate();
  void utils.projects.get.invalidate({ id: projectId });
}
