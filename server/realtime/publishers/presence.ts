import type { Flushed } from '../presence-rooms.js';
import type { RealtimeServer } from '../publisher.js';

/**
 * Who views an NDA, to the sockets of this process in its room: the changes to those already told,
 * the whole list to those who just joined. Presence is not a database change: it is sent straight
 * from the socket server, not after a commit, and each process tells its own sockets (the others
 * learn of this process's viewers through presence.ts, not through a broadcast).
 */
export function publishPresence(io: RealtimeServer, { changes, lists }: Pick<Flushed, 'changes' | 'lists'>): void {
  for (const { room, except, message } of changes) io.local.to(room).except(except).emit('presence.changed', message);
  for (const { sockets, message } of lists) io.local.to(sockets).emit('presence.changed', message);
}
