import type { Socket } from 'socket.io';
import type { ClientToServerEvents, ServerToClientEvents } from '@shared/realtime/contract.js';
import type { ClusterBus } from './cluster.js';
import { type PeerMessage, PresenceRooms } from './presence-rooms.js';
import { publishPresence } from './publishers/presence.js';
import type { RealtimeServer } from './publisher.js';
import { rooms } from './rooms.js';
import type { SocketData } from './socket-data.js';

/** At most this many presence messages per room and second: one flush per interval. */
export const PRESENCE_INTERVAL_MS = 100;
/** How often a process tells the others it is there, and how long the others wait before forgetting it. */
const ALIVE_MS = 5_000;
const FORGET_MS = 15_000;
const PEER_EVENT = 'presence.peer';

export interface PresenceClock {
  now(): number;
  setTimeout(fn: () => void, ms: number): { unref?(): unknown };
}
const realClock: PresenceClock = { now: Date.now, setTimeout: (fn, ms) => setTimeout(fn, ms) };

export interface Presence {
  /** The users with a socket in the room, on every process (the others' as of their last message). */
  viewers(room: string): Set<number>;
  /** Sends what is gathered now and tells the other processes this one is going. */
  close(): void;
}

type AppSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

/**
 * Who has an NDA open and on which page, gathered per room and sent at most every 100 ms
 * (presence-rooms.ts). Joins and leaves are read from the adapter's room events, whatever made them
 * (subscribe, unsubscribe, access revoked, disconnect, a restored connection); pages from
 * `presence.update`. The name shown is socket.data.presenceName, set at the handshake. With several processes each tells the others about its own sockets through
 * serverSideEmit, and sends its own sockets the merged view.
 */
export function attachPresence(io: RealtimeServer, bus: ClusterBus, clock: PresenceClock = realClock): Presence {
  const adapter = io.of('/').adapter;
  // A cluster adapter's id for this process (the in-memory adapter has none: one process).
  const uid = (adapter as { uid?: string }).uid ?? 'local';
  const presence = new PresenceRooms(uid, clock.now);
  let timer: { unref?(): unknown } | null = null;
  let lastFlush = -Infinity;
  let closed = false;

  const flush = () => {
    timer = null;
    if (closed) return;
    lastFlush = clock.now();
    const out = presence.flush();
    publishPresence(io, out);
    out.peers.forEach(tellPeers);
    if (presence.pending) schedule();
  };
  const schedule = () => {
    if (timer || closed) return;
    timer = clock.setTimeout(flush, Math.max(0, lastFlush + PRESENCE_INTERVAL_MS - clock.now()));
    timer.unref?.();
  };
  const tellPeers = (message: PeerMessage) => {
    if (!bus.clustered) return;
    try {
      (io.serverSideEmit as (event: string, message: PeerMessage) => boolean)(PEER_EVENT, message);
    } catch {
      // The adapter is closing: the others forget this process once they stop hearing from it.
    }
  };

  const joined = (room: string, socket: AppSocket | undefined) => {
    const actor = socket?.data.actor;
    if (!socket || !actor) return;
    presence.join(room, socket.id, {
      userId: actor.user.id,
      name: socket.data.presenceName ?? '',
      page: socket.data.pages?.[room] ?? 1,
    });
    schedule();
  };
  adapter.on('join-room', (room: string, id: string) => {
    if (room.startsWith('nda:')) joined(room, io.of('/').sockets.get(id));
  });
  adapter.on('leave-room', (room: string, id: string) => {
    if (!room.startsWith('nda:')) return;
    presence.leave(room, id);
    schedule();
  });

  // `presence.update {ndaId, page}`: the page a socket shows, in an NDA room it is in.
  io.on('connection', (socket) => {
    const pages: Record<string, number> = (socket.data.pages ??= {});
    socket.on('presence.update', (raw) => {
      const ndaId = Number(raw?.ndaId);
      const page = Number(raw?.page);
      const room = rooms.nda(ndaId);
      if (!socket.rooms.has(room) || !Number.isInteger(page) || page < 1 || page > 10_000) return;
      pages[room] = page;
      if (!presence.setPage(room, socket.id, page)) joined(room, socket);
      schedule();
    });
  });

  if (bus.clustered) {
    (io.on as (event: string, listener: (message: PeerMessage) => void) => void)(PEER_EVENT, (message) => {
      presence.receive(message);
      schedule();
    });
    tellPeers({ kind: 'hello', uid: presence.uid });
    const alive = () => {
      if (closed) return;
      tellPeers(presence.alive());
      presence.expire(clock.now() - FORGET_MS);
      schedule();
      clock.setTimeout(alive, ALIVE_MS).unref?.();
    };
    clock.setTimeout(alive, ALIVE_MS).unref?.();
  }

  return {
    viewers: (room) => presence.viewers(room),
    close() {
      if (closed) return;
      flush();
      closed = true;
      timer = null;
      tellPeers({ kind: 'bye', uid: presence.uid });
    },
  };
}
