/**
 * Where failed sign-ins are counted (`identity/rate-limit.ts`, ADR 14): in the database by default, so the
 * counts survive a restart, and in Redis with REDIS_URL, so every instance counts together. Both stores keep
 * the same contract: fixed windows of failures, and blocks that only ever grow until they pass.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DatabaseThrottleStore,
  failingOver,
  MemoryThrottleStore,
  RedisThrottleStore,
  SignInThrottle,
  THROTTLE_RULES,
  type ThrottleStore,
} from '../src/modules/identity/rate-limit.ts';
import { createTestApp, probeRedis } from './helpers.ts';

const t = await createTestApp();
afterAll(() => t.close());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The contract every store keeps, on real time with short windows. */
function storeContract(open: () => ThrottleStore) {
  it('counts failures in a window and starts again after it', async () => {
    const store = open();
    const key = `contract:${randomUUID()}`;
    const first = await store.addFailure(key, 300, Date.now());
    const second = await store.addFailure(key, 300, Date.now());
    expect([first.failures, second.failures]).toEqual([1, 2]);
    expect(second.windowEndsAt).toBe(first.windowEndsAt);
    await sleep(Math.max(0, first.windowEndsAt - Date.now()) + 50);
    expect((await store.addFailure(key, 300, Date.now())).failures).toBe(1);
  });

  it('blocks a key until a time, never shortens a block, and forgets a cleared key', async () => {
    const store = open();
    const key = `contract:${randomUUID()}`;
    const now = Date.now();
    expect(await store.blockedUntil(key, now)).toBeLessThanOrEqual(now);
    await store.block(key, now + 60_000, now);
    await store.block(key, now + 1_000, now);
    expect(await store.blockedUntil(key, now)).toBe(now + 60_000);
    await store.clear(key);
    expect(await store.blockedUntil(key, now)).toBeLessThanOrEqual(now);
  });
}

describe(`in the database (${t.database.kind})`, () => {
  storeContract(() => new DatabaseThrottleStore(t.database));

  it('keeps an address slowed across a restart of the server', async () => {
    const address = '203.0.113.77';
    const before = new SignInThrottle({ store: new DatabaseThrottleStore(t.database) });
    for (let i = 0; i <= THROTTLE_RULES.pair.free; i++)
      await before.recordFailure('restart@example.com', address);
    const after = new SignInThrottle({ store: new DatabaseThrottleStore(t.database) });
    expect((await after.check('restart@example.com', address)).allowed).toBe(false);
    expect((await after.check('restart@example.com', '192.0.2.10')).allowed).toBe(true);
  });
});

describe('when the shared store stops answering', () => {
  it('counts here at once instead of holding sign-ins up, and goes back when it answers again', async () => {
    let hanging = true;
    const healthy = new MemoryThrottleStore();
    const never = new Promise<never>(() => {});
    const shared: ThrottleStore = {
      addFailure: (...args) => (hanging ? never : healthy.addFailure(...args)),
      block: (...args) => (hanging ? never : healthy.block(...args)),
      blockedUntil: (...args) => (hanging ? never : healthy.blockedUntil(...args)),
      clear: (...args) => (hanging ? never : healthy.clear(...args)),
    };
    const events: string[] = [];
    const store = failingOver(shared, new MemoryThrottleStore(), {
      timeoutMs: 50,
      pauseMs: 200,
      onDown: () => events.push('down'),
      onUp: () => events.push('up'),
    });
    const throttle = new SignInThrottle({ store });
    for (let i = 0; i <= THROTTLE_RULES.pair.free; i++)
      await throttle.recordFailure('outage@example.com', '192.0.2.60');
    expect((await throttle.check('outage@example.com', '192.0.2.60')).allowed).toBe(false);
    expect(events).toEqual(['down']);

    hanging = false;
    await sleep(250);
    expect((await throttle.check('fresh@example.com', '192.0.2.61')).allowed).toBe(true);
    expect(events).toEqual(['down', 'up']);
  });
});

const redisAnswers = await probeRedis();

describe.skipIf(!redisAnswers)(
  redisAnswers ? 'in Redis' : 'in Redis (skipped: no Redis answers at 127.0.0.1:6379)',
  () => {
    const clients = [
      createClient({ url: 'redis://127.0.0.1:6379' }),
      createClient({ url: 'redis://127.0.0.1:6379' }),
    ];
    beforeAll(async () => {
      for (const client of clients) await client.connect();
    });
    afterAll(async () => {
      for (const client of clients) if (client.isOpen) await client.close();
    });
    const [one, two] = clients.map((client) => new RedisThrottleStore(client)) as [
      RedisThrottleStore,
      RedisThrottleStore,
    ];

    storeContract(() => one);

    it('counts the failures of two instances together', async () => {
      const email = `instances-${randomUUID()}@example.com`;
      // Addresses of their own: windows outlive the test in Redis.
      const address = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
      const a = new SignInThrottle({ store: one });
      const b = new SignInThrottle({ store: two });
      for (let i = 0; i < THROTTLE_RULES.pair.free; i++) await a.recordFailure(email, address);
      expect((await b.check(email, address)).allowed).toBe(true);
      await b.recordFailure(email, address);
      expect((await a.check(email, address)).allowed).toBe(false);
    });
  },
);
