/**
 * API mode, driven the way an ERP drives it (`apikeys/apikeys.ts`): an admin makes a key, the ERP exchanges
 * it for a token, creates a hose assembly for a customer with `apicustomerid` and reads it back; the API log
 * shows the calls; a disabled, expired or deleted key is refused at once with `details.apiFailed`.
 */
import {
  type ApiKey,
  type ApiLog,
  type CreatedApiKey,
  createApiKey,
  deleteApiKey,
  exchangeApiKey,
  listApiKeys,
  listApiLogs,
  updateApiKey,
} from '@hosewright/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys } from '../src/db/schema.ts';
import { exampleInput, sampleParts } from './fixtures-assemblies.ts';
import { customerFixture } from './fixtures-customers.ts';
import { bearer, createTenant, createTestApp, type TestTenant } from './helpers.ts';

const t = await createTestApp();
afterAll(() => t.close());

let shop: TestTenant;
let other: TestTenant;
let parts: Record<string, string>;
let farm: string;
let mine: string;
let otherShopsCustomer: string;

beforeAll(async () => {
  shop = await createTenant(t, { tier: 'professional' });
  other = await createTenant(t, { tier: 'professional' });
  parts = await sampleParts(t, shop);
  farm = await customerFixture(t, shop);
  mine = await customerFixture(t, shop);
  otherShopsCustomer = await customerFixture(t, other);
});

