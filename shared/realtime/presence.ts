import type { PresenceChanged, PresenceViewer } from './contract.js';

/**
 * The viewers of an NDA after a presence.changed message: the whole list for a `full` one, else the
 * list with those who arrived or moved put in (each user once) and those who left taken out. Ordered
 * by user id, as the server lists them.
 */
export function applyPresence(
  list: readonly PresenceViewer[] | undefined,
  message: Pick<PresenceChanged, 'viewers' | 'left' | 'full'>,
): PresenceViewer[] {
  if (message.full) return [...message.viewers];
  const byUser = new Map((list ?? []).map((v) => [v.userId, v]));
  for (const id of message.left) byUser.delete(id);
  for (const v of message.viewers) byUser.set(v.userId, v);
  return [...byUser.values()].sort((a, b) => a.userId - b.userId);
}
