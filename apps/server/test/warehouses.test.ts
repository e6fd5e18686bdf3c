/**
 * Warehouses and their locations through the real app: create and edit with the whole list of locations,
 * the default warehouse, code conflicts, what stock and history prevent (removing a location, deleting a
 * warehouse), the list's search, filter, sort and stock columns, roles, tiers and tenant isolation.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stockLevels, stockMovements, warehouseLocations, warehouses, workOrders } from '../src/db/schema.ts';
import { componentInput } from './factories.ts';
import { bearer, createTenant, createTestApp, type TestApp, type TestTenant } from './helpers.ts';

interface Location {
  _id: string;
  code: string;
  name: string;
}
interface Warehouse {
  _id: string;
  code: string;
  name: string;
  kind: string;
  region: string;
  isDefault: boolean;
  active: boolean;
  locations: Location[];
  stockLines: number;
  stockValue: number;
}

describe('warehouses', () => {
  let t: TestApp;
  let shop: TestTenant;
  let other: TestTenant;

  beforeAll(async () => {
    t = await createTestApp();
    shop = await createTenant(t, { tier: 'professional', name: 'Prairie Hose' });
    other = await createTenant(t, { tier: 'enterprise', name: 'Other Hose' });
  });
  afterAll(() => t.close());

  const get = (url: string, token = shop.adminToken) =>
    t.app.inject({ method: 'GET', url: `/api/v1/${url}`, headers: bearer(token) });
  const post = (url: string, payload: unknown = {}, token = shop.adminToken) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/${url}`,
      headers: bearer(token),
      payload: payload as Record<string, unknown>,
    });

  async function save(id: string, payload: Record<string, unknown>, token = shop.adminToken) {
    const res = await post(`warehouse/${id}/update`, payload, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Warehouse;
  }
  const create = (payload: Record<string, unknown>, token = shop.adminToken) => save('new', payload, token);

  // PGlite runs one transaction at a time, so only PostgreSQL can make two saves meet.
  it.skipIf(!process.env.DATABASE_URL)(
    'two people creating the same code at the same moment: one is saved, the other is told (409, not 500)',
    async () => {
      // A shop of its own: the other tests count on the first warehouse of theirs.
      const racers = await createTenant(t, { tier: 'professional', name: 'Racing Hose' });
      const code = `RACE-${Date.now() % 100000}`;
      const answers = await Promise.all(
        [racers.adminToken, racers.regularToken].map((token) =>
          post('warehouse/new/update', { code, name: `Yard ${code}` }, token),
        ),
      );
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      const refused = answers.find((a) => a.statusCode === 409)!.json();
      expect(refused.code).toBe('CONFLICT');
      const list = await get(`warehouses?q=${code}`, racers.adminToken);
      expect(list.json().total).toBe(1);
    },
  );

  /** The input that keeps a warehouse as it is (what an editor sends back). */
  const inputOf = (w: Warehouse) => ({
    code: w.code,
    name: w.name,
    kind: w.kind,
    region: w.region,
    active: w.active,
    locations: w.locations.map((l) => ({ _id: l._id, code: l.code, name: l.name })),
  });

  /** A component of `tenant` to hold stock of. */
  async function component(tenant: TestTenant): Promise<string> {
    const res = await post(
      'organization/otheritem/new/update',
      componentInput('otherItem'),
      tenant.adminToken,
    );
    expect(res.statusCode, res.body).toBe(200);
    return res.json()._id;
  }

  /** Stock as the inventory module keeps it (a level, and the movement behind it when asked). */
  async function putStock(
    tenant: TestTenant,
    place: { warehouseId: string; locationId: string | null },
    onHand: number,
    value: number,
    options: { movement?: boolean } = {},
  ): Promise<void> {
    const componentId = await component(tenant);
    await t.database.withTenant(tenant.organizationId, async (tx) => {
      await tx
        .insert(stockLevels)
        .values({ organizationId: tenant.organizationId, componentId, ...place, onHand, value });
      if (options.movement) {
        await tx.insert(stockMovements).values({
          organizationId: tenant.organizationId,
          type: 'adjustment',
          componentId,
          ...place,
          quantity: onHand,
          value,
          onHandAfter: onHand,
        });
      }
    });
  }

  describe('create and edit', () => {
    let first: Warehouse;

    it('creates the first warehouse as the default, with its locations in order', async () => {
      first = await create({
        code: 'MAIN',
        name: 'Main warehouse',
        region: 'Central Alberta',
        address: {
          line1: '4810 Gaetz Ave',
          line2: '',
          city: 'Red Deer',
          region: 'AB',
          postalCode: 'T4N 4A4',
          country: 'Canada',
        },
        locations: [
          { code: 'B2', name: 'Aisle B' },
          { code: 'A1', name: 'Aisle A' },
        ],
      });
      expect(first).toMatchObject({
        code: 'MAIN',
        name: 'Main warehouse',
        kind: 'warehouse',
        region: 'Central Alberta',
        notes: '',
        isDefault: true,
        active: true,
        stockLines: 0,
        stockValue: 0,
        address: { city: 'Red Deer', postalCode: 'T4N 4A4' },
      });
      expect(first.locations.map((l) => [l.code, l.name])).toEqual([
        ['B2', 'Aisle B'],
        ['A1', 'Aisle A'],
      ]);
      const res = await get(`warehouse/${first._id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(first);
    });

    it('answers the default warehouse to /defaultwarehouse', async () => {
      const res = await get('organization/defaultwarehouse');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ defaultWarehouseName: 'Main warehouse', defaultWarehouseCode: 'MAIN' });
    });

    it('keeps locations sent with their id, adds new ones, removes left-out ones and reorders', async () => {
      const [b2, a1] = first.locations as [Location, Location];
      const updated = await save(first._id, {
        ...inputOf(first),
        name: 'Main shop',
        locations: [
          { _id: a1._id, code: 'A1', name: 'Aisle A (front)' },
          { code: 'C3', name: 'Hose reels' },
        ],
      });
      expect(updated.name).toBe('Main shop');
      expect(updated.isDefault).toBe(true); // isDefault left out: kept
      expect(updated.locations.map((l) => [l.code, l.name])).toEqual([
        ['A1', 'Aisle A (front)'],
        ['C3', 'Hose reels'],
      ]);
      expect(updated.locations[0]?._id).toBe(a1._id);
      const stored = await t.database.withTenant(shop.organizationId, (tx) =>
        tx.select().from(warehouseLocations).where(eq(warehouseLocations.id, b2._id)),
      );
      expect(stored).toEqual([]);
      first = updated;
    });

    it('swaps two location codes in one save', async () => {
      const [a1, c3] = first.locations as [Location, Location];
      const swapped = await save(first._id, {
        ...inputOf(first),
        locations: [
          { _id: a1._id, code: 'C3', name: a1.name },
          { _id: c3._id, code: 'A1', name: c3.name },
        ],
      });
      expect(swapped.locations).toEqual([
        { _id: a1._id, code: 'C3', name: a1.name },
        { _id: c3._id, code: 'A1', name: c3.name },
      ]);
      first = swapped;
    });

    it('refuses a location id of another warehouse as not found, changing nothing', async () => {
      const van = await create({ code: 'VAN-1', name: 'Van one', kind: 'van', locations: [{ code: 'R1' }] });
      const res = await post(`warehouse/${first._id}/update`, {
        ...inputOf(first),
        locations: [...inputOf(first).locations, { _id: van.locations[0]?._id, code: 'R1' }],
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('This location was not found');
      expect((await get(`warehouse/${van._id}`)).json().locations).toEqual(van.locations);
      expect(van).toMatchObject({ kind: 'van', isDefault: false });
    });

    it('refuses a code another warehouse uses, in any case', async () => {
      const res = await post('warehouse/new/update', { code: 'main', name: 'Second main' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'CONFLICT',
        message: 'Warehouse code main is already used by Main shop',
      });
      // Its own code is no conflict; another organisation may use it.
      expect((await save(first._id, { ...inputOf(first), code: 'Main' })).code).toBe('Main');
      expect((await create({ code: 'MAIN', name: 'Theirs' }, other.adminToken)).isDefault).toBe(true);
    });

    it('explains bad input and changes nothing', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ code: '', name: 'No code' }, 'Enter the warehouse code'],
        [{ code: '   ', name: 'Blank code' }, 'Enter the warehouse code'],
        [{ code: 'X1' }, 'Enter the warehouse name'],
        [{ code: 'X1', name: 'Bad kind', kind: 'truck' }, 'A warehouse is a warehouse or a van'],
        [{ code: '#1', name: 'Odd' }, 'Use letters, digits, spaces and . _ / - only in the code'],
        [
          { code: 'X1', name: 'Twice', locations: [{ code: 'A1' }, { code: 'a1' }] },
          'Each location code can be used once in a warehouse',
        ],
        [{ code: 'X1', name: 'Empty bin', locations: [{ code: '' }] }, 'Enter the location code'],
      ];
      for (const [payload, message] of cases) {
        const res = await post('warehouse/new/update', payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json().message).toBe(message);
      }
      const list = await get('warehouses?q=x1');
      expect(list.json().total).toBe(0);
    });
  });

  describe('the default warehouse', () => {
    let tenant: TestTenant;
    beforeAll(async () => {
      tenant = await createTenant(t, { tier: 'professional' });
    });

    it('moves when another is made the default, and cannot be unset or deactivated', async () => {
      const a = await create({ code: 'A', name: 'Alpha' }, tenant.adminToken);
      const b = await create({ code: 'B', name: 'Bravo', isDefault: false }, tenant.adminToken);
      expect([a.isDefault, b.isDefault]).toEqual([true, false]);

      for (const change of [{ isDefault: false }, { active: false }]) {
        const res = await post(`warehouse/${a._id}/update`, { ...inputOf(a), ...change }, tenant.adminToken);
        expect(res.statusCode, JSON.stringify(change)).toBe(409);
        expect(res.json().message).toMatch(/^Make another warehouse the default first/);
      }

      const bDefault = await save(b._id, { ...inputOf(b), isDefault: true }, tenant.regularToken);
      expect(bDefault.isDefault).toBe(true);
      expect((await get(`warehouse/${a._id}`, tenant.adminToken)).json().isDefault).toBe(false);
      expect((await get('organization/defaultwarehouse', tenant.adminToken)).json()).toEqual({
        defaultWarehouseName: 'Bravo',
        defaultWarehouseCode: 'B',
      });
      // The former default may now be deactivated.
      expect((await save(a._id, { ...inputOf(a), active: false }, tenant.adminToken)).active).toBe(false);
    });

    it('answers an empty default before any warehouse exists', async () => {
      const fresh = await createTenant(t, { tier: 'professional' });
      expect((await get('organization/defaultwarehouse', fresh.adminToken)).json()).toEqual({
        defaultWarehouseName: '',
        defaultWarehouseCode: '',
      });
    });
  });

  describe('stock', () => {
    let tenant: TestTenant;
    beforeAll(async () => {
      tenant = await createTenant(t, { tier: 'professional' });
    });

    it('counts stock lines and value per warehouse, in the list and one by one', async () => {
      const main = await create(
        { code: 'MAIN', name: 'Main', locations: [{ code: 'A1' }, { code: 'A2' }] },
        tenant.adminToken,
      );
      const van = await create({ code: 'VAN', name: 'Van', kind: 'van' }, tenant.adminToken);
      const [a1, a2] = main.locations as [Location, Location];
      await putStock(tenant, { warehouseId: main._id, locationId: a1._id }, 10, 125.5);
      await putStock(tenant, { warehouseId: main._id, locationId: null }, 2, 20);
      await putStock(tenant, { warehouseId: main._id, locationId: a2._id }, 0, 0);

      const one = (await get(`warehouse/${main._id}`, tenant.adminToken)).json() as Warehouse;
      expect([one.stockLines, one.stockValue]).toEqual([2, 145.5]);
      const list = (await get('warehouses', tenant.adminToken)).json() as { items: Warehouse[] };
      expect(list.items.map((w) => [w.code, w.stockLines, w.stockValue])).toEqual([
        ['MAIN', 2, 145.5],
        ['VAN', 0, 0],
      ]);
      expect(list.items[0]?.locations.map((l) => l.code)).toEqual(['A1', 'A2']);
      expect(van.stockLines).toBe(0);
    });

    it('refuses to remove a location holding stock or with history, naming it, and keeps it', async () => {
      const wh = await create(
        { code: 'YARD', name: 'Yard', locations: [{ code: 'Y1' }, { code: 'Y2' }, { code: 'Y3' }] },
        tenant.adminToken,
      );
      const [y1, y2, y3] = wh.locations as [Location, Location, Location];
      await putStock(tenant, { warehouseId: wh._id, locationId: y1._id }, 4, 40);
      const res = await post(
        `warehouse/${wh._id}/update`,
        { ...inputOf(wh), locations: [{ _id: y3._id, code: 'Y3' }] },
        tenant.adminToken,
      );
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('Location Y1 holds stock: move it before removing the location');
      expect(((await get(`warehouse/${wh._id}`, tenant.adminToken)).json() as Warehouse).locations).toEqual(
        wh.locations,
      );

      // History alone (stock back to zero) keeps the location too.
      await putStock(tenant, { warehouseId: wh._id, locationId: y2._id }, 0, 0, { movement: true });
      const both = await post(
        `warehouse/${wh._id}/update`,
        { ...inputOf(wh), locations: [{ _id: y3._id, code: 'Y3' }] },
        tenant.adminToken,
      );
      expect(both.statusCode).toBe(409);
      expect(both.json().message).toBe('Locations Y1, Y2 hold stock: move it before removing the locations');

      // An empty location goes.
      const kept = await save(
        wh._id,
        {
          ...inputOf(wh),
          locations: [
            { _id: y1._id, code: 'Y1' },
            { _id: y2._id, code: 'Y2' },
          ],
        },
        tenant.adminToken,
      );
      expect(kept.locations.map((l) => l.code)).toEqual(['Y1', 'Y2']);
    });
  });

  describe('delete', () => {
    let tenant: TestTenant;
    let main: Warehouse;
    beforeAll(async () => {
      tenant = await createTenant(t, { tier: 'enterprise' });
      main = await create({ code: 'MAIN', name: 'Main' }, tenant.adminToken);
    });

    it('refuses the default warehouse', async () => {
      const res = await post(`warehouse/${main._id}/delete`, {}, tenant.adminToken);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('Make another warehouse the default before deleting this one');
    });

    it('refuses a warehouse holding stock, then one with history, and keeps them', async () => {
      const van = await create(
        { code: 'VAN-2', name: 'Van 2', locations: [{ code: 'R' }] },
        tenant.adminToken,
      );
      await putStock(tenant, { warehouseId: van._id, locationId: van.locations[0]?._id ?? null }, 3, 9);
      const res = await post(`warehouse/${van._id}/delete`, {}, tenant.adminToken);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('Warehouse VAN-2 holds stock: move or adjust it to zero first');

      const old = await create({ code: 'VAN-3', name: 'Van 3' }, tenant.adminToken);
      await putStock(tenant, { warehouseId: old._id, locationId: null }, 0, 0, { movement: true });
      const history = await post(`warehouse/${old._id}/delete`, {}, tenant.adminToken);
      expect(history.statusCode).toBe(409);
      expect(history.json().message).toMatch(/^Warehouse VAN-3 has stock history.*make it inactive/);
      expect((await get(`warehouse/${van._id}`, tenant.adminToken)).statusCode).toBe(200);
      expect((await get(`warehouse/${old._id}`, tenant.adminToken)).statusCode).toBe(200);
    });

    it('refuses a warehouse a work order picks from (the order keeps its record)', async () => {
      const picked = await create({ code: 'YARD', name: 'Yard' }, tenant.adminToken);
      await t.database.withTenant(tenant.organizationId, (tx) =>
        tx.insert(workOrders).values({
          organizationId: tenant.organizationId,
          number: 'WO-90001',
          source: 'assemblies',
          warehouseId: picked._id,
        }),
      );
      const res = await post(`warehouse/${picked._id}/delete`, {}, tenant.adminToken);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(
        'Warehouse YARD is the warehouse of work order WO-90001: make it inactive instead of deleting it',
      );
      expect((await get(`warehouse/${picked._id}`, tenant.adminToken)).statusCode).toBe(200);
    });

    it('lets an admin delete an empty warehouse with its locations; not a regular member', async () => {
      const empty = await create(
        { code: 'SPARE', name: 'Spare', locations: [{ code: 'S1' }] },
        tenant.regularToken,
      );
      const refused = await post(`warehouse/${empty._id}/delete`, {}, tenant.regularToken);
      expect(refused.statusCode).toBe(403);
      expect((await get(`warehouse/${empty._id}`, tenant.adminToken)).statusCode).toBe(200);

      const res = await post(`warehouse/${empty._id}/delete`, {}, tenant.adminToken);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ ok: true });
      const missing = await get(`warehouse/${empty._id}`, tenant.adminToken);
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe('This warehouse was not found');
      const locations = await t.database.withTenant(tenant.organizationId, (tx) =>
        tx
          .select()
          .from(warehouseLocations)
          .where(
            and(
              eq(warehouseLocations.organizationId, tenant.organizationId),
              eq(warehouseLocations.warehouseId, empty._id),
            ),
          ),
      );
      expect(locations).toEqual([]);
    });
  });

  describe('the list', () => {
    let tenant: TestTenant;
    beforeAll(async () => {
      tenant = await createTenant(t, { tier: 'professional' });
      for (const w of [
        { code: 'MAIN', name: 'Main warehouse', region: 'Red Deer' },
        { code: 'VAN-1', name: 'Service van 1', kind: 'van', region: 'Calgary' },
        { code: 'VAN-2', name: 'Service van 2', kind: 'van', region: 'Edmonton', active: false },
        { code: 'YARD_1', name: '100% yard', region: 'Red Deer' },
      ]) {
        await create(w, tenant.adminToken);
      }
    });
    const codes = async (query: string) => {
      const res = await get(`warehouses?${query}`, tenant.regularToken);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as { items: Warehouse[]; total: number; page: number };
      return { codes: body.items.map((w) => w.code), total: body.total, page: body.page };
    };

    it('searches code, name and region, case-insensitively, with wildcards taken literally', async () => {
      expect((await codes('q=van')).codes).toEqual(['VAN-1', 'VAN-2']);
      expect((await codes('q=RED DEER')).codes).toEqual(['MAIN', 'YARD_1']);
      expect((await codes('q=edmon')).codes).toEqual(['VAN-2']);
      expect((await codes('q=100%25')).codes).toEqual(['YARD_1']);
      expect((await codes('q=_')).codes).toEqual(['YARD_1']);
      expect((await codes('q=%25')).codes).toEqual(['YARD_1']);
    });

    it('filters by active, sorts and pages', async () => {
      expect((await codes('active=false')).codes).toEqual(['VAN-2']);
      expect((await codes('active=true')).codes).toEqual(['MAIN', 'VAN-1', 'YARD_1']);
      expect((await codes('sort=code&order=desc')).codes).toEqual(['YARD_1', 'VAN-2', 'VAN-1', 'MAIN']);
      expect((await codes('sort=name')).codes).toEqual(['YARD_1', 'MAIN', 'VAN-1', 'VAN-2']);
      expect((await codes('sort=region')).codes).toEqual(['VAN-1', 'VAN-2', 'MAIN', 'YARD_1']);
      expect((await codes('sort=kind&order=desc')).codes).toEqual(['MAIN', 'YARD_1', 'VAN-1', 'VAN-2']);
      expect((await codes('sort=kind')).codes).toEqual(['VAN-1', 'VAN-2', 'MAIN', 'YARD_1']);
      expect(await codes('itemsPerPage=3&page=2')).toEqual({ codes: ['YARD_1'], total: 4, page: 2 });
      expect(await codes('itemsPerPage=2&page=1')).toEqual({ codes: ['MAIN', 'VAN-1'], total: 4, page: 1 });
    });
  });

  describe('access', () => {
    it('answers 996 to a trial organisation', async () => {
      const trial = await createTenant(t, { tier: 'trial' });
      for (const res of [
        await get('warehouses', trial.adminToken),
        await post('warehouse/new/update', { code: 'T', name: 'Trial' }, trial.adminToken),
      ]) {
        expect(res.statusCode).toBe(403);
        expect(res.json().details).toMatchObject({ guardCode: 996 });
      }
      const count = await t.database.withTenant(trial.organizationId, (tx) =>
        tx.select().from(warehouses).where(eq(warehouses.organizationId, trial.organizationId)),
      );
      expect(count).toEqual([]);
    });

    it("answers another organisation's warehouse exactly like a missing one", async () => {
      const theirs = await create(
        { code: 'THEIRS', name: 'Theirs', locations: [{ code: 'T1' }] },
        other.adminToken,
      );
      const missing = '00000000-0000-4000-8000-000000000000';
      for (const id of [theirs._id, missing]) {
        const read = await get(`warehouse/${id}`);
        const write = await post(`warehouse/${id}/update`, { code: 'MINE', name: 'Mine' });
        const del = await post(`warehouse/${id}/delete`);
        for (const res of [read, write, del]) {
          expect(res.statusCode).toBe(404);
          expect(res.json().message).toBe('This warehouse was not found');
        }
      }
      // Their location id in our warehouse is not found either.
      const mine = (await get('warehouses?q=main')).json().items[0] as Warehouse;
      const res = await post(`warehouse/${mine._id}/update`, {
        ...inputOf(mine),
        locations: [{ _id: theirs.locations[0]?._id, code: 'T1' }],
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('This location was not found');
      expect((await get(`warehouse/${theirs._id}`, other.adminToken)).json()).toMatchObject({
        code: 'THEIRS',
        name: 'Theirs',
      });
      expect((await get('warehouses?q=theirs')).json().total).toBe(0);
    });
  });
});
