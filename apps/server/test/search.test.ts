/**
 * Global search over every registered type (the catalogue, customers, assemblies and the rest): ranked,
 * tenant-scoped, `{ items, total }` with the fields of `searchResultSchema` and urls the client links to as
 * `/{url}`. Each type's own fields are tested with its module.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { components } from '../src/db/schema.ts';
import { componentInput } from './factories.ts';
import { exampleInput } from './fixtures-assemblies.ts';
import { bearer, createTenant, createTestApp, type TestApp, type TestTenant } from './helpers.ts';

const t: TestApp = await createTestApp();
afterAll(() => t.close());

let shop: TestTenant;
let other: TestTenant;
const search = async (token: string, query: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/search?${query}`, headers: bearer(token) });
  return { status: res.statusCode, body: res.json() };
};

beforeAll(async () => {
  shop = await createTenant(t, { tier: 'trial' });
  other = await createTenant(t, { tier: 'trial' });
  await t.app.inject({
    method: 'POST',
    url: '/api/v1/organization/sampledata/load',
    headers: bearer(shop.adminToken),
  });
  for (const [token, input] of [
    [
      shop.adminToken,
      componentInput('otherItem', { partNumber: 'CLAMP-2SN', description: 'Twin clamp', brand: '' }),
    ],
    [other.adminToken, componentInput('hose', { partNumber: 'GEN-2SN-08-OTHER', description: 'Not yours' })],
  ] as const) {
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/organization/${input.kind === 'hose' ? 'hose' : 'otheritem'}/new/update`,
      headers: bearer(token),
      payload: input,
    });
  }
});

describe('GET /api/v1/search', () => {
  it('ranks the exact part number first, then prefixes, then the rest', async () => {
    const { status, body } = await search(shop.regularToken, 'searchText=gen-2sn-08&itemsPerPage=10');
    expect(status).toBe(200);
    expect(body.items[0]).toEqual({
      url: expect.stringMatching(/^hose\/[0-9a-f-]{36}$/),
      objectType: 'hose',
      partNumber: 'GEN-2SN-08',
      brand: 'GEN',
      description: 'EN853 2SN hose, 12.7 mm ID',
    });
    expect(body.total).toBe(1);
  });

  it('finds by description too, and counts every match while returning a page', async () => {
    const { body } = await search(shop.regularToken, 'searchText=jic37&itemsPerPage=3');
    expect(body.items).toHaveLength(3);
    expect(body.total).toBeGreaterThan(3);
    for (const item of body.items) expect(['crimpFitting', 'adaptor']).toContain(item.objectType);
    const page2 = await search(shop.regularToken, 'searchText=jic37&itemsPerPage=3&page=2');
    expect(page2.body.items.map((i: { url: string }) => i.url)).not.toContain(body.items[0].url);
  });

  it('leaves the brand out when an item has none', async () => {
    const { body } = await search(shop.regularToken, 'searchText=clamp');
    expect(body.items).toEqual([
      {
        url: expect.stringMatching(/^otheritem\//),
        objectType: 'otherItem',
        partNumber: 'CLAMP-2SN',
        description: 'Twin clamp',
      },
    ]);
  });

  it("never shows another organisation's objects", async () => {
    const mine = await search(shop.regularToken, 'searchText=other');
    expect(mine.body.items.map((i: { partNumber: string }) => i.partNumber)).not.toContain(
      'GEN-2SN-08-OTHER',
    );
    const theirs = await search(other.regularToken, 'searchText=gen-2sn');
    expect(theirs.body.items.map((i: { partNumber: string }) => i.partNumber)).toEqual(['GEN-2SN-08-OTHER']);
  });

  it("spans the catalogue and the shop's own records in one answer: best first, counted together", async () => {
    const post = async (url: string, payload: unknown) => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/v1/${url}`,
        headers: bearer(shop.adminToken),
        payload: payload as Record<string, unknown>,
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    await post(
      'organization/otheritem/new/update',
      componentInput('otherItem', { partNumber: 'TUNDRA-CLAMP', description: 'Boom clamp' }),
    );
    await post('customer/new/update', { name: 'Tundra Haulage' });
    await post('customer/new/update', { name: 'Northern Tundra Farms' });
    const ids = Object.fromEntries(
      (
        await t.database.withTenant(shop.organizationId, (tx) =>
          tx.select({ id: components.id, partNumber: components.partNumber }).from(components),
        )
      ).map((r) => [r.partNumber, r.id]),
    );
    await post('hoseassembly/new/update', exampleInput(ids, { description: 'Tundra loader boom lift' }));

    const { body } = await search(shop.regularToken, 'searchText=tundra&itemsPerPage=3');
    // Part number and name starting with the text (2) before the text inside a name or description (1).
    expect(
      body.items.map(
        (i: { objectType: string; name?: string; partNumber?: string }) => i.name ?? i.partNumber,
      ),
    ).toEqual(['TUNDRA-CLAMP', 'Tundra Haulage', 'Northern Tundra Farms']);
    expect(body.total).toBe(4);
    const next = await search(shop.regularToken, 'searchText=tundra&itemsPerPage=3&page=2');
    expect(next.body.items).toEqual([
      expect.objectContaining({ objectType: 'hoseAssembly', description: 'Tundra loader boom lift' }),
    ]);
  });

  it('answers empty text with no results and treats wildcards literally', async () => {
    expect((await search(shop.regularToken, 'searchText=&itemsPerPage=10')).body).toEqual({
      items: [],
      total: 0,
    });
    expect((await search(shop.regularToken, 'searchText=%25&itemsPerPage=10')).body.total).toBe(0);
  });

  it('needs a signed-in member', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/search?searchText=gen' });
    expect(res.statusCode).toBe(401);
  });
});
