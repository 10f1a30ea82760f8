import type { PresenceChanged } from '@shared/realtime/contract.js';
import type { RealtimeServer } from '../publisher.js';

/**
 * Who views an NDA, to its room. Presence is not a database change: it is sent at once, straight
 * from the socket server, not after a commit.
 */
export function publishPresence(io: RealtimeServer, room: string, message: PresenceChanged): void {
  io.to(room).emit('presence.changed', message);
}
