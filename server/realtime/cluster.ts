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
  io.adapter(
    createAdapter(pool, {
      errorHandler: (err: Error) => core.log.warn({ err: err.message }, 'socket.io adapter error'),
    }),
  );
  return { beforeClose: () => listening(io), afterClose: () => pool.end() };
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
