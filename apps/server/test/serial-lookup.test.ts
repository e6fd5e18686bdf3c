/**
 * Finding a built assembly by the serial on its tag (issue 18): the global search and the assemblies list find
 * it for its organisation only, and the public `/qs/{serial}` answer carries the shop's contact details while
 * answering everyone, signed out or of another organisation, the same without anything private.
 */
import type { HoseAssembly, PublicAssembly, SearchResult, WorkOrder } from '@hosewright/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { warehouses } from '../src/db/schema.ts';
import { exampleInput, sampleParts } from './fixtures-assemblies.ts';
import { api, readyWorkOrder } from './fixtures-workorders.ts';
import { bearer, createTenant, createTestApp, type TestApp, type TestTenant } from './helpers.ts';

const t: TestApp = await createTestApp();
afterAll(() => t.close());

async function call(token: string | null, method: 'GET' | 'POST', url: string, payload?: unknown) {
  const res = await t.app.inject({
    method,
    url: `/api/v1/${url}`,
    headers: token ? bearer(token) : {},
    ...(method === 'POST' ? { payload: (payload ?? {}) as Record<string, unknown> } : {}),
  });
  return { status: res.statusCode, body: res.json(), text: res.body };
}

const searchHits = async (token: string, text: string) =>
  (await call(token, 'GET', `search?searchText=${encodeURIComponent(text)}`)).body.items as SearchResult[];
const listed = async (token: string, query: string) =>
  (await call(token, 'GET', `hoseassemblies?${query}`)).body.items as { _id: string; partNumber: string }[];

let shop: TestTenant;
let other: TestTenant;
let revisionA: HoseAssembly;
let revisionB: HoseAssembly;
let serial: string;
beforeAll(async () => {
  shop = await createTenant(t, { tier: 'professional', name: 'Tagline Hydraulics' });
  other = await createTenant(t, { tier: 'professional', name: 'Elsewhere Hose' });
  const ids = await sampleParts(t, shop);
  await sampleParts(t, other);
  revisionA = (
    await call(
      shop.adminToken,
      'POST',
      'hoseassembly/new/update',
      exampleInput(ids, { description: 'Loader boom' }),
    )
  ).body;
  serial = (await call(shop.adminToken, 'POST', `hoseassembly/${revisionA._id}/serials`, { quantity: 1 }))
    .body.items[0].serialId;
  // Revised after the unit was built: the serial still names revision A.
  revisionB = (
    await call(
      shop.adminToken,
      'POST',
      `hoseassembly/${revisionA._id}/update`,
      exampleInput(ids, { description: 'Loader boom, longer', overallLengthMm: 1200 }),
    )
  ).body;
  expect(revisionB.revision).toBe('B');
});

describe('the global search', () => {
  it('finds the assembly by the serial on its tag, as typed, with the revision it was built of', async () => {
    const hits = await searchHits(shop.regularToken, serial);
    expect(hits[0]).toEqual({
      url: `hoseassembly/${revisionA._id}`,
      objectType: 'hoseAssembly',
      name: revisionA.partNumber,
      partNumber: revisionA.partNumber,
      revision: 'A',
      description: `Serial ${serial} · Loader boom`,
    });
    // Lower case, with a dash in the middle, and only its first 7 characters (a worn tag).
    const typed = `${serial.slice(0, 5).toLowerCase()}-${serial.slice(5)}`;
    expect((await searchHits(shop.regularToken, typed))[0]?.url).toBe(`hoseassembly/${revisionA._id}`);
    expect((await searchHits(shop.regularToken, serial.slice(0, 7))).map((h) => h.url)).toContain(
      `hoseassembly/${revisionA._id}`,
    );
  });

  it("never finds another organisation's serial", async () => {
    expect(await searchHits(other.regularToken, serial)).toEqual([]);
  });

  it('finds a unit built on a work order once the work order is completed', async () => {
    const ready = await readyWorkOrder(t, shop);
    const done = await api<WorkOrder>(t, shop, `workorder/${ready._id}/complete`);
    const unitSerial = done.units[0]!.serialId;
    const hits = await searchHits(shop.regularToken, unitSerial);
    expect(hits[0]).toMatchObject({
      objectType: 'hoseAssembly',
      url: `hoseassembly/${done.lines[0]!.hoseAssembly._id}`,
      description: expect.stringContaining(`Serial ${unitSerial}`),
    });
  });
});

