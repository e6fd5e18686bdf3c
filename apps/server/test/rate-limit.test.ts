/** The fixed-window limiter of the public calls (serial lookup, contact form). */
import { randomUUID } from 'node:crypto';
import { createClient } from 'redis';
import { afterAll, describe, expect, it } from 'vitest';
import { WindowRateLimiter } from '../src/lib/rate-limit.ts';
import { redisCounter } from '../src/modules/realtime/socket.ts';

describe('the per-address request limiter', () => {
  it('lets `max` requests through per window and per address, then says how long to wait', async () => {
    let now = 1_000_000;
    const limiter = new WindowRateLimiter({ max: 3, windowMs: 60_000, clock: () => now });
    for (let i = 0; i < 3; i++) expect(await limiter.hit('203.0.113.9')).toBe(0);
    now += 15_000;
    expect(await limiter.hit('203.0.113.9')).toBe(45_000);
    expect(await limiter.hit('203.0.113.10')).toBe(0);
    now += 45_000;
    expect(await limiter.hit('203.0.113.9')).toBe(0);
  });

  it('counts alone when the shared counter fails, and says so', async () => {
    const errors: unknown[] = [];
    const limiter = new WindowRateLimiter({
      max: 1,
      windowMs: 60_000,
      shared: {
        name: 'test',
        counter: {
          hit: async () => {
            throw new Error('Redis is down');
          },
        },
        onError: (error) => errors.push(error),
      },
    });
    expect(await limiter.hit('203.0.113.9')).toBe(0);
    expect(await limiter.hit('203.0.113.9')).toBeGreaterThan(0);
    expect(errors).toHaveLength(2);
  });
});

const REDIS_URL = 'redis://127.0.0.1:6379';
const client = createClient({ url: REDIS_URL, socket: { connectTimeout: 1000, reconnectStrategy: false } });
client.on('error', () => {});
const redisAnswers = await client.connect().then(
  () => true,
  () => false,
);
afterAll(async () => {
  if (redisAnswers) await client.close();
});

describe.skipIf(!redisAnswers)(
  redisAnswers
    ? 'the limiter shared through Redis'
    : 'the limiter shared through Redis (skipped: no Redis answers at 127.0.0.1:6379)',
  () => {
    it('counts the requests of every instance in one window', async () => {
      const name = `test-${randomUUID()}`;
      const instance = () =>
        new WindowRateLimiter({ max: 3, windowMs: 60_000, shared: { counter: redisCounter(client), name } });
      const [a, b] = [instance(), instance()];
      const address = '198.51.100.7';
      expect([await a.hit(address), await b.hit(address), await a.hit(address)]).toEqual([0, 0, 0]);
      const wait = await b.hit(address);
      expect(wait).toBeGreaterThan(55_000);
      expect(wait).toBeLessThanOrEqual(60_000);
      expect(await a.hit('198.51.100.8')).toBe(0);
    });
  },
);
