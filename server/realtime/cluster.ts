import { createAdapter } from '@socket.io/postgres-adapter';
import pg from 'pg';
import type { Core } from '../core.js';
import { publishInOrder } from './notify-batches.js';
import type { RealtimeServer } from './publisher.js';
import { attachRedisAdapter } from './redis-bus.js';

/** What a bus between server processes needs at shutdown: before io.close() and after it. */
export interface ClusterBus {
  /** Whether messages cross to other server processes (a bus is attached). */
  clustered: boolean;
  beforeClose(): Promise<void>;
  afterClose(): Promise<void>;
}

const NO_BUS: ClusterBus = { clustered: false, beforeClose: async () => {}, afterClose: async () => {} };

/**
 * socket.io reaches the sockets of every server process through an adapter: broadcasts,
 * fetchSockets, serverSideEmit, leaving rooms and disconnecting go to the other processes. With
 * REDIS_URL it is the Redis streams adapter (redis-bus.ts), otherwise, on PostgreSQL, the PostgreSQL
 * adapter: NOTIFY messages (payloads over 8 KB through the socket_io_attachments table, made by a
 * migration), on a small pool of its own where one connection LISTENs for the whole process. On the
 * embedded database (one process) without Redis the in-memory adapter stays.
 */
export async function attachClusterAdapter(core: Core, io: RealtimeServer): Promise<ClusterBus> {
  if (core.config.redis) return attachRedisAdapter(core, io, core.config.redis);
  if (!core.sharedDatabase || !core.config.databaseUrl) return NO_BUS;
  const pool = new pg.Pool({ connectionString: core.config.databaseUrl, max: 5 });
  pool.on('error', (err) => core.log.warn({ err: err.message }, 'socket.io adapter connection lost'));
  const create = createAdapter(pool, {
    errorHandler: (err: Error) => core.log.warn({ err: err.message }, 'socket.io adapter error'),
  });
  const flushes: Array<() => Promise<void>> = [];
  // socket.io calls this with `new`: a function, not an arrow, whose returned adapter `new` gives back.
  io.adapter(function ordered(nsp: Parameters<typeof create>[0]) {
    const adapter = create(nsp);
    flushes.push(
      publishInOrder(adapter, pool, (err) => core.log.warn({ err: err.message }, 'socket.io NOTIFY failed')),
    );
    return adapter;
  } as unknown as typeof create);
  return {
    clustered: true,
    beforeClose: async () => {
      await Promise.all(flushes.map((flush) => flush()));
      await listening(io);
    },
    afterClose: () => pool.end(),
  };
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
