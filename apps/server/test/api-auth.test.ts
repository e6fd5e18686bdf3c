import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTenant, createTestApp, mintToken, type TestApp, type TestTenant } from './helpers.ts';

describe('API authentication and the session calls', () => {
  let t: TestApp;
  let shop: TestTenant;

  beforeAll(async () => {
    t = await createTestApp();
    shop = await createTenant(t, { tier: 'professional', name: 'Prairie Hydraulics' });
  });
  afterAll(() => t.close());

  const get = (url: string, token?: string) =>
    t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

  it('answers 406 "accessToken is required" when a session is created without a token', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/sessions/create' });
    expect(res.statusCode).toBe(406);
    expect(res.json().message).toBe('accessToken is required');
  });

  it('creates a session and answers the profile the app caches (sessionProfileSchema)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/sessions/create',
      headers: bearer(shop.adminToken),
    });
    expect(res.statusCode).toBe(200);
    const profile = res.json();
    expect(profile).toMatchObject({
      userId: shop.adminId,
      userRoles: ['admin'],
      subscription: 'professional',
      locale: 'en_ca',
      maxCustomers: 1000,
      maxHoseAssemblies: 10000,
      maxHoseKits: 2000,
    });
    expect(new Date(profile.subscriptionExpires).getTime()).toBeGreaterThan(Date.now());
  });

  it('answers the roles and subscription, the roles, the user and the organisation', async () => {
    const rs = (await get('/api/v1/organization/userrolesandsubscription', shop.regularToken)).json();
    expect(rs).toMatchObject({
      userId: shop.regularId,
      userRoles: ['regular'],
      subscription: { subscriptionType: 'professional' },
      subscriptionProperties: { maxCustomers: 1000, maxHoseAssemblies: 10000, maxHoseKits: 2000 },
      locale: 'en_ca',
    });
    expect((await get('/api/v1/organization/userroles', shop.regularToken)).json()).toEqual({
      userId: shop.regularId,
      userRoles: ['regular'],
    });
    const user = (await get('/api/v1/user', shop.adminToken)).json();
    expect(user).toMatchObject({
      _id: shop.adminId,
      organization_id: shop.organizationId,
      emailVerified: true,
    });
    expect(typeof user.name).toBe('string');
    expect((await get('/api/v1/organization/', shop.adminToken)).json()).toMatchObject({
      _id: shop.organizationId,
      name: 'Prairie Hydraulics',
    });
  });

  it('shows the dashboard with the plan and counts', async () => {
    const res = await get('/api/v1/dashboard', shop.regularToken);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      organization: { _id: shop.organizationId, name: 'Prairie Hydraulics' },
      subscription: { subscriptionType: 'professional', maxCustomers: 1000 },
      counts: { users: 2, customers: 0, hoseAssemblies: 0, hoseKits: 0 },
    });
  });

  it('refuses a token after sign-out', async () => {
    const token = await mintToken(t, { userId: shop.regularId, organizationId: shop.organizationId });
    expect((await get('/api/v1/dashboard', token)).statusCode).toBe(200);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/v1/sessions/delete',
      headers: bearer(token),
    });
    expect(out.statusCode).toBe(200);
    const after = await get('/api/v1/dashboard', token);
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toMatch(/session has ended/);
  });

  describe('bad tokens get a clear 401 and change nothing', () => {
    const cases: Array<[string, () => Promise<string | undefined>, RegExp]> = [
      ['no token', async () => undefined, /Sign in/],
      ['a malformed token', async () => 'not-a-jwt', /malformed/],
      [
        'an expired token',
        () =>
          mintToken(t, { userId: shop.adminId, organizationId: shop.organizationId, expiresInSeconds: -120 }),
        /expired/,
      ],
      [
        'a token signed with another key',
        () => mintToken(t, { userId: shop.adminId, organizationId: shop.organizationId, foreignKey: true }),
        /signature/,
      ],
      [
        'a token for another audience',
        () =>
          mintToken(t, {
            userId: shop.adminId,
            organizationId: shop.organizationId,
            audience: 'https://other.example',
          }),
        /not valid for this service/,
      ],
      [
        'a token from another issuer',
        () =>
          mintToken(t, {
            userId: shop.adminId,
            organizationId: shop.organizationId,
            issuer: 'https://evil.example/',
          }),
        /not valid for this service/,
      ],
    ];
    it.each(cases)('%s', async (_name, makeToken, message) => {
      const token = await makeToken();
      const res = await get('/api/v1/dashboard', token);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
      expect(res.json().message).toMatch(message);
    });
  });

  it('sends unverified users to verification but still tells them who they are', async () => {
    const fresh = await createTenant(t, { verified: false });
    const dash = await get('/api/v1/dashboard', fresh.adminToken);
    expect(dash.statusCode).toBe(403);
    expect(dash.json().code).toBe('EMAIL_NOT_VERIFIED');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/sessions/create',
      headers: bearer(fresh.adminToken),
    });
    expect(created.json().code).toBe('EMAIL_NOT_VERIFIED');
    expect((await get('/api/v1/user', fresh.adminToken)).json().emailVerified).toBe(false);
  });

  it('reports an expired subscription with its status details (403) yet answers the roles call', async () => {
    const expired = await createTenant(t, { tier: 'trial', expired: true });
    const dash = await get('/api/v1/dashboard', expired.adminToken);
    expect(dash.statusCode).toBe(403);
    expect(dash.json()).toMatchObject({
      code: 'SUBSCRIPTION_EXPIRED',
      message: 'Subscription Expired',
      details: { guardCode: 997, subscriptionStatus: { subscriptionType: 'trial' } },
    });
    const roles = await get('/api/v1/organization/userrolesandsubscription', expired.adminToken);
    expect(roles.statusCode).toBe(200);
  });

  it('refuses a token naming an organisation the user is not a member of', async () => {
    const other = await createTenant(t);
    const token = await mintToken(t, { userId: shop.adminId, organizationId: other.organizationId });
    const res = await get('/api/v1/dashboard', token);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Unauthorized to access this resource');
  });

  it('serves health, version and the public sign-in configuration without a token', async () => {
    expect((await get('/healthz')).json()).toMatchObject({ status: 'ok' });
    const version = (await get('/version.json')).json();
    expect(Number.isInteger(version.version)).toBe(true);
    expect((await get('/api/v1/public/config')).json()).toEqual({
      oidc: {
        domain: 'http://localhost:3000/idp',
        clientId: 'hosewright-spa',
        audience: 'https://api.hosewright.app',
      },
      version: version.version,
    });
  });

  it('answers unknown API paths with a JSON 404, and sets security headers', async () => {
    const res = await get('/api/v1/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
    // API answers are data: nothing may load from them or frame them.
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
    // Documents (the app's pages, the API reference) load their own scripts and styles.
    for (const url of ['/dashboard', '/api/docs']) {
      const page = await get(url);
      expect(page.headers['content-security-policy'], url).toContain("default-src 'self'");
      expect(page.headers['content-security-policy'], url).toContain("script-src 'self'");
      expect(page.headers['x-content-type-options'], url).toBe('nosniff');
    }
  });
});
