import type { Server, Socket } from 'socket.io';
import type { Actor } from '../policies/actor.js';

export interface PresenceEntry {
  userId: number;
  name: string;
  page: number;
}

/**
 * Who has an NDA open and on which page. Each socket keeps its own page in socket.data; the list is
 * read from the room with fetchSockets, which works across servers through the adapter.
 */
export function handlePresence(io: Server, socket: Socket, actor: Actor): { announce(room: string): Promise<void> } {
  const pages: Record<string, number> = ((socket.data as { pages?: Record<string, number> }).pages ??= {});
  const name = `${actor.user.firstName} ${actor.user.lastName}`.trim() || actor.user.email;
  (socket.data as { presenceName?: string }).presenceName = name;

  const announce = async (room: string) => {
    if (!room.startsWith('nda:')) return;
    const sockets = await io.in(room).fetchSockets();
    const byUser = new Map<number, PresenceEntry>();
    for (const s of sockets) {
      const data = s.data as { actor?: Actor; pages?: Record<string, number>; presenceName?: string };
      if (!data.actor) continue;
      byUser.set(data.actor.user.id, {
        userId: data.actor.user.id,
        name: data.presenceName ?? '',
        page: data.pages?.[room] ?? 1,
      });
    }
    io.to(room).emit('presence.changed', { nda: Number(room.slice(4)), viewers: [...byUser.values()] });
  };

  socket.on('presence.update', (raw: { ndaId?: unknown; page?: unknown }) => {
    const ndaId = Number(raw?.ndaId);
    const page = Number(raw?.page);
    const room = `nda:${ndaId}`;
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
