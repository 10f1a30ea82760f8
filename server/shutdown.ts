import type { FastifyInstance } from 'fastify';
import type { Realtime } from './realtime/index.js';

/**
 * How the server stops (SIGTERM in a rolling restart, or app.close() in tests), in this order:
 * 1. (preClose) new socket.io connections are refused and every socket of this process is closed
 *    without a goodbye, so its client reconnects at once, behind a load balancer to another process;
 * 2. Fastify stops accepting connections, answers 503 to requests that arrive on an open one, and
 *    waits for the requests in flight to be answered (their after-commit pushes go out meanwhile);
 *    connections left idle are closed as each answer goes;
 * 3. (onClose hooks, registered in app.ts) the socket bus sends what it holds and closes, then the
 *    core finishes the outbox and worker passes in progress and closes the database.
 */
export function registerGracefulShutdown(app: FastifyInstance, realtime: () => Pick<Realtime, 'drain'>): void {
  let closing = false;
  app.addHook('onResponse', async () => {
    if (closing) setImmediate(() => app.server.closeIdleConnections());
  });
  app.addHook('preClose', async () => {
    closing = true;
    realtime().drain();
    app.server.closeIdleConnections();
  });
}
