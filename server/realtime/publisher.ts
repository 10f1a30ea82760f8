import type { Server } from 'socket.io';
import type {
  ClientToServerEvents,
  ServerMessage,
  ServerPayload,
  ServerToClientEvents,
} from '@shared/realtime/contract.js';
import type { Presence } from './presence.js';
import { rooms } from './rooms.js';
import type { SocketData } from './socket-data.js';

/** Whose sockets to re-check for room access: every socket of these users and every socket in these rooms. */
export interface AccessTargets {
  users?: number[];
  rooms?: string[];
}

/** The socket.io server, typed by the shared contract. */
export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

/**
 * Sends socket messages to rooms. Only the publishers (server/realtime/publishers) call it, from
 * after-commit callbacks, so a message never announces a change that was rolled back. Until a socket
 * server is attached it drops messages.
 */
export class Publisher {
  private io: RealtimeServer | null = null;
  private revalidator: ((targets: AccessTargets) => Promise<void>) | null = null;
  private presence: Pick<Presence, 'viewers'> | null = null;

  attach(
    io: RealtimeServer,
    revalidate: (targets: AccessTargets) => Promise<void>,
    presence: Pick<Presence, 'viewers'>,
  ): void {
    this.io = io;
    this.revalidator = revalidate;
    this.presence = presence;
  }

  emit<M extends ServerMessage>(
    rooms: string | string[],
    message: M,
    payload: ServerPayload<M>,
    { except }: { except?: string } = {},
  ): void {
    const to = this.io?.to(rooms);
    (except ? to?.except(except) : to)?.emit(message, ...([payload] as Parameters<ServerToClientEvents[M]>));
  }

  /** Makes the targeted sockets leave the rooms their users may no longer be in (on every server process). */
  async revalidate(targets: AccessTargets): Promise<void> {
    await this.revalidator?.(targets);
  }

  /**
   * Who has the NDA open right now: the users with a socket in its room, on every server process, as
   * presence knows them (no round trip to the other processes). Nobody until a socket server is attached.
   */
  async viewersOf(ndaId: number): Promise<Set<number>> {
    return this.presence?.viewers(rooms.nda(ndaId)) ?? new Set();
  }

  /** Closes every socket in the rooms (on every server process): for sessions that have ended. */
  disconnect(rooms: string | string[]): void {
    this.io?.in(rooms).disconnectSockets(true);
  }
}
