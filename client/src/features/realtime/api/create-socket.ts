import { io, type Socket } from 'socket.io-client';

/**
 * A socket that is not connected yet. Every (re)connection asks getToken for the access token of
 * that moment, so a reconnect after a token refresh carries the new one.
 */
export function createSocket(getToken: () => string): Socket {
  return io({
    path: '/socket.io',
    transports: ['websocket'],
    autoConnect: false,
    auth: (send) => send({ token: getToken() }),
  });
}
