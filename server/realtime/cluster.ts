import { createAdapter } from '@socket.io/postgres-adapter';
import pg from 'pg';
import type { Core } from '../core.js';
import type { RealtimeServer } from './publisher.js';

/**
 * With PostgreSQL, socket.io reaches the sockets of every server process through its PostgreSQL
 * adapter: broadcasts, fetchSockets, leaving rooms and disconnecting go to the other processes as
 * NOTIFY messages (payloads over 8 KB through the socket_io_attachments table, made by a migration).
 * The adapter has a small pool of its own: one connection LISTENs for the whole process, the others
 * publish. On the embedded database (one process) the in-memory adapter stays. Answers what closes
 * it: call it around io.close(), which gives the listening connection back.
 */
export function attachClusterAdapter(
  core: Core,
  io: RealtimeServer,
): { beforeClose(): Promise<void>; afterClose(): Promise<void> } {
  if (!core.sharedDatabase || !core.config.databaseUrl)
    return { beforeClose: async () => {}, afterClose: async () => {} };
  const pool = new pg.Pool({ connectionString: core.config.databaseUrl, max: 5 });
  pool.on('error', (err) => core.log.warn({ err: err.message }, 'socket.io adapter connection lost'));
  const create = createAdapter(pool, {
    errorHandler: (err: Error) => core.log.warn({ err: err.message }, 'socket.io adapter error'),
  });
  // socket.io calls this with `new`: a function, not an arrow, whose returned adapter `new` gives back.
  io.adapter(function ordered(nsp: Parameters<typeof create>[0]) {
    return publishInOrder(create(nsp));
  } as unknown as typeof create);
  return { beforeClose: () => listening(io), afterClose: () => pool.end() };
}

type Publisher = { doPublish(message: unknown): Promise<string> };

/**
 * The adapter waits for each broadcast's NOTIFY before it delivers to its own sockets, and sends the
 * NOTIFYs on several pool connections at once: a push would cost a database round trip on every
 * server, and two pushes to one room could arrive in the wrong order (a stale presence list after the
 * fresh one). Here the NOTIFYs go out one after the other, in the order they were made, and local
 * delivery does not wait for them. The adapter's client reports a failed NOTIFY to errorHandler.
 */
function publishInOrder<A>(adapter: A): A {
  const publisher = adapter as unknown as Publisher;
  const publish = publisher.doPublish.bind(publisher);
  let queue: Promise<unknown> = Promise.resolve();
  publisher.doPublish = (message) => {
    queue = queue.then(() => publish(message)).catch(() => {});
    return Promise.resolve('');
  };
  return adapter;
}

/**
 * The adapter takes its listening connection asynchronously, and when it is closed before it has
 * it, it keeps that connection for good and pool.end() never returns: a server stopped right after
 * it started would hang. Wait (up to 5 s) until the connection is in place, so closing returns it.
 */
async function listening(io: RealtimeServer): Promise<void> {
  const pubSub = (io.of('/').adapter as unknown as { client?: { client?: unknown } }).client;
  for (let waited = 0; pubSub && !pubSub.client && waited < 5000; waited += 20) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
