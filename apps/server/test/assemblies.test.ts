/**
 * Hose assemblies through the real app: the builder's live computation of the worked example
 * (`exampleInput`), saving, revising (old revisions stay readable), duplicating, deleting, serials unique
 * under concurrent builds, the plan limit, tenant isolation, roles, lenient lists, the public serial lookup
 * and the global search.
 */
import {
  type HoseAssembly,
  type HoseAssemblyComputeResponse,
  type HoseAssemblyListItem,
  type PublicAssembly,
  SERIAL_ID_PATTERN,
  type SerialRecord,
} from '@hosewright/domain';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, hoseAssemblies, warehouses, workOrderLines, workOrders } from '../src/db/schema.ts';
import { QS_MAX_REQUESTS } from '../src/modules/assemblies/routes.ts';
import { exampleInput, sampleParts } from './fixtures-assemblies.ts';
import { bearer, createTenant, createTestApp, type TestApp, type TestTenant } from './helpers.ts';

const t: TestApp = await createTestApp();
afterAll(() => t.close());

async function call(
  token: string | null,
  method: 'GET' | 'POST',
  url: string,
  payload?: unknown,
  ip?: string,
) {
  const res = await t.app.inject({
    method,
    url: `/api/v1/${url}`,
    headers: token ? bearer(token) : {},
    ...(ip ? { remoteAddress: ip } : {}),
    ...(method === 'POST' ? { payload: (payload ?? {}) as Record<string, unknown> } : {}),
  });
  return { status: res.statusCode, body: res.json(), text: res.body };
}

async function countRows(tenant: TestTenant): Promise<number> {
  const [row] = await t.database.withTenant(tenant.organizationId, (tx) =>
    tx
      .select({ n: count() })
      .from(hoseAssemblies)
      .where(eq(hoseAssemblies.organizationId, tenant.organizationId)),
  );
  return row?.n ?? 0;
}

let a: TestTenant;
let b: TestTenant;
let ids: Record<string, string>;
let idsB: Record<string, string>;
let customerId: string;
beforeAll(async () => {
  a = await createTenant(t, { tier: 'professional', name: 'Alpha Hydraulics' });
  b = await createTenant(t, { tier: 'professional', name: 'Bravo Hose' });
  ids = await sampleParts(t, a);
  idsB = await sampleParts(t, b);
  const [customer] = await t.database.withTenant(a.organizationId, (tx) =>
    tx
      .insert(customers)
      .values({ organizationId: a.organizationId, name: 'Zed Farms Secret', marginPct: 50, discountPct: 10 })
      .returning({ id: customers.id }),
  );
  customerId = customer!.id;
});

describe('the builder', () => {
  it('computes the worked example live without saving: 890 mm, 4000 psi, the next part number', async () => {
    const res = await call(a.regularToken, 'POST', 'hoseassemblies/compute', exampleInput(ids));
    expect(res.status).toBe(200);
    const body = res.body as HoseAssemblyComputeResponse;
    expect(body.cutLengthMm).toBe(890);
    expect(body.maxWorkingPressurePsi).toBe(4000);
    expect(body.pressureLimitedBy).toEqual({ role: 'hose', partNumber: 'GEN-2SN-08' });
    expect(body.orientationToleranceDeg).toBe(5);
    expect(body.errors).toEqual([]);
    expect(body.partNumber).toBe('C-00001');
    expect(body.title).toBe('C-00001_A');
    expect(body.parts.endA.fitting).toMatchObject({
      partNumber: 'F-SN-08-FJX90',
      angle: 90,
      endType: 'JIC37',
    });
    expect(await countRows(a)).toBe(0);
  });

  it('prices for the customer’s margin and discount', async () => {
    const plain = (await call(a.regularToken, 'POST', 'hoseassemblies/compute', exampleInput(ids))).body;
    const forCustomer = (
      await call(a.regularToken, 'POST', 'hoseassemblies/compute', exampleInput(ids, { customerId }))
    ).body as HoseAssemblyComputeResponse;
    expect(forCustomer.costs.unitCost).toBe(plain.costs.unitCost);
    expect(forCustomer.costs.marginPct).toBe(50);
    expect(forCustomer.costs.unitPrice).toBeCloseTo((forCustomer.costs.unitCost / 0.5) * 0.9, 1);
  });

  it('refuses mixing systems with a clear message', async () => {
    const res = await call(
      a.regularToken,
      'POST',
      'hoseassemblies/compute',
      exampleInput(ids, { endB: { fittingId: ids['F-XS-12-FJX90']!, ferruleId: ids['FER-XS-12']! } }),
    );
    expect(res.status).toBe(200);
    expect(res.body.errors[0].message).toContain('End B: fitting F-XS-12-FJX90 does not fit hose GEN-2SN-08');
  });

  it('answers 400 naming the field when a part is not in the library', async () => {
    const res = await call(a.regularToken, 'POST', 'hoseassemblies/compute', exampleInput(idsB));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('The hose was not found in the component library; choose it again');
    expect(res.body.details.issues[0].path).toEqual(['hoseId']);
  });
});

