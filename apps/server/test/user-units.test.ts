/**
 * Units (ADR 16): the organisation chooses metric or imperial (null: each user's language decides, en_us
 * imperial) and each user may override it; `GET /api/v1/user` answers the user's choice and the units they see.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTenant, createTestApp, type TestApp, type TestTenant } from './helpers.ts';

const t: TestApp = await createTestApp();
afterAll(() => t.close());

async function post(token: string, url: string, payload: Record<string, unknown>) {
  const res = await t.app.inject({ method: 'POST', url, headers: bearer(token), payload });
  return { status: res.statusCode, body: res.json() };
}

async function unitsOf(token: string) {
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/user', headers: bearer(token) });
  expect(res.statusCode).toBe(200);
  const { unitSystem, units } = res.json();
  return { unitSystem, units };
}

let a: TestTenant;
beforeAll(async () => {
  a = await createTenant(t, { name: 'Units Hydraulics' });
});

describe('units: organisation default, user override, language', () => {
  it('follows the language until anyone chooses: en_ca metric, en_us imperial', async () => {
    expect(await unitsOf(a.regularToken)).toEqual({ unitSystem: null, units: 'metric' });
    await post(a.regularToken, '/api/v1/users/update', { locale: 'en_us' });
    expect(await unitsOf(a.regularToken)).toEqual({ unitSystem: null, units: 'imperial' });
    const defaults = await t.app.inject({
      method: 'GET',
      url: '/api/v1/organization/defaults',
      headers: bearer(a.regularToken),
    });
    expect(defaults.json().unitSystem).toBeNull();
  });

  it('the organisation’s choice applies to everyone who has not chosen, whatever their language', async () => {
    const saved = await post(a.adminToken, '/api/v1/organization/update', { unitSystem: 'metric' });
    expect(saved.status).toBe(200);
    expect(saved.body.unitSystem).toBe('metric');
    expect(await unitsOf(a.regularToken)).toEqual({ unitSystem: null, units: 'metric' });
  });

  it('a user’s own choice wins over the organisation’s, and null follows it again', async () => {
    const chose = await post(a.regularToken, '/api/v1/users/update', { unitSystem: 'imperial' });
    expect(chose.status).toBe(200);
    expect(chose.body).toMatchObject({ unitSystem: 'imperial', units: 'imperial' });
    expect((await unitsOf(a.adminToken)).units).toBe('metric');

    await post(a.regularToken, '/api/v1/users/update', { unitSystem: null });
    expect(await unitsOf(a.regularToken)).toEqual({ unitSystem: null, units: 'metric' });
  });

  it('refuses a unit system it does not know, and changes nothing', async () => {
    const bad = await post(a.regularToken, '/api/v1/users/update', { unitSystem: 'furlongs' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('Choose metric (mm, bar) or imperial (in, psi)');
    const badOrg = await post(a.adminToken, '/api/v1/organization/update', { unitSystem: 'cubits' });
    expect(badOrg.status).toBe(400);
    expect(await unitsOf(a.regularToken)).toEqual({ unitSystem: null, units: 'metric' });
  });

  it('only an admin chooses for the organisation', async () => {
    const refused = await post(a.regularToken, '/api/v1/organization/update', { unitSystem: 'imperial' });
    expect(refused.status).toBe(403);
  });
});
