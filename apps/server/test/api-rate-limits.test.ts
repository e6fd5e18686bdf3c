/**
 * The API's rate limits (ADR 11, `lib/api-rate-limit.ts`): per signed-in user and per address, answered 429
 * with `Retry-After` and the usual error body; windows that end (on a clock the test moves); counts shared by
 * two instances through Redis. And no API answer may be kept by a browser (`Cache-Control: no-store`).
 */
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type HosewrightApp } from '../src/app.ts';
import { failFast, WindowRateLimiter } from '../src/lib/rate-limit.ts';
import {
  bearer,
  createTenant,
  createTestDatabase,
  probeRedis,
  type TestTenant,
  testConfig,
} from './helpers.ts';

const DASHBOARD = '/api/v1/dashboard';

/** Apps on one database, with the given settings and clock. */
async function startApps(count: number, env: Record<string, string>, clock?: () => number) {
  const { database, close } = await createTestDatabase();
  const config = testConfig(env);
  const apps: HosewrightApp[] = [];
  for (let i = 0; i < count; i++) {
    apps.push(
      await buildApp({ config, database, logger: false, validateResponses: true, rateLimitClock: clock }),
    );
  }
  return {
    apps,
    database,
    config,
    async close() {
      for (const built of apps) await built.app.close();
      await close();
    },
  };
}

function expectTooMany(
  res: { statusCode: number; headers: Record<string, unknown>; json(): unknown },
  seconds: number,
) {
  expect(res.statusCode).toBe(429);
  expect(res.headers['retry-after']).toBe(String(seconds));
  expect(res.headers['cache-control']).toBe('no-store');
  expect(res.json()).toEqual({
    statusCode: 429,
    code: 'TOO_MANY_REQUESTS',
    message: `Too many requests. Try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`,
  });
}

