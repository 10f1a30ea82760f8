import type { Socket } from 'socket.io';
import type { ClientToServerEvents, PresenceViewer, ServerToClientEvents } from '@shared/realtime/contract.js';
import type { Actor } from '../policies/actor.js';
import { publishPresence } from './publishers/presence.js';
import type { RealtimeServer } from './publisher.js';
import { rooms } from './rooms.js';
import type { SocketData } from './socket-data.js';

/**
 * Who has an NDA open and on which page. Each socket keeps its own page in socket.data; the list is
 * read from the room with fetchSockets, which works across servers through the adapter.
 */
export function handlePresence(
  io: RealtimeServer,
  socket: Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>,
  actor: Actor,
): { announce(room: string): Promise<void> } {
  const pages: Record<string, number> = (socket.data.pages ??= {});
  socket.data.presenceName = `${actor.user.firstName} ${actor.user.lastName}`.trim() || actor.user.email;

  const announce = (room: string) => announcePresence(io, room);

  socket.on('presence.update', (raw) => {
    const ndaId = Number(raw?.ndaId);
    const page = Number(raw?.page);
    const room = rooms.nda(ndaId);
    if (!socket.rooms.has(room) || !Number.isInteger(page) || page < 1 || page > 10_000) return;
    pages[room] = page;
    void announce(room);
  });
  socket.on('disconnecting', () => {
    const left = [...socket.rooms].filter((r) => r.startsWith('nda:'));
    // After the socket has left its rooms, tell the others.
    setImmediate(() => left.forEach((room) => void announce(room)));
  });
  return { announce };
}

/** Per server and room, the latest announcement under way. */
const latest = new WeakMap<RealtimeServer, Map<string, number>>();
let announcements = 0;

/**
 * Tells an NDA's room who is in it now (after a socket joined, moved, left or was made to leave).
 * Reading the room can take longer for one announcement than for the next (other servers answer in
 * their own time), so an announcement overtaken by a later one in the same room is dropped: the later
 * one read the room afterwards, and a stale list never follows a fresh one.
 */
export async function announcePresence(io: RealtimeServer, room: string): Promise<void> {
  if (!room.startsWith('nda:')) return;
  const mine = ++announcements;
  const underWay = latest.get(io) ?? new Map<string, number>();
  latest.set(io, underWay);
  underWay.set(room, mine);
  // Another server may not answer in time (it stopped before its heartbeat lapsed): this list is then
  // not sent, and the next change in the room sends a full one. Callers do not wait, so it must not throw.
  const sockets = await io
    .in(room)
    .fetchSockets()
    .catch(() => null);
  if (underWay.get(room) !== mine) return;
  underWay.delete(room);
  if (!sockets) return;
  const byUser = new Map<number, PresenceViewer>();
  for (const s of sockets) {
    const data = s.data as Partial<SocketData>;
    if (!data.actor) continue;
    byUser.set(data.actor.user.id, {
      userId: data.actor.user.id,
      name: data.presenceName ?? '',
      page: data.pages?.[room] ?? 1,
    });
  }
  publishPresence(io, room, { nda: Number(room.slice(4)), viewers: [...byUser.values()] });
}
