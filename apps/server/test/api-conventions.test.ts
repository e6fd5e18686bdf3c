/**
 * What every client may count on, whichever endpoint it calls: one error body shape for every failure
 * (validation, a body that is not JSON, an unknown address or method, a missing token), settings answered as
 * JSON, and the organisation's address with or without its trailing slash.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTenant, createTestApp, type TestApp, type TestTenant } from './helpers.ts';

const t: TestApp = await createTestApp();
afterAll(() => t.close());

let shop: TestTenant;
beforeAll(async () => {
  shop = await createTenant(t, { tier: 'professional' });
});

function expectErrorBody(res: { statusCode: number; json(): unknown }, statusCode: number, code: string) {
  expect(res.statusCode).toBe(statusCode);
  const body = res.json() as Record<string, unknown>;
  expect(body).toMatchObject({ statusCode, code });
  expect(typeof body.message).toBe('string');
  expect((body.message as string).length).toBeGreaterThan(0);
  for (const key of Object.keys(body)) expect(['statusCode', 'code', 'message', 'details']).toContain(key);
}

describe('one error body on every route', () => {
  it('for input that fails its contract', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/update',
      headers: bearer(shop.adminToken),
      payload: { name: '' },
    });
    expectErrorBody(res, 400, 'BAD_REQUEST');
    expect(res.json().message).toBe('Enter your name');
    expect(res.json().details.issues[0].path).toEqual(['name']);
  });

  it('for a body that is not JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/update',
      headers: { ...bearer(shop.adminToken), 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expectErrorBody(res, 400, 'BAD_REQUEST');
  });

  it('for a method the address does not take, and an unknown address', async () => {
    expectErrorBody(
      await t.app.inject({ method: 'GET', url: '/api/v1/users/update', headers: bearer(shop.adminToken) }),
      404,
      'NOT_FOUND',
    );
    expectErrorBody(
      await t.app.inject({ method: 'POST', url: '/api/v1/hosekits/nothing', payload: {} }),
      404,
      'NOT_FOUND',
    );
  });

  it('for a missing token and an id that is not one', async () => {
    expectErrorBody(await t.app.inject({ method: 'GET', url: '/api/v1/customers' }), 401, 'UNAUTHENTICATED');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/customer/not-an-id',
      headers: bearer(shop.adminToken),
    });
    expectErrorBody(res, 404, 'NOT_FOUND');
    expect(res.json().message).toBe('This customer was not found');
  });
});

describe('text with a NUL character (\\0), which PostgreSQL cannot store', () => {
  const customers = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/v1/customers', headers: bearer(shop.adminToken) })).json()
      .total as number;

  it('is refused in a body field with a 400 that names the field, and nothing is written', async () => {
    const before = await customers();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/customer/new/update',
      headers: bearer(shop.adminToken),
      payload: { name: 'Red Deer\u0000Excavating', accountNumber: 'NUL-1' },
    });
    expectErrorBody(res, 400, 'BAD_REQUEST');
    expect(res.json().message).toBe('Text may not contain the NUL character (\\0): field name');
    expect(res.json().details.issues[0].path).toEqual(['name']);

    const nested = await t.app.inject({
      method: 'POST',
      url: '/api/v1/customer/new/update',
      headers: bearer(shop.adminToken),
      payload: { name: 'Red Deer Excavating', contacts: [{ name: 'Pat', role: 'Buyer\u0000' }] },
    });
    expectErrorBody(nested, 400, 'BAD_REQUEST');
    expect(nested.json().message).toBe('Text may not contain the NUL character (\\0): field contacts.0.role');
    expect(await customers()).toBe(before);
  });

  it('is refused in a query parameter and in the path with the same 400', async () => {
    const query = await t.app.inject({
      method: 'GET',
      url: '/api/v1/customers?q=farms%00',
      headers: bearer(shop.adminToken),
    });
    expectErrorBody(query, 400, 'BAD_REQUEST');
    expect(query.json().message).toBe('Text may not contain the NUL character (\\0): field q');

    const path = await t.app.inject({
      method: 'GET',
      url: '/api/v1/image/logo%00',
      headers: bearer(shop.adminToken),
    });
    expectErrorBody(path, 400, 'BAD_REQUEST');
    expect(path.json().message).toBe('Text may not contain the NUL character (\\0): field objectId');
  });
});

describe('settings and the organisation', () => {
  it('answers the text settings as JSON strings and the switches as JSON booleans', async () => {
    for (const [path, expected] of [
      ['revisiondelimiter', '_'],
      ['erpname', ''],
      ['hasparker', false],
      ['hideinventory', false],
    ] as const) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/organization/${path}`,
        headers: bearer(shop.regularToken),
      });
      expect(res.statusCode, path).toBe(200);
      expect(res.headers['content-type'], path).toMatch(/^application\/json/);
      expect(res.json(), path).toBe(expected);
    }
  });

  it('answers the organisation with and without the trailing slash', async () => {
    const bare = await t.app.inject({
      method: 'GET',
      url: '/api/v1/organization',
      headers: bearer(shop.regularToken),
    });
    const slash = await t.app.inject({
      method: 'GET',
      url: '/api/v1/organization/',
      headers: bearer(shop.regularToken),
    });
    expect(bare.statusCode).toBe(200);
    expect(slash.statusCode).toBe(200);
    expect(slash.json()).toEqual(bare.json());
    expect(bare.json()._id).toBe(shop.organizationId);
  });
});
