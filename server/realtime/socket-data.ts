/**
 * What the server keeps on each socket (socket.data). It travels between server processes (fetchSockets
 * through the adapter), so it holds ids and what presence shows, never the user's row.
 */
export interface SocketData {
  /** Whose socket it is; the user is read again wherever a decision needs more. */
  actor: { user: { id: number }; sessionId: string };
  /** The NDA page this socket shows, per NDA room, for presence. */
  pages?: Record<string, number>;
  /** The name the others see in presence. */
  presenceName?: string;
}