describe('the API rate limits, counted in this instance', () => {
  let now = 1_000_000_000_000;
  let env: Awaited<ReturnType<typeof startApps>>;
  let app: HosewrightApp['app'];
  let shop: TestTenant;
  beforeAll(async () => {
    // Per user lower than per address, so that a user's limit is reached before their address's.
    env = await startApps(1, { API_RATE_LIMIT_PER_USER: '3', API_RATE_LIMIT_PER_ADDRESS: '8' }, () => now);
    app = env.apps[0]!.app;
    shop = await createTenant(env);
  });
  afterAll(() => env.close());

  const get = (url: string, remoteAddress: string, token?: string) =>
    app.inject({ method: 'GET', url, remoteAddress, headers: token ? bearer(token) : {} });

  it('refuses a user over their limit (429, Retry-After, error body), not another user', async () => {
    const address = '203.0.113.10';
    for (let i = 0; i < 3; i++) expect((await get(DASHBOARD, address, shop.adminToken)).statusCode).toBe(200);
    now += 15_000;
    const refused = await get(DASHBOARD, address, shop.adminToken);
    expectTooMany(refused, 45);
    expect(refused.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    // Every route, whatever its contract lists.
    expectTooMany(await get('/api/v1/user', address, shop.adminToken), 45);

    expect((await get(DASHBOARD, address, shop.regularToken)).statusCode).toBe(200);
    // From another address the user is still over their own limit.
    expectTooMany(await get(DASHBOARD, '203.0.113.11', shop.adminToken), 45);
  });

  it('refuses an address over its limit, without a token too, and whoever calls from it', async () => {
    const address = '203.0.113.20';
    const other = await createTenant(env);
    // Refused for their missing token, these still count against the address.
    for (let i = 0; i < 6; i++) expect((await get(DASHBOARD, address)).statusCode).toBe(401);
    expect((await get('/api/v1/public/config', address)).statusCode).toBe(200);
    expect((await get('/api/nothing-here', address)).statusCode).toBe(404);
    now += 10_000;
    expectTooMany(await get(DASHBOARD, address), 50);
    expectTooMany(await get('/api/v1/public/config', address), 50);
    // A path the router decodes to an API route counts as one.
    expectTooMany(await get('/%61pi/v1/public/config', address), 50);
    expectTooMany(await get(DASHBOARD, address, other.adminToken), 50);

    expect((await get(DASHBOARD, '203.0.113.21', other.adminToken)).statusCode).toBe(200);
    expect((await get('/api/v1/public/config', '203.0.113.21')).statusCode).toBe(200);
    // Only the API counts.
    expect((await get('/healthz', address)).statusCode).toBe(200);
  });

  it('lets requests through again when the window ends, counting from one', async () => {
    const address = '203.0.113.30';
    const fresh = await createTenant(env);
    for (let i = 0; i < 3; i++)
      expect((await get(DASHBOARD, address, fresh.adminToken)).statusCode).toBe(200);
    expectTooMany(await get(DASHBOARD, address, fresh.adminToken), 60);
    now += 59_500;
    expectTooMany(await get(DASHBOARD, address, fresh.adminToken), 1);
    now += 500;
    for (let i = 0; i < 3; i++)
      expect((await get(DASHBOARD, address, fresh.adminToken)).statusCode).toBe(200);
    expectTooMany(await get(DASHBOARD, address, fresh.adminToken), 60);
  });
});

describe('Cache-Control on API answers', () => {
  let env: Awaited<ReturnType<typeof startApps>>;
  let app: HosewrightApp['app'];
  let shop: TestTenant;
  beforeAll(async () => {
    env = await startApps(1, {});
    app = env.apps[0]!.app;
    shop = await createTenant(env, { tier: 'professional' });
  });
  afterAll(() => env.close());

  it('is no-store on every one: answers, errors, unknown addresses, cached lists', async () => {
    const hoses = '/api/v1/organization/hoses?page=1&itemsPerPage=25';
    const answers = [
      [200, await app.inject({ url: DASHBOARD, headers: bearer(shop.adminToken) })],
      [200, await app.inject({ url: '/api/v1/public/config' })],
      [200, await app.inject({ url: hoses, headers: bearer(shop.adminToken) })],
      // The second one comes from the server's list cache (ADR 5).
      [200, await app.inject({ url: hoses, headers: bearer(shop.adminToken) })],
      // The route sets no-cache itself.
      [200, await app.inject({ url: '/api/openapi.json' })],
      [
        400,
        await app.inject({
          method: 'POST',
          url: '/api/v1/users/update',
          headers: bearer(shop.adminToken),
          payload: { name: '' },
        }),
      ],
      [401, await app.inject({ url: DASHBOARD })],
      [401, await app.inject({ url: DASHBOARD, headers: bearer('not-a-token') })],
      [404, await app.inject({ url: '/api/nothing-here' })],
      [404, await app.inject({ method: 'POST', url: '/api/v1/hosekits/nothing', payload: {} })],
    ] as const;
    for (const [status, res] of answers) {
      expect({ url: res.raw.req.url, status: res.statusCode }).toEqual({ url: res.raw.req.url, status });
      expect({ url: res.raw.req.url, cache: res.headers['cache-control'] }).toEqual({
        url: res.raw.req.url,
        cache: 'no-store',
      });
    }
  });

  it('leaves the API reference, a document, and the pages outside the API alone', async () => {
    expect((await app.inject({ url: '/api/docs' })).headers['cache-control']).toBe('no-cache');
    expect((await app.inject({ url: '/api/docs/init.js' })).headers['cache-control']).toBe(
      'public, max-age=3600',
    );
    expect((await app.inject({ url: '/healthz' })).headers['cache-control']).toBeUndefined();
  });
});

describe('a shared counter that fails', () => {
  it('is not waited for: the limiter counts here, asks again after a pause, says when it is up', async () => {
    let now = 0;
    let hangs = true;
    const asked: string[] = [];
    const events: string[] = [];
    const counter = failFast(
      {
        hit: (key) => {
          asked.push(key);
          // node-redis holds a command while it reconnects: an answer that never comes.
          return hangs ? new Promise(() => {}) : Promise.resolve({ count: 1, resetInMs: 60_000 });
        },
      },
      {
        timeoutMs: 10,
        pauseMs: 5_000,
        clock: () => now,
        onDown: () => events.push('down'),
        onUp: () => events.push('up'),
      },
    );
    const limiter = new WindowRateLimiter({
      max: 1,
      windowMs: 60_000,
      clock: () => now,
      shared: { counter, name: 'test' },
    });
    expect(await limiter.hit('ip:198.51.100.1')).toBe(0);
    expect(await limiter.hit('ip:198.51.100.1')).toBe(60_000);
    expect(asked).toHaveLength(1);
    now += 5_000;
    hangs = false;
    expect(await limiter.hit('ip:198.51.100.1')).toBe(0);
    expect(asked).toHaveLength(2);
    expect(events).toEqual(['down', 'up']);
  });
});

const REDIS_URL = 'redis://127.0.0.1:6379';
const redisAnswers = await probeRedis();

describe.skipIf(!redisAnswers)(
  redisAnswers
    ? 'two instances with REDIS_URL'
    : 'two instances with REDIS_URL (skipped: no Redis answers at 127.0.0.1:6379)',
  () => {
    let pair: Awaited<ReturnType<typeof startApps>>;
    let shop: TestTenant;
    beforeAll(async () => {
      pair = await startApps(2, { REDIS_URL, API_RATE_LIMIT_PER_USER: '3', API_RATE_LIMIT_PER_ADDRESS: '6' });
      shop = await createTenant(pair);
    });
    afterAll(() => pair.close());

    // Redis keeps a window for a minute after this run: an address of this run's own.
    const address = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

    it('count a user’s requests together', async () => {
      const [a, b] = pair.apps.map((built) => built.app) as [HosewrightApp['app'], HosewrightApp['app']];
      const from = address();
      const call = (app: typeof a) =>
        app.inject({ url: DASHBOARD, remoteAddress: from, headers: bearer(shop.adminToken) });
      expect([(await call(a)).statusCode, (await call(b)).statusCode, (await call(a)).statusCode]).toEqual([
        200, 200, 200,
      ]);
      for (const refused of [await call(b), await call(a)]) {
        expect(refused.statusCode).toBe(429);
        const seconds = Number(refused.headers['retry-after']);
        expect(seconds).toBeGreaterThanOrEqual(1);
        expect(seconds).toBeLessThanOrEqual(60);
        expect(refused.json()).toMatchObject({ statusCode: 429, code: 'TOO_MANY_REQUESTS' });
      }
      expect(
        (await b.inject({ url: DASHBOARD, remoteAddress: from, headers: bearer(shop.regularToken) }))
          .statusCode,
      ).toBe(200);
    });

    it('count an address’s requests together', async () => {
      const [a, b] = pair.apps.map((built) => built.app) as [HosewrightApp['app'], HosewrightApp['app']];
      const from = address();
      const statuses: number[] = [];
      for (const app of [a, b, a, b, a, b, a]) {
        statuses.push((await app.inject({ url: DASHBOARD, remoteAddress: from })).statusCode);
      }
      expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 429]);
      expect((await a.inject({ url: DASHBOARD, remoteAddress: address() })).statusCode).toBe(401);
    });
  },
);