describe('saving and revising', () => {
  let first: HoseAssembly;

  it('a regular user saves revision A; it reads back with its figures and parts', async () => {
    const res = await call(
      a.regularToken,
      'POST',
      'hoseassembly/new/update',
      exampleInput(ids, { customerId }),
    );
    expect(res.status).toBe(200);
    first = res.body;
    expect(first).toMatchObject({
      partNumber: 'C-00001',
      revision: 'A',
      title: 'C-00001_A',
      latest: true,
      customerId,
      customerName: 'Zed Farms Secret',
    });
    expect(first.description).toBe('GEN-2SN-08 × 1,000 mm, JIC37 F 90° / JIC37 F 90°');
    expect(first.computed.cutLengthMm).toBe(890);
    expect(first.spec.orientationDeg).toBe(90);
    expect(first.revisions.map((r) => r.revision)).toEqual(['A']);
    const read = await call(a.regularToken, 'GET', `hoseassembly/${first._id}`);
    expect(read.body).toEqual(first);
  });

  it('refuses an invalid assembly with the domain’s message and saves nothing', async () => {
    const before = await countRows(a);
    const noFerrule = await call(
      a.regularToken,
      'POST',
      'hoseassembly/new/update',
      exampleInput(ids, { endA: { fittingId: ids['F-SN-08-FJX90']! } }),
    );
    expect(noFerrule.status).toBe(400);
    expect(noFerrule.body.message).toBe('End A: fitting F-SN-08-FJX90 is two-piece; choose its ferrule');
    const tooShort = await call(
      a.regularToken,
      'POST',
      'hoseassembly/new/update',
      exampleInput(ids, { overallLengthMm: 100 }),
    );
    expect(tooShort.status).toBe(400);
    expect(tooShort.body.message).toContain('leaves no hose');
    const badLength = await call(
      a.regularToken,
      'POST',
      'hoseassembly/new/update',
      exampleInput(ids, { overallLengthMm: -5 }),
    );
    expect(badLength.body.message).toBe('The overall length must be more than 0 mm');
    expect(await countRows(a)).toBe(before);
  });

  it('editing makes revision B; revision A stays readable but is no longer the latest', async () => {
    const res = await call(
      a.regularToken,
      'POST',
      `hoseassembly/${first._id}/update`,
      exampleInput(ids, { overallLengthMm: 1200, customerId, description: 'Loader boom, longer' }),
    );
    expect(res.status).toBe(200);
    const second = res.body as HoseAssembly;
    expect(second).toMatchObject({ partNumber: 'C-00001', revision: 'B', title: 'C-00001_B', latest: true });
    expect(second._id).not.toBe(first._id);
    expect(second.computed.cutLengthMm).toBe(1090);
    expect(second.revisions.map((r) => [r.revision, r.latest])).toEqual([
      ['B', true],
      ['A', false],
    ]);

    const old = (await call(a.regularToken, 'GET', `hoseassembly/${first._id}`)).body as HoseAssembly;
    expect(old).toMatchObject({ revision: 'A', latest: false });
    expect(old.computed.cutLengthMm).toBe(890);

    const list = (await call(a.regularToken, 'GET', 'hoseassemblies?q=C-00001')).body;
    expect(list.items.map((i: HoseAssemblyListItem) => i.title)).toEqual(['C-00001_B']);

    // Editing the old revision again makes C (after the latest), not a second B.
    const third = await call(a.regularToken, 'POST', `hoseassembly/${first._id}/update`, exampleInput(ids));
    expect(third.body.revision).toBe('C');
  });

  it('a straight end drops the orientation from what is saved', async () => {
    const res = await call(
      a.regularToken,
      'POST',
      'hoseassembly/new/update',
      exampleInput(ids, {
        endB: { fittingId: ids['F-SN-08-FJX']!, ferruleId: ids['FER-SN-08']! },
        partNumber: 'HA-STRAIGHT',
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body.spec.orientationDeg).toBeUndefined();
    expect(res.body.computed.warnings[0].code).toBe('orientation-straight-end');
    const clash = await call(
      a.regularToken,
      'POST',
      'hoseassembly/new/update',
      exampleInput(ids, { partNumber: 'ha-straight' }),
    );
    expect(clash.status).toBe(409);
    expect(clash.body.message).toBe('Part number ha-straight is already used by a hose assembly');
  });

  it('duplicates into a new part number at revision A', async () => {
    const res = await call(a.regularToken, 'POST', `hoseassembly/${first._id}/duplicate`, {});
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ partNumber: 'C-00002', revision: 'A', latest: true });
    expect(res.body.computed.cutLengthMm).toBe(890);
  });

  it('lists latest revisions with filters and sorting', async () => {
    const all = (await call(a.regularToken, 'GET', 'hoseassemblies?sort=partNumber&order=asc')).body;
    expect(all.items.map((i: HoseAssemblyListItem) => i.title)).toEqual([
      'C-00001_C',
      'C-00002_A',
      'HA-STRAIGHT_A',
    ]);
    expect(all.total).toBe(3);
    const byCustomer = (await call(a.regularToken, 'GET', `hoseassemblies?customerId=${customerId}`)).body;
    expect(byCustomer.items.map((i: HoseAssemblyListItem) => i.partNumber)).toEqual(['C-00002']);
    const straight = (
      await call(a.regularToken, 'GET', 'hoseassemblies?endType=jic37&dash=-8&itemsPerPage=1')
    ).body;
    expect(straight.total).toBe(3);
    expect(straight.items).toHaveLength(1);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect((await call(a.regularToken, 'GET', `hoseassemblies?createdFrom=${tomorrow}`)).body.total).toBe(0);
    // Dash sizes are stored negative; a positive one means the same size.
    const positiveDash = (await call(a.regularToken, 'GET', 'hoseassemblies?dash=8')).body;
    expect(positiveDash.total).toBe(3);
    expect((await call(a.regularToken, 'GET', 'hoseassemblies?dash=12')).body.total).toBe(0);
    expect((await call(a.regularToken, 'GET', 'hoseassemblies?dash=large')).status).toBe(400);
  });

  it('reads paging and sorting leniently, as a client sends them', async () => {
    const newestFirst = (await call(a.regularToken, 'GET', 'hoseassemblies')).body;
    // An unknown sort key sorts by the default (newest first); the order is case-insensitive.
    const unknownSort = await call(a.regularToken, 'GET', 'hoseassemblies?sort=price');
    expect(unknownSort.status).toBe(200);
    expect(unknownSort.body.items).toEqual(newestFirst.items);
    const ascending = (await call(a.regularToken, 'GET', 'hoseassemblies?sort=PARTNUMBER&order=ASC')).body;
    expect(ascending.items.map((i: HoseAssemblyListItem) => i.title)).toEqual([
      'C-00001_C',
      'C-00002_A',
      'HA-STRAIGHT_A',
    ]);
    // Page 0 is page 1; a page size above 500 is 500; searchText is the same as q.
    const clamped = await call(a.regularToken, 'GET', 'hoseassemblies?page=0&itemsPerPage=100000');
    expect(clamped.status).toBe(200);
    expect(clamped.body).toMatchObject({ page: 1, total: 3 });
    expect(clamped.body.items).toHaveLength(3);
    const searched = (await call(a.regularToken, 'GET', 'hoseassemblies?searchText=straight')).body;
    expect(searched.items.map((i: HoseAssemblyListItem) => i.partNumber)).toEqual(['HA-STRAIGHT']);
  });

  it('finds assemblies in the global search', async () => {
    const res = await call(a.regularToken, 'GET', 'search?searchText=C-0000');
    const hits = res.body.items.filter((i: { objectType: string }) => i.objectType === 'hoseAssembly');
    expect(hits.map((h: { partNumber: string }) => h.partNumber).sort()).toEqual(['C-00001', 'C-00002']);
    expect(hits[0].url).toMatch(/^hoseassembly\/[0-9a-f-]{36}$/);
    const none = await call(b.regularToken, 'GET', 'search?searchText=C-0000');
    expect(none.body.items.filter((i: { objectType: string }) => i.objectType === 'hoseAssembly')).toEqual(
      [],
    );
  });

  it('only an admin deletes, and every revision goes', async () => {
    const dup = (await call(a.regularToken, 'GET', 'hoseassemblies?q=C-00002')).body
      .items[0] as HoseAssemblyListItem;
    const denied = await call(a.regularToken, 'POST', `hoseassembly/${dup._id}/delete`);
    expect(denied.status).toBe(403);
    const res = await call(a.adminToken, 'POST', `hoseassembly/${dup._id}/delete`);
    expect(res.status).toBe(200);
    expect((await call(a.regularToken, 'GET', `hoseassembly/${dup._id}`)).status).toBe(404);
  });

  it('refuses to delete an assembly a work order builds, and keeps every revision', async () => {
    const saved = await call(a.adminToken, 'POST', 'hoseassembly/new/update', exampleInput(ids));
    expect(saved.status).toBe(200);
    await t.database.withTenant(a.organizationId, async (tx) => {
      const [warehouse] = await tx
        .insert(warehouses)
        .values({ organizationId: a.organizationId, code: 'WO-TEST', name: 'Work order test' })
        .returning({ id: warehouses.id });
      const [order] = await tx
        .insert(workOrders)
        .values({
          organizationId: a.organizationId,
          number: 'WO-77001',
          source: 'assemblies',
          warehouseId: warehouse!.id,
        })
        .returning({ id: workOrders.id });
      await tx.insert(workOrderLines).values({
        organizationId: a.organizationId,
        workOrderId: order!.id,
        position: 1,
        hoseAssemblyId: saved.body._id,
        quantity: 2,
      });
    });
    const res = await call(a.adminToken, 'POST', `hoseassembly/${saved.body._id}/delete`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      `${saved.body.partNumber} is built on work order WO-77001, which keeps its record; it cannot be deleted`,
    );
    expect((await call(a.regularToken, 'GET', `hoseassembly/${saved.body._id}`)).status).toBe(200);
  });
});