describe('the assemblies list', () => {
  it('finds the part number by a serial in its search text, and by the serialId filter', async () => {
    for (const query of [`q=${serial}`, `q=${serial.toLowerCase()}`, `serialId=${serial.toLowerCase()}`]) {
      const items = await listed(shop.regularToken, query);
      // The list shows latest revisions: the part number's revision B.
      expect(
        items.map((i) => i._id),
        query,
      ).toEqual([revisionB._id]);
    }
    expect(await listed(shop.regularToken, 'serialId=0000000000')).toEqual([]);
  });

  it("answers another organisation's member nothing for the serial", async () => {
    expect(await listed(other.regularToken, `q=${serial}`)).toEqual([]);
    expect(await listed(other.regularToken, `serialId=${serial}`)).toEqual([]);
  });
});

describe('the public answer', () => {
  it("carries the shop's address, phone and email from its settings", async () => {
    const saved = await call(shop.adminToken, 'POST', 'organization/update', {
      shopAddress: {
        line1: '12 Coupling Road',
        line2: '',
        city: 'Regina',
        region: 'SK',
        postalCode: 'S4P 3Y2',
        country: 'Canada',
      },
      shopPhone: '+1 306 555 0142',
      shopEmail: 'counter@tagline.example',
    });
    expect(saved.status, saved.text).toBe(200);
    const res = await call(null, 'GET', `qs/${serial}`);
    expect(res.status).toBe(200);
    expect((res.body as PublicAssembly).contact).toEqual({
      address: {
        line1: '12 Coupling Road',
        line2: '',
        city: 'Regina',
        region: 'SK',
        postalCode: 'S4P 3Y2',
        country: 'Canada',
      },
      phone: '+1 306 555 0142',
      email: 'counter@tagline.example',
    });
  });

  it("gives the default warehouse's address when the shop keeps none, and empty details when none are kept", async () => {
    await call(shop.adminToken, 'POST', 'organization/update', { shopAddress: null, shopPhone: '' });
    const address = {
      line1: '4 Depot Lane',
      line2: '',
      city: 'Moose Jaw',
      region: 'SK',
      postalCode: '',
      country: '',
    };
    await t.database.withTenant(shop.organizationId, async (tx) => {
      const [main] = await tx
        .update(warehouses)
        .set({ address })
        .where(and(eq(warehouses.organizationId, shop.organizationId), eq(warehouses.isDefault, true)))
        .returning({ id: warehouses.id });
      if (!main) {
        await tx.insert(warehouses).values({
          organizationId: shop.organizationId,
          code: 'MAIN',
          name: 'Main',
          isDefault: true,
          address,
        });
      }
    });
    const body = (await call(null, 'GET', `qs/${serial}`)).body as PublicAssembly;
    expect(body.contact).toEqual({ address, phone: '', email: 'counter@tagline.example' });
  });

  it('is the same for a signed-out caller and for a member of another organisation, with nothing private', async () => {
    const signedOut = await call(null, 'GET', `qs/${serial}`);
    const stranger = await call(other.adminToken, 'GET', `qs/${serial}`);
    expect(stranger.status).toBe(200);
    expect(stranger.body).toEqual(signedOut.body);
    // No way to the record: neither revision's id, nor any part's.
    for (const id of [revisionA._id, revisionB._id, revisionA.spec.hoseId]) {
      expect(signedOut.text).not.toContain(id);
    }
    expect(signedOut.body).not.toHaveProperty('hoseAssemblyId');
    expect(signedOut.body).toMatchObject({
      serialId: serial,
      revision: 'A',
      organizationName: 'Tagline Hydraulics',
    });
  });
});
