import type { Actor } from '../policies/actor.js';

/** What the server keeps on each socket (socket.data). */
export interface SocketData {
  actor: Actor;
  /** The NDA page this socket shows, per NDA room, for presence. */
  pages?: Record<string, number>;
  /** The name the others see in presence. */
  presenceName?: string;
}
