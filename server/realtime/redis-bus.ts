import { createAdapter } from '@socket.io/redis-streams-adapter';
import { createClient } from 'redis';
import type { Core } from '../core.js';
import type { ClusterBus } from './cluster.js';
import type { RealtimeServer } from './publisher.js';

/**
 * With REDIS_URL, socket.io crosses server processes through a Redis stream (the Redis streams
 * adapter): broadcasts are appended to the stream and read by every process, so a process that loses
 * Redis for a moment reads on from where it stopped; requests between processes (fetchSockets,
 * serverSideEmit) go through Redis pub/sub. The stream also keeps what a room was sent, so socket.io's
 * connection state recovery works across processes: a socket that comes back on another process
 * after a restart gets what it missed. Every key and channel starts with REDIS_KEY_PREFIX, so
 * deployments (or test runs) can share one Redis.
 */
export async function attachRedisAdapter(
  core: Core,
  io: RealtimeServer,
  redis: { url: string; keyPrefix: string },
): Promise<ClusterBus> {
  const client = createClient({ url: redis.url });
  client.on('error', (err: Error) => core.log.warn({ err: err.message }, 'socket.io Redis connection error'));
  await client.connect();
  io.adapter(
    createAdapter(client, {
      streamName: `${redis.keyPrefix}:socket.io`,
      channelPrefix: `${redis.keyPrefix}:socket.io`,
      sessionKeyPrefix: `${redis.keyPrefix}:sio:session:`,
    }),
  );
  return {
    clustered: true,
    beforeClose: async () => {},
    afterClose: async () => {
      await client.quit().catch(() => client.destroy());
    },
  };
}
