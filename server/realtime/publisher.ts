import type { Server } from 'socket.io';

/**
 * Sends socket messages to rooms. Commands call it from after-commit callbacks only, so a message
 * never announces a change that was rolled back. Until a socket server is attached it drops messages.
 */
export class Publisher {
  private io: Server | null = null;

  attach(io: Server): void {
    this.io = io;
  }

  emit(rooms: string | string[], event: string, payload: unknown): void {
    this.io?.to(rooms).emit(event, payload);
  }

  /** Closes every socket in the rooms (on every server process): for sessions that have ended. */
  disconnect(rooms: string | string[]): void {
    this.io?.in(rooms).disconnectSockets(true);
  }
}
