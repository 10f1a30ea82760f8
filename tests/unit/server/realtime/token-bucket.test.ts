import { describe, expect, it } from 'vitest';
import { TokenBucket } from '@server/realtime/token-bucket.js';

describe('TokenBucket', () => {
  it('gives its burst at once, then refills at its rate up to the burst', () => {
    let now = 0;
    const bucket = new TokenBucket({ burst: 3, perSecond: 2 }, () => now);
    expect([bucket.take(), bucket.take(), bucket.take(), bucket.take()]).toEqual([true, true, true, false]);
    now += 499;
    expect(bucket.take()).toBe(false);
    now += 1;
    expect(bucket.take()).toBe(true);
    now += 60_000;
    expect([bucket.take(), bucket.take(), bucket.take(), bucket.take()]).toEqual([true, true, true, false]);
  });

  it('has() looks without taking', () => {
    const bucket = new TokenBucket({ burst: 1, perSecond: 1 }, () => 0);
    expect(bucket.has()).toBe(true);
    expect(bucket.has()).toBe(true);
    expect(bucket.take()).toBe(true);
    expect(bucket.has()).toBe(false);
  });
});
