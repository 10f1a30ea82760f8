import crypto from 'node:crypto';
import { createClient } from 'redis';

/**
 * The buses socket.io crosses server processes with: PostgreSQL's NOTIFY (with TEST_DATABASE_URL)
 * and Redis streams (with TEST_REDIS_URL as well). Each Redis bus gets a key prefix of its own, so
 * test runs sharing one Redis never read each other's streams; dropKeys() removes its keys.
 */
export interface Bus {
  name: 'PostgreSQL' | 'Redis';
  env: Record<string, string>;
  dropKeys(): Promise<void>;
}

export const TEST_REDIS_URL = process.env.TEST_REDIS_URL;

export function busesUnderTest(): Bus[] {
  const buses: Bus[] = [{ name: 'PostgreSQL', env: {}, dropKeys: async () => {} }];
  if (TEST_REDIS_URL) {
    const prefix = `nda-test-${process.pid}-${crypto.randomBytes(4).toString('hex')}`;
    buses.push({
      name: 'Redis',
      env: { REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: prefix },
      dropKeys: () => dropRedisKeys(TEST_REDIS_URL, prefix),
    });
  }
  return buses;
}

async function dropRedisKeys(url: string, prefix: string): Promise<void> {
  const client = createClient({ url });
  await client.connect();
  try {
    for await (const keys of client.scanIterator({ MATCH: `${prefix}:*`, COUNT: 1000 }))
      if (keys.length) await client.del(keys);
  } finally {
    await client.quit();
  }
}