describe('tenant isolation', () => {
  it('another organisation’s assembly answers exactly like a missing one', async () => {
    const mine = (await call(a.regularToken, 'POST', 'hoseassembly/new/update', exampleInput(ids)))
      .body as HoseAssembly;
    const missing = '00000000-0000-4000-8000-000000000000';
    for (const [method, path] of [
      ['GET', ''],
      ['POST', '/update'],
      ['POST', '/duplicate'],
      ['POST', '/serials'],
      ['POST', '/delete'],
    ] as const) {
      const payload = path === '/update' ? exampleInput(idsB) : {};
      const foreign = await call(b.adminToken, method, `hoseassembly/${mine._id}${path}`, payload);
      const none = await call(b.adminToken, method, `hoseassembly/${missing}${path}`, payload);
      expect(foreign, path).toEqual(none);
      expect(foreign.status).toBe(404);
    }
    expect((await call(b.adminToken, 'GET', 'hoseassemblies')).body.total).toBe(0);
    expect((await call(a.regularToken, 'GET', `hoseassembly/${mine._id}`)).status).toBe(200);
    expect((await call(a.regularToken, 'GET', 'hoseassembly/not-a-uuid')).status).toBe(404);
  });
});

describe('serials and the public page', () => {
  let assembly: HoseAssembly;
  let serials: SerialRecord[] = [];

  beforeAll(async () => {
    assembly = (
      await call(
        a.regularToken,
        'POST',
        'hoseassembly/new/update',
        exampleInput(ids, { customerId, notes: 'Secret note' }),
      )
    ).body;
  });

  it('20 concurrent builds each get their own readable, unique serial', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(a.regularToken, 'POST', `hoseassembly/${assembly._id}/serials`, { quantity: 1 }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    serials = results.flatMap((r) => r.body.items as SerialRecord[]);
    expect(serials).toHaveLength(20);
    expect(new Set(serials.map((s) => s.serialId)).size).toBe(20);
    for (const s of serials) expect(s.serialId).toMatch(SERIAL_ID_PATTERN);
    const more = await call(a.regularToken, 'POST', `hoseassembly/${assembly._id}/serials`, { quantity: 5 });
    expect(new Set([...serials, ...more.body.items].map((s: SerialRecord) => s.serialId)).size).toBe(25);
    const detail = (await call(a.regularToken, 'GET', `hoseassembly/${assembly._id}`)).body as HoseAssembly;
    expect(detail.serials).toHaveLength(25);
  });

  it('a reorder links the new unit to the one it replaces; an unknown one is refused', async () => {
    const old = serials[0]!.serialId;
    const res = await call(a.regularToken, 'POST', `hoseassembly/${assembly._id}/serials`, {
      replacesSerialId: old.toLowerCase(),
    });
    expect(res.body.items[0].replacesSerialId).toBe(old);
    const bad = await call(a.regularToken, 'POST', `hoseassembly/${assembly._id}/serials`, {
      replacesSerialId: '0000000000',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Serial 0000000000 was not found');
  });

  it('anyone opens /qs/{serial} signed out and sees nothing private', async () => {
    const serial = serials[1]!.serialId;
    const res = await call(null, 'GET', `qs/${serial}`, undefined, '203.0.113.1');
    expect(res.status).toBe(200);
    const body = res.body as PublicAssembly;
    expect(body).toMatchObject({
      serialId: serial,
      partNumber: assembly.partNumber,
      title: assembly.title,
      workingPressurePsi: 4000,
      overallLengthMm: 1000,
      cutLengthMm: 890,
      organizationName: 'Alpha Hydraulics',
    });
    expect(body.parts.hose.partNumber).toBe('GEN-2SN-08');
    expect(body.reorder).toContain(`serial ${serial}`);
    expect(res.text).not.toContain('Zed Farms');
    expect(res.text).not.toContain('Secret note');
    expect(res.text).not.toMatch(/cost|price|margin|customer/i);
    // Read as typed from the tag: lower case works too.
    expect((await call(null, 'GET', `qs/${serial.toLowerCase()}`, undefined, '203.0.113.1')).status).toBe(
      200,
    );
  });

  it('an unknown serial is a friendly not found', async () => {
    for (const serial of ['ZZZZZZZZZZ', 'nonsense!', '1']) {
      const res = await call(null, 'GET', `qs/${serial}`, undefined, '203.0.113.2');
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('This serial number was not found');
    }
  });

  it('is rate-limited per address', async () => {
    const serial = serials[2]!.serialId;
    for (let i = 0; i < QS_MAX_REQUESTS; i++) {
      const res = await call(null, 'GET', `qs/${serial}`, undefined, '198.51.100.7');
      expect(res.status).toBe(200);
    }
    const limited = await call(null, 'GET', `qs/${serial}`, undefined, '198.51.100.7');
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatch(
      /^Too many serial number look-ups from your address\. Try again in \d+ seconds\.$/,
    );
    expect((await call(null, 'GET', `qs/${serial}`, undefined, '198.51.100.8')).status).toBe(200);
  });
});

describe('plan limit', () => {
  it('a trial organisation builds 50 part numbers; the 51st is refused with the limit named and nothing is saved', async () => {
    const trial = await createTenant(t, { tier: 'trial', name: 'Trial Hose' });
    const trialIds = await sampleParts(t, trial);
    let last: HoseAssembly | undefined;
    for (let i = 0; i < 50; i++) {
      const res = await call(trial.regularToken, 'POST', 'hoseassembly/new/update', exampleInput(trialIds));
      expect(res.status, res.text).toBe(200);
      last = res.body;
    }
    const refused = await call(trial.regularToken, 'POST', 'hoseassembly/new/update', exampleInput(trialIds));
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(
      'Your plan allows 50 hose assemblies and you have 50. Upgrade your subscription to add more.',
    );
    expect(refused.body.details.upgradeUrl).toBe('/upgradesubscription');
    const duplicate = await call(trial.regularToken, 'POST', `hoseassembly/${last!._id}/duplicate`, {});
    expect(duplicate.status).toBe(403);
    expect(await countRows(trial)).toBe(50);
    // A revision is not a new part number.
    const revised = await call(
      trial.regularToken,
      'POST',
      `hoseassembly/${last!._id}/update`,
      exampleInput(trialIds),
    );
    expect(revised.status).toBe(200);
    expect(revised.body.revision).toBe('B');
    const [latest] = await t.database.withTenant(trial.organizationId, (tx) =>
      tx
        .select({ n: count() })
        .from(hoseAssemblies)
        .where(and(eq(hoseAssemblies.organizationId, trial.organizationId), eq(hoseAssemblies.latest, true))),
    );
    expect(latest?.n).toBe(50);
  });
});

describe('part numbers under concurrent saves', () => {
  it('ten assemblies saved at once get ten different generated part numbers', async () => {
    const shop = await createTenant(t, { tier: 'professional', name: 'Busy Counter' });
    const shopIds = await sampleParts(t, shop);
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        call(shop.regularToken, 'POST', 'hoseassembly/new/update', exampleInput(shopIds)),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    const numbers = results.map((r) => r.body.partNumber as string).sort();
    expect(numbers).toEqual(Array.from({ length: 10 }, (_, i) => `C-${String(i + 1).padStart(5, '0')}`));
  });
});

describe('safety before saving (ADR 22)', () => {
  let shop: TestTenant;
  let shopIds: Record<string, string>;
  beforeAll(async () => {
    shop = await createTenant(t, { tier: 'professional', name: 'Safety First Hose' });
    shopIds = await sampleParts(t, shop);
  });
  const hot = (over: Record<string, unknown> = {}) =>
    exampleInput(shopIds, { application: { tempC: 120, media: 'oil' }, ...over });

  it('refuses an application pressure above the maximum working pressure, naming the part, and saves nothing', async () => {
    const over = exampleInput(shopIds, { application: { workingPressurePsi: 4500, media: 'oil' } });
    const live = await call(shop.regularToken, 'POST', 'hoseassemblies/compute', over);
    expect(live.status).toBe(200);
    expect(live.body.errors.map((e: { code: string }) => e.code)).toEqual(['pressure']);
    const res = await call(shop.regularToken, 'POST', 'hoseassembly/new/update', over);
    expect(res.status).toBe(400);
    // The shop's users read metric: bar.
    expect(res.body.message).toBe(
      "The application's 310 bar is above the assembly's maximum working pressure of 276 bar (set by hose GEN-2SN-08). Choose parts rated for 310 bar",
    );
    expect(res.body.details.issues[0].path).toEqual(['application', 'workingPressurePsi']);
    // No confirmation lets it through.
    const confirmed = await call(shop.regularToken, 'POST', 'hoseassembly/new/update', {
      ...over,
      confirmations: [{ code: 'temperature', reason: 'We accept the risk' }],
    });
    expect(confirmed.status).toBe(400);
    expect(await countRows(shop)).toBe(0);
  });

  it('refuses a temperature above the hose’s range until it is confirmed with a reason', async () => {
    const res = await call(shop.regularToken, 'POST', 'hoseassembly/new/update', hot());
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      "Confirm with a reason before saving: 120 °C is above hose GEN-2SN-08's highest temperature of 100 °C",
    );
    const tooShort = await call(
      shop.regularToken,
      'POST',
      'hoseassembly/new/update',
      hot({ confirmations: [{ code: 'temperature', reason: ' ok ' }] }),
    );
    expect(tooShort.status).toBe(400);
    expect(tooShort.body.message).toBe('Give the reason for the confirmation in at least 3 characters');
    expect(await countRows(shop)).toBe(0);
  });

  it('saves a confirmed finding with its reason and drops confirmations of findings that do not apply', async () => {
    const res = await call(
      shop.regularToken,
      'POST',
      'hoseassembly/new/update',
      hot({
        partNumber: 'SAFE-HOT',
        confirmations: [
          { code: 'temperature', reason: '  Peaks of 120 °C for minutes only; sleeve fitted  ' },
          { code: 'bend-radius', reason: 'Not bent at all' },
        ],
      }),
    );
    expect(res.status, res.text).toBe(200);
    const saved = res.body as HoseAssembly;
    expect(saved.spec.confirmations).toEqual([
      { code: 'temperature', reason: 'Peaks of 120 °C for minutes only; sleeve fitted' },
    ]);
    expect(saved.computed.errors).toEqual([]);
    expect(saved.computed.findings).toEqual([
      {
        code: 'temperature',
        path: 'application.tempC',
        message: "120 °C is above hose GEN-2SN-08's highest temperature of 100 °C",
        reason: 'Peaks of 120 °C for minutes only; sleeve fitted',
      },
    ]);
    expect((await call(shop.regularToken, 'GET', `hoseassembly/${saved._id}`)).body).toEqual(saved);

    // A duplicate is checked again and keeps the confirmation with its reason.
    const copy = await call(shop.regularToken, 'POST', `hoseassembly/${saved._id}/duplicate`, {});
    expect(copy.status, copy.text).toBe(200);
    expect(copy.body.spec.confirmations).toEqual(saved.spec.confirmations);

    // The next revision within the hose's range needs no confirmation, and keeps none.
    const cooler = await call(
      shop.regularToken,
      'POST',
      `hoseassembly/${saved._id}/update`,
      exampleInput(shopIds, {
        application: { tempC: 80, media: 'oil' },
        confirmations: saved.spec.confirmations ?? [],
      }),
    );
    expect(cooler.status, cooler.text).toBe(200);
    expect(cooler.body.spec.confirmations).toEqual([]);
    expect(cooler.body.computed.findings).toEqual([]);
  });

  it('a cut length below the minimum free length needs a confirmation too', async () => {
    // 220 mm overall less two 55 mm cut-offs: 110 mm of -8 hose, below its 114 mm.
    const short = exampleInput(shopIds, { overallLengthMm: 220, partNumber: 'SAFE-SHORT' });
    const refused = await call(shop.regularToken, 'POST', 'hoseassembly/new/update', short);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(
      'Confirm with a reason before saving: The 110 mm cut length is below the minimum free length of 114 mm for -8 hose GEN-2SN-08',
    );
    const saved = await call(shop.regularToken, 'POST', 'hoseassembly/new/update', {
      ...short,
      confirmations: [{ code: 'free-length', reason: 'Replaces the machine maker’s own short jumper' }],
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.computed.findings[0]).toMatchObject({
      code: 'free-length',
      reason: 'Replaces the machine maker’s own short jumper',
    });
  });
});
