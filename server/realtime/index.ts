import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import type { Core } from '../core.js';
import type { Actor } from '../policies/actor.js';
import { toHttpError } from '../errors.js';
import { authenticate } from '../queries/auth/authenticate.js';
import { attachClusterAdapter } from './cluster.js';
import { handlePresence } from './presence.js';
import type { RealtimeServer } from './publisher.js';
import { guardRecovery, revalidateRooms, revalidateSocket } from './revalidate.js';
import { rooms } from './rooms.js';
import type { SocketData } from './socket-data.js';
import { handleSubscriptions } from './subscriptions.js';

export type { SocketData };

/**
 * socket.io on the app's HTTP server. The handshake needs a valid access token (auth.token); each
 * socket joins its user's and its session's rooms, and is disconnected when its token expires or its
 * session ends (logout, password reset, detected refresh-token theft). Room membership is checked
 * again when access changes and when a connection is restored (revalidate.ts).
 */
export function attachRealtime(httpServer: HttpServer, core: Core): { io: RealtimeServer; close(): Promise<void> } {
  const io: RealtimeServer = new Server(httpServer, {
    path: '/socket.io',
    serveClient: false,
    // The PostgreSQL adapter does not restore connections: the client catches up on reconnect instead.
    connectionStateRecovery: { maxDisconnectionDuration: 2 * 60 * 1000, skipMiddlewares: false },
  });
  const adapter = attachClusterAdapter(core, io);
  // The signed-in user of each socket of this process, as the handshake found them.
  const actors = new WeakMap<object, Actor>();

  guardRecovery(core, io);
  core.realtime.attach(io, (targets) => revalidateRooms(core, io, targets));

  io.use(async (socket, next) => {
    const token = socket.handshake.auth?.token;
    if (typeof token !== 'string' || !token) return next(new Error('Authentication credentials were not provided.'));
    try {
      const actor = await authenticate(core, token);
      actors.set(socket, { user: actor.user, sessionId: actor.sessionId });
      socket.data.actor = { user: { id: actor.user.id }, sessionId: actor.sessionId };
      const msLeft = actor.exp * 1000 - Date.now();
      const timer = setTimeout(() => socket.disconnect(true), Math.max(0, msLeft));
      timer.unref();
      socket.once('disconnect', () => clearTimeout(timer));
      next();
    } catch (err) {
      next(new Error(String(toHttpError(err).body.detail ?? 'Unauthorized')));
    }
  });

  io.on('connection', (socket) => {
    const actor = actors.get(socket);
    if (!actor) return void socket.disconnect(true);
    void socket.join([rooms.user(actor.user.id), rooms.session(actor.sessionId)]);
    // A restored connection comes back with its rooms: each is checked again.
    if (socket.recovered)
      revalidateSocket(core, io, socket).catch((err: unknown) => core.log.warn({ err }, 'room re-check failed'));
    const presence = handlePresence(io, socket, actor);
    handleSubscriptions(
      core,
      socket,
      actor,
      (room) => void presence.announce(room),
      (room) => void presence.announce(room),
    );
  });

  return {
    io,
    async close() {
      await adapter.beforeClose();
      await io.close();
      await adapter.afterClose();
    },
  };
}