const admin = (url: string, payload?: unknown) =>
  t.app.inject({
    method: payload === undefined ? 'GET' : 'POST',
    url,
    headers: bearer(shop.adminToken),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

async function makeKey(body: Record<string, unknown>): Promise<CreatedApiKey> {
  const res = await admin(createApiKey.path, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function exchange(id: string, secret: string) {
  return t.app.inject({
    method: 'POST',
    url: exchangeApiKey.path,
    payload: { grant_type: 'client_credentials', client_id: id, client_secret: secret },
  });
}

async function tokenFor(created: CreatedApiKey): Promise<string> {
  const res = await exchange(created.key._id, created.clientSecret);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { access_token: string }).access_token;
}

const erp = (token: string, url: string, options: { customer?: string; payload?: unknown } = {}) =>
  t.app.inject({
    method: options.payload === undefined ? 'GET' : 'POST',
    url,
    headers: { ...bearer(token), ...(options.customer ? { apicustomerid: options.customer } : {}) },
    ...(options.payload === undefined ? {} : { payload: options.payload as Record<string, unknown> }),
  });

async function logs(query = ''): Promise<ApiLog[]> {
  const res = await admin(`${listApiLogs.path}${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { items: ApiLog[] }).items;
}

describe('an ERP with an API key', () => {
  it('exchanges the key, creates an assembly for a customer, reads it back, and the log shows it; revoked, it is refused', async () => {
    const created = await makeKey({ name: 'Shop ERP', role: 'regular' });
    expect(created.clientSecret).toMatch(/^hws_/);
    expect(created.key).toMatchObject({
      name: 'Shop ERP',
      role: 'regular',
      status: 'active',
      customerId: null,
    });

    // The list never shows the secret, nor its hash.
    const list = await admin(listApiKeys.path);
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(created.clientSecret);
    expect((list.json() as { items: ApiKey[] }).items.map((k) => k.name)).toContain('Shop ERP');

    const exchanged = await exchange(created.key._id, created.clientSecret);
    expect(exchanged.statusCode, exchanged.body).toBe(200);
    const token = exchanged.json() as { access_token: string; token_type: string; expires_in: number };
    expect(token).toMatchObject({ token_type: 'Bearer', expires_in: 600 });

    // Create for the farm: the body names no customer, the header does.
    const saved = await erp(token.access_token, '/api/v1/hoseassembly/new/update', {
      customer: farm,
      payload: exampleInput(parts, { description: 'From the ERP' }),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const assembly = saved.json() as { _id: string; customerId: string; partNumber: string };
    expect(assembly.customerId).toBe(farm);

    const read = await erp(token.access_token, `/api/v1/hoseassembly/${assembly._id}`, { customer: farm });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({ _id: assembly._id, customerId: farm, description: 'From the ERP' });

    const log = await logs();
    const calls = log.filter((l) => l.apiKeyId === created.key._id);
    expect(calls.map((c) => `${c.method} ${c.path} ${c.status}`)).toEqual([
      `GET /api/v1/hoseassembly/${assembly._id} 200`,
      'POST /api/v1/hoseassembly/new/update 200',
      'POST /api/v1/oauth/token 200',
    ]);
    expect(calls[1]).toMatchObject({ keyName: 'Shop ERP', customerId: farm });
    expect(calls[1]?.customerName).toMatch(/^Fixture Farms/);

    // The key shows when it was last used.
    const keys = (await admin(listApiKeys.path)).json() as { items: ApiKey[] };
    expect(keys.items.find((k) => k._id === created.key._id)?.lastUsedAt).not.toBeNull();

    // An admin disables the key: the token already out is refused at once, and so is a new exchange.
    const disabled = await admin(updateApiKey.path.replace(':apiKeyId', created.key._id), { enabled: false });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(disabled.json()).toMatchObject({ status: 'disabled' });
    const refused = await erp(token.access_token, `/api/v1/hoseassembly/${assembly._id}`);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ details: { apiFailed: true } });
    expect(refused.json().message).toMatch(/disabled/);
    const again = await exchange(created.key._id, created.clientSecret);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ details: { apiFailed: true } });

    // Deleted: refused the same way; its calls stay in the log.
    const deleted = await admin(deleteApiKey.path.replace(':apiKeyId', created.key._id), {});
    expect(deleted.statusCode, deleted.body).toBe(200);
    const gone = await erp(token.access_token, '/api/v1/hoseassemblies');
    expect(gone.statusCode).toBe(401);
    expect(gone.json()).toMatchObject({ details: { apiFailed: true } });
    expect((await logs(`?apiKeyId=${created.key._id}`)).length).toBeGreaterThanOrEqual(3);
  });

  it('a wrong secret, an unknown key and a token of nobody answer 401 with apiFailed and say nothing more', async () => {
    const created = await makeKey({ name: 'Wrong secret', role: 'regular' });
    const wrong = await exchange(created.key._id, `${created.clientSecret}x`);
    const unknown = await exchange('00000000-0000-4000-8000-000000000000', created.clientSecret);
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({
        message: 'The API key or its secret is not right.',
        details: { apiFailed: true },
      });
    }
    const forged = await erp(
      'hwapi_eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl',
      '/api/v1/hoseassemblies',
    );
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toMatchObject({ details: { apiFailed: true } });
    // HTTP Basic client authentication works as well as the body.
    const basic = await t.app.inject({
      method: 'POST',
      url: exchangeApiKey.path,
      headers: {
        authorization: `Basic ${Buffer.from(`${created.key._id}:${created.clientSecret}`).toString('base64')}`,
      },
      payload: { grant_type: 'client_credentials' },
    });
    expect(basic.statusCode, basic.body).toBe(200);
  });

  it('acting for a customer shows that customer only; another shop’s customer answers like a missing one', async () => {
    const created = await makeKey({ name: 'Portal', role: 'regular' });
    const token = await tokenFor(created);
    const theirs = await t.app.inject({
      method: 'POST',
      url: '/api/v1/hoseassembly/new/update',
      headers: bearer(shop.adminToken),
      payload: exampleInput(parts, { customerId: mine, description: 'Someone else’s' }),
    });
    expect(theirs.statusCode, theirs.body).toBe(200);
    const theirsId = (theirs.json() as { _id: string })._id;

    const listed = await erp(token, '/api/v1/hoseassemblies?itemsPerPage=100', { customer: farm });
    expect(listed.statusCode, listed.body).toBe(200);
    const items = (listed.json() as { items: { customerId: string | null }[] }).items;
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((i) => i.customerId === farm)).toBe(true);
    const customers = await erp(token, '/api/v1/customers', { customer: farm });
    expect((customers.json() as { items: { _id: string }[] }).items.map((c) => c._id)).toEqual([farm]);

    expect((await erp(token, `/api/v1/hoseassembly/${theirsId}`, { customer: farm })).statusCode).toBe(404);
    expect((await erp(token, `/api/v1/customer/${mine}`, { customer: farm })).statusCode).toBe(404);
    // Without the header the same key sees the whole shop.
    expect((await erp(token, `/api/v1/hoseassembly/${theirsId}`)).statusCode).toBe(200);

    const foreign = await erp(token, '/api/v1/hoseassemblies', { customer: otherShopsCustomer });
    const missing = await erp(token, '/api/v1/hoseassemblies', {
      customer: '00000000-0000-4000-8000-000000000001',
    });
    const notAnId = await erp(token, '/api/v1/hoseassemblies', { customer: 'farm' });
    for (const res of [foreign, missing, notAnId]) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND', message: 'The customer was not found' });
    }
    // A customer's call cannot start an import for the whole shop.
    const upload = await erp(token, '/api/v1/organization/imports', { customer: farm, payload: {} });
    expect(upload.statusCode).not.toBe(201);
  });

  it('a key bound to a customer always acts for it, whatever the header says', async () => {
    const created = await makeKey({ name: 'Farm portal', role: 'regular', customerId: farm });
    expect(created.key).toMatchObject({ customerId: farm });
    expect(created.key.customerName).toMatch(/^Fixture Farms/);
    const token = await tokenFor(created);
    const listed = await erp(token, '/api/v1/customers');
    expect((listed.json() as { items: { _id: string }[] }).items.map((c) => c._id)).toEqual([farm]);
    expect((await erp(token, '/api/v1/customers', { customer: mine })).statusCode).toBe(404);
    // What it creates is the farm's, even when the body names another customer.
    const saved = await erp(token, '/api/v1/hoseassembly/new/update', {
      payload: exampleInput(parts, { customerId: mine }),
    });
    expect(saved.statusCode).toBe(400);
    expect(saved.json().message).toBe('The customer was not found; choose it again');
  });

  it('an expired key is refused with apiFailed, and a key acts with its role', async () => {
    const created = await makeKey({ name: 'Short lived', role: 'regular', expiresAt: '2099-01-01' });
    const token = await tokenFor(created);
    // A regular key cannot do what only admins do.
    expect((await erp(token, listApiKeys.path)).statusCode).toBe(403);
    await t.database.withSystem((tx) =>
      tx
        .update(apiKeys)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(apiKeys.id, created.key._id)),
    );
    const refused = await erp(token, '/api/v1/hoseassemblies');
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ details: { apiFailed: true } });
    expect(refused.json().message).toMatch(/expired/);
    const listed = (await admin(listApiKeys.path)).json() as { items: ApiKey[] };
    expect(listed.items.find((k) => k._id === created.key._id)?.status).toBe('expired');
  });
});

describe('managing keys', () => {
  it('refuses bad input with a clear message and saves nothing', async () => {
    const before = ((await admin(listApiKeys.path)).json() as { total: number }).total;
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '', role: 'regular' }, 'Name the key after the system that uses it, like "Shop ERP"'],
      [{ name: 'ERP', role: 'owner' }, 'Choose the role the key acts as: admin or regular'],
      [
        { name: 'ERP', role: 'regular', expiresAt: '2020-01-01' },
        'That expiry date has passed: choose a later one',
      ],
      [{ name: 'ERP', role: 'regular', expiresAt: 'soon' }, 'Enter the expiry as a date, like 2027-06-30'],
      [
        { name: 'ERP', role: 'regular', customerId: otherShopsCustomer },
        'The customer was not found; choose it again',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await admin(createApiKey.path, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(((await admin(listApiKeys.path)).json() as { total: number }).total).toBe(before);
  });

  it('is for admins: a regular member is refused, and another shop’s key is not found', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: listApiKeys.path,
      headers: bearer(shop.regularToken),
    });
    expect(res.statusCode).toBe(403);
    const created = await makeKey({ name: 'Ours', role: 'admin' });
    const theirs = await t.app.inject({
      method: 'POST',
      url: updateApiKey.path.replace(':apiKeyId', created.key._id),
      headers: bearer(other.adminToken),
      payload: { enabled: false },
    });
    expect(theirs.statusCode).toBe(404);
  });

  it('filters the log by status', async () => {
    const created = await makeKey({ name: 'Filtered', role: 'regular' });
    const token = await tokenFor(created);
    await erp(token, '/api/v1/hoseassembly/00000000-0000-4000-8000-000000000002');
    const failures = await logs(`?apiKeyId=${created.key._id}&status=failure`);
    expect(failures.map((l) => l.status)).toEqual([404]);
    const successes = await logs(`?apiKeyId=${created.key._id}&status=success`);
    expect(successes.map((l) => l.path)).toEqual(['/api/v1/oauth/token']);
  });
});
