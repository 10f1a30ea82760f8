import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@shared/realtime/contract';

/** The app's socket, typed by the shared contract: a wrong message name or payload does not compile. */
export type RealtimeSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * A socket that is not connected yet. Every (re)connection asks getToken for the access token of
 * that moment, so a reconnect after a token refresh carries the new one.
 */
export function createSocket(getToken: () => string): RealtimeSocket {
  return io({
    path: '/socket.io',
    transports: ['websocket'],
    autoConnect: false,
    auth: (send) => send({ token: getToken() }),
  });
}
