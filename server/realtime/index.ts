import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import type { Core } from '../core.js';
import type { Actor } from '../policies/actor.js';
import { toHttpError } from '../errors.js';
import { authenticate } from '../queries/auth/authenticate.js';
import { attachClusterAdapter } from './cluster.js';
import { createMessageLimits } from './message-limits.js';
import { attachPresence } from './presence.js';
import type { RealtimeServer } from './publisher.js';
import { guardRecovery, revalidateRooms, revalidateSocket } from './revalidate.js';
import { rooms } from './rooms.js';
import type { SocketData } from './socket-data.js';
import { handleSubscriptions } from './subscriptions.js';

export type { SocketData };

export interface Realtime {
  io: RealtimeServer;
  /**
   * For a shutdown: refuses new connections and closes every socket of this process, which reconnect
   * (behind a load balancer, to another process); rooms and the bus stay up for work in flight.
   */
  drain(): void;
  close(): Promise<void>;
}

/**
 * Stops reading a connection that is closing: what a flooding client still sends is left unread (the
 * kernel pushes back on it) instead of being parsed and dropped. Its closing handshake and our last
 * packets still go out; the websocket library ends the connection when the handshake times out.
 */
function stopReading(conn: unknown): void {
  const transport = (conn as { transport?: { socket?: { _socket?: { pause?(): void } } } }).transport;
  transport?.socket?._socket?.pause?.();
}

/**
 * socket.io on the app's HTTP server. The handshake needs a valid access token (auth.token); each
 * socket joins its user's and its session's rooms, and is disconnected when its token expires or its
 * session ends (logout, password reset, detected refresh-token theft). Room membership is checked
 * again when access changes and when a connection is restored (revalidate.ts).
 */
export async function attachRealtime(httpServer: HttpServer, core: Core): Promise<Realtime> {
  let draining = false;
  const io: RealtimeServer = new Server(httpServer, {
    path: '/socket.io',
    serveClient: false,
    // Restored on any process with the Redis adapter, on this process only with the others: the
    // client catches up from events?id__gt= on every reconnect anyway.
    connectionStateRecovery: { maxDisconnectionDuration: 2 * 60 * 1000, skipMiddlewares: false },
    allowRequest: (_req, answer) => answer(draining ? 'Server shutting down' : null, !draining),
  });
  const bus = await attachClusterAdapter(core, io);
  const limits = createMessageLimits(core.config.socketLimits);
  const presence = attachPresence(io, bus);
  // The signed-in user of each socket of this process, as the handshake found them.
  const actors = new WeakMap<object, Actor>();

  guardRecovery(core, io);
  core.realtime.attach(io, (targets) => revalidateRooms(core, io, targets), presence);

  io.use(async (socket, next) => {
    const token = socket.handshake.auth?.token;
    if (typeof token !== 'string' || !token) return next(new Error('Authentication credentials were not provided.'));
    try {
      const actor = await authenticate(core, token);
      actors.set(socket, { user: actor.user, sessionId: actor.sessionId });
      socket.data.actor = { user: { id: actor.user.id }, sessionId: actor.sessionId };
      socket.data.presenceName = `${actor.user.firstName} ${actor.user.lastName}`.trim() || actor.user.email;
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
    limits.guard(socket, actor.user.id, () => {
      core.log.warn({ userId: actor.user.id, socket: socket.id }, 'socket disconnected for flooding');
      socket.disconnect(true);
      stopReading(socket.conn);
    });
    void socket.join([rooms.user(actor.user.id), rooms.session(actor.sessionId)]);
    // A restored connection comes back with its rooms: each is checked again.
    if (socket.recovered)
      revalidateSocket(core, socket).catch((err: unknown) => core.log.warn({ err }, 'room re-check failed'));
    handleSubscriptions(core, socket, actor, limits);
  });

  return {
    io,
    drain() {
      draining = true;
      // Each engine connection closes without a goodbye, so the client sees a lost transport and
      // reconnects at once (a socket.io disconnect would tell it to stay away).
      io.engine.close();
    },
    async close() {
      draining = true;
      presence.close();
      await bus.beforeClose();
      await io.close();
      await bus.afterClose();
    },
  };
}
