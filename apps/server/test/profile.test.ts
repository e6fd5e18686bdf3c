/**
 * The signed-in user's own profile (`POST /api/v1/users/update`: name and language) and the organisation's
 * name (`POST /api/v1/organization/update`, admins only), through the real app.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.ts';
import { bearer, createTenant, createTestApp, type TestApp, type TestTenant } from './helpers.ts';

const t: TestApp = await createTestApp();
afterAll(() => t.close());

async function post(token: string, url: string, payload: Record<string, unknown>) {
  const res = await t.app.inject({ method: 'POST', url, headers: bearer(token), payload });
  return { status: res.statusCode, body: res.json() };
}

async function get(token: string, url: string) {
  const res = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
  return { status: res.statusCode, body: res.json() };
}

async function userRow(id: string) {
  const [row] = await t.database.withSystem((tx) => tx.select().from(users).where(eq(users.id, id)));
  return row!;
}

let a: TestTenant;
let b: TestTenant;
beforeAll(async () => {
  a = await createTenant(t, { name: 'Alpha Hydraulics' });
  b = await createTenant(t, { name: 'Bravo Hose' });
});

describe('POST /api/v1/users/update', () => {
  it('changes the caller’s name and answers the user like GET /api/v1/user', async () => {
    const res = await post(a.regularToken, '/api/v1/users/update', { name: '  Casey Clerk  ' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      _id: a.regularId,
      organization_id: a.organizationId,
      name: 'Casey Clerk',
      emailVerified: true,
    });
    const current = await get(a.regularToken, '/api/v1/user');
    expect(current.body).toMatchObject({ _id: a.regularId, name: 'Casey Clerk' });
    expect((await userRow(a.regularId)).name).toBe('Casey Clerk');
  });

  it('changes the language, and the next session profile carries it', async () => {
    const res = await post(a.adminToken, '/api/v1/users/update', { locale: 'en_us' });
    expect(res.status).toBe(200);
    expect(res.body.locale).toBe('en_us');
    const session = await post(a.adminToken, '/api/v1/sessions/create', {});
    expect(session.body.locale).toBe('en_us');
    const roles = await get(a.adminToken, '/api/v1/organization/userrolesandsubscription');
    expect(roles.body.locale).toBe('en_us');
  });

  it('refuses an unknown language and an empty name with a message a person understands', async () => {
    const before = await userRow(a.adminId);
    const badLocale = await post(a.adminToken, '/api/v1/users/update', { locale: 'fr_ca' });
    expect(badLocale.status).toBe(400);
    expect(badLocale.body.message).toBe(
      'Choose the language: en_ca (English, Canada), en_us (English, United States) or en (English)',
    );
    const blank = await post(a.adminToken, '/api/v1/users/update', { name: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe('Enter your name');
    const after = await userRow(a.adminId);
    expect({ name: after.name, locale: after.locale }).toEqual({ name: before.name, locale: before.locale });
  });

  it('changes only the caller: other users, here and in other organisations, keep their data', async () => {
    const others = [a.adminId, b.adminId, b.regularId];
    const before = await Promise.all(others.map(userRow));
    // A user id in the body is not a way to reach someone else.
    const res = await post(b.regularToken, '/api/v1/users/update', {
      _id: a.adminId,
      userId: a.adminId,
      name: 'Not Yours',
      locale: 'en',
    });
    expect(res.status).toBe(200);
    expect(res.body._id).toBe(b.regularId);
    expect((await userRow(b.regularId)).name).toBe('Not Yours');
    const unchanged = others.filter((id) => id !== b.regularId);
    for (const id of unchanged) {
      const row = await userRow(id);
      const was = before[others.indexOf(id)]!;
      expect({ name: row.name, locale: row.locale }).toEqual({ name: was.name, locale: was.locale });
    }
  });

  it('works before the email address is verified, and needs a sign-in', async () => {
    const unverified = await createTenant(t, { verified: false });
    const res = await post(unverified.adminToken, '/api/v1/users/update', { name: 'New Owner' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'New Owner', emailVerified: false });
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/v1/users/update', payload: {} });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('POST /api/v1/organization/update (the name)', () => {
  it('lets an admin rename the organisation, and only theirs', async () => {
    const res = await post(a.adminToken, '/api/v1/organization/update', { name: 'Alpha Hose & Fittings' });
    expect(res.status).toBe(200);
    expect((await get(a.regularToken, '/api/v1/organization/')).body.name).toBe('Alpha Hose & Fittings');
    expect((await get(b.regularToken, '/api/v1/organization/')).body.name).toBe('Bravo Hose');
  });

  it('refuses a regular user and leaves the name as it was', async () => {
    const res = await post(b.regularToken, '/api/v1/organization/update', { name: 'Hijacked' });
    expect(res.status).toBe(403);
    expect((await get(b.adminToken, '/api/v1/organization/')).body.name).toBe('Bravo Hose');
  });

  it('refuses an empty name with a message', async () => {
    const res = await post(b.adminToken, '/api/v1/organization/update', { name: ' ' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Enter the organisation name');
  });
});
