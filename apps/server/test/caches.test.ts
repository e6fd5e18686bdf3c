/**
 * The caches in front of the database (ADR 0005) never answer differently from it: every committed change,
 * whoever makes it, reaches them through the database's change feed before the next request.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { components, memberships, subscriptions, users } from '../src/db/schema.ts';
import { TenantCache } from '../src/lib/tenant-cache.ts';
import { componentInput } from './factories.ts';
import { bearer, createTenant, createTestApp, type TestApp, type TestTenant } from './helpers.ts';

const t: TestApp = await createTestApp();
afterAll(() => t.close());

let shop: TestTenant;
beforeAll(async () => {
  shop = await createTenant(t, { tier: 'professional' });
});

const get = (token: string, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

describe('component lists', () => {
  it('show a row written straight into the database on the very next request', async () => {
    const url = '/api/v1/organization/hoses?q=direct';
    expect((await get(shop.regularToken, url)).json().total).toBe(0);
    expect((await get(shop.regularToken, url)).json().total).toBe(0);
    await t.database.withTenant(shop.organizationId, (tx) =>
      tx.insert(components).values({
        organizationId: shop.organizationId,
        kind: 'hose',
        origin: 'custom',
        partNumber: 'DIRECT-1',
        series: 'AC',
        dash: -8,
        workingPressurePsi: 3000,
        skive: false,
      }),
    );
    expect((await get(shop.regularToken, url)).json().total).toBe(1);
  });

  it('answer a page again exactly as the first time, and never keep a query they refused', async () => {
    const url = '/api/v1/organization/hoses?q=again&itemsPerPage=5&page=0';
    const first = await get(shop.regularToken, url);
    const again = await get(shop.regularToken, url);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ page: 1, total: 0 });
    expect(again.body).toBe(first.body);
    expect(again.headers['content-type']).toBe(first.headers['content-type']);

    const refused = '/api/v1/organization/hoses?origin=elsewhere';
    expect((await get(shop.regularToken, refused)).statusCode).toBe(400);
    expect((await get(shop.regularToken, refused)).statusCode).toBe(400);
  });

  it('are never shared between organisations', async () => {
    const other = await createTenant(t, { tier: 'professional' });
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/organization/hose/new/update',
      headers: bearer(shop.adminToken),
      payload: componentInput('hose', { partNumber: 'MINE-ONLY' }),
    });
    const url = '/api/v1/organization/hoses?q=mine-only';
    expect((await get(shop.regularToken, url)).json().total).toBe(1);
    expect((await get(other.regularToken, url)).json().total).toBe(0);
  });
});

describe('signed-in context', () => {
  it('follows a role change at once', async () => {
    const url = '/api/v1/organization/userroles';
    expect((await get(shop.regularToken, url)).json().userRoles).toEqual(['regular']);
    await t.database.withTenant(shop.organizationId, (tx) =>
      tx
        .update(memberships)
        .set({ role: 'admin' })
        .where(
          and(eq(memberships.organizationId, shop.organizationId), eq(memberships.userId, shop.regularId)),
        ),
    );
    expect((await get(shop.regularToken, url)).json().userRoles).toEqual(['admin']);
    await t.database.withTenant(shop.organizationId, (tx) =>
      tx
        .update(memberships)
        .set({ role: 'regular' })
        .where(
          and(eq(memberships.organizationId, shop.organizationId), eq(memberships.userId, shop.regularId)),
        ),
    );
    expect((await get(shop.regularToken, url)).json().userRoles).toEqual(['regular']);
  });

  it('follows a subscription expiring at once', async () => {
    const tenant = await createTenant(t, { tier: 'professional' });
    expect((await get(tenant.regularToken, '/api/v1/organization/hoses')).statusCode).toBe(200);
    await t.database.withTenant(tenant.organizationId, (tx) =>
      tx
        .update(subscriptions)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(subscriptions.organizationId, tenant.organizationId)),
    );
    const res = await get(tenant.regularToken, '/api/v1/organization/hoses');
    expect(res.statusCode).toBe(403);
    expect(res.json().details.guardCode).toBe(997);
  });

  it('follows a user change (name) at once', async () => {
    expect((await get(shop.adminToken, '/api/v1/user')).json().name).not.toBe('Renamed Admin');
    await t.database.withSystem((tx) =>
      tx.update(users).set({ name: 'Renamed Admin' }).where(eq(users.id, shop.adminId)),
    );
    expect((await get(shop.adminToken, '/api/v1/user')).json().name).toBe('Renamed Admin');
  });

  it('lets the same token start a session once the email is verified (another tab, without signing in again)', async () => {
    const fresh = await createTenant(t, { verified: false });
    const startSession = () =>
      t.app.inject({ method: 'POST', url: '/api/v1/sessions/create', headers: bearer(fresh.adminToken) });
    expect((await startSession()).json().code).toBe('EMAIL_NOT_VERIFIED');
    await t.database.withSystem((tx) =>
      tx.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, fresh.adminId)),
    );
    const created = await startSession();
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().userId).toBe(fresh.adminId);
  });

  it('refuses a token the moment its session is deleted', async () => {
    const tenant = await createTenant(t, { tier: 'trial' });
    expect((await get(tenant.adminToken, '/api/v1/user')).statusCode).toBe(200);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/v1/sessions/delete',
      headers: bearer(tenant.adminToken),
    });
    expect(out.statusCode).toBe(200);
    expect((await get(tenant.adminToken, '/api/v1/user')).statusCode).toBe(401);
  });
});

describe('TenantCache', () => {
  it('does not store an answer read before a change that arrived meanwhile', () => {
    const cache = new TenantCache<string>();
    const generation = cache.generation('a');
    cache.onChange('org:a');
    cache.set('a', 'k', 'stale', generation);
    expect(cache.get('a', 'k')).toBeUndefined();
    cache.set('a', 'k', 'fresh', cache.generation('a'));
    expect(cache.get('a', 'k')).toBe('fresh');
    cache.onChange('org:b');
    expect(cache.get('a', 'k')).toBe('fresh');
    cache.onChange('*');
    expect(cache.get('a', 'k')).toBeUndefined();
  });

  it('keeps at most its limit of entries per organisation', () => {
    const cache = new TenantCache<number>(3);
    for (let i = 0; i < 5; i++) cache.set('a', `k${i}`, i, cache.generation('a'));
    expect(['k0', 'k1', 'k2', 'k3', 'k4'].map((k) => cache.get('a', k))).toEqual([
      undefined,
      undefined,
      2,
      3,
      4,
    ]);
  });
});
