/**
 * Inventory through the API (packages/domain/src/inventory/contracts.ts): every kind of movement leaves the
 * on-hand figure and value a person would expect, and the warehouse's stock value agrees; stock never goes
 * below zero unless the organisation allows it, and a refusal says what is on hand in the reader's units and
 * changes nothing; bad quantities, units and places are refused with clear messages; reorder points and the
 * low-stock list; the trial tier and another organisation's ids.
 */
import { randomUUID } from 'node:crypto';
import type { LowStock, StockLevel, StockMovement, StockMovementResult } from '@hosewright/domain';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stockLevels, stockMovements, stockReservations, workOrders } from '../src/db/schema.ts';
import { componentInput } from './factories.ts';
import { bearer, createTenant, createTestApp, type TestApp, type TestTenant } from './helpers.ts';

const t: TestApp = await createTestApp();
afterAll(() => t.close());

let shop: TestTenant;
let other: TestTenant;
let hoseId: string;
let hosePart: string;
let fittingId: string;
let fittingPart: string;
let main: { id: string; a1: string; a2: string };
let van: { id: string; shelf: string };

async function post(url: string, payload: unknown, token = shop.adminToken) {
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: bearer(token),
    payload: payload as Record<string, unknown>,
  });
  return { status: res.statusCode, body: res.json() };
}

async function get(url: string, token = shop.adminToken) {
  const res = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
  return { status: res.statusCode, body: res.json() };
}

const move = (payload: Record<string, unknown>, token = shop.adminToken) =>
  post('/api/v1/inventory/movements/create', payload, token);

async function okMove(payload: Record<string, unknown>): Promise<StockMovementResult> {
  const res = await move(payload);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as StockMovementResult;
}

async function createComponent(tenant: TestTenant, kind: 'hose' | 'crimpFitting', overrides = {}) {
  const input = componentInput(kind, overrides);
  const slug = kind === 'hose' ? 'hose' : 'crimpfitting';
  const res = await post(`/api/v1/organization/${slug}/new/update`, input, tenant.adminToken);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { id: res.body._id as string, partNumber: input.partNumber };
}

async function createWarehouse(tenant: TestTenant, code: string, locations: string[], extra = {}) {
  const res = await post(
    '/api/v1/warehouse/new/update',
    { code, name: `Warehouse ${code}`, locations: locations.map((c) => ({ code: c, name: c })), ...extra },
    tenant.adminToken,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const byCode = new Map((res.body.locations as { _id: string; code: string }[]).map((l) => [l.code, l._id]));
  return { id: res.body._id as string, locations: byCode };
}

/** The line of an item at a place, from the inventory list (undefined when there is none). */
async function level(componentId: string, warehouseId: string, locationId: string | null) {
  const res = await get(`/api/v1/inventory?warehouseId=${warehouseId}&itemsPerPage=500`);
  expect(res.status).toBe(200);
  return (res.body.items as StockLevel[]).find(
    (l) => l.component._id === componentId && (l.location?._id ?? null) === locationId,
  );
}

async function ledgerRows(tenant = shop): Promise<number> {
  return t.database.withTenant(tenant.organizationId, async (tx) => {
    const [row] = await tx
      .select({ n: count() })
      .from(stockMovements)
      .where(eq(stockMovements.organizationId, tenant.organizationId));
    return row?.n ?? 0;
  });
}

async function levelRows(tenant = shop) {
  return t.database.withTenant(tenant.organizationId, (tx) =>
    tx.select().from(stockLevels).where(eq(stockLevels.organizationId, tenant.organizationId)),
  );
}

beforeAll(async () => {
  shop = await createTenant(t, { tier: 'professional', name: 'Ledger Hydraulics' });
  other = await createTenant(t, { tier: 'professional', name: 'Other Hydraulics' });
  // Metric readers: the organisation says so.
  expect((await post('/api/v1/organization/update', { unitSystem: 'metric' })).status).toBe(200);
  const hose = await createComponent(shop, 'hose', { costUnit: 'm', cost: 3 });
  hoseId = hose.id;
  hosePart = hose.partNumber;
  const fitting = await createComponent(shop, 'crimpFitting', { cost: 2.5 });
  fittingId = fitting.id;
  fittingPart = fitting.partNumber;
  const m = await createWarehouse(shop, 'MAIN', ['A1', 'A2']);
  main = { id: m.id, a1: m.locations.get('A1')!, a2: m.locations.get('A2')! };
  const v = await createWarehouse(shop, 'VAN1', ['SHELF']);
  van = { id: v.id, shelf: v.locations.get('SHELF')! };
});

describe('movements', () => {
  it('a receipt brings stock in at its cost per the item’s cost unit', async () => {
    const result = await okMove({
      type: 'receipt',
      componentId: hoseId,
      warehouseId: main.id,
      locationId: main.a1,
      quantity: 50,
      unit: 'm',
      unitCost: 4,
      reference: 'PO-1',
    });
    expect(result.movements).toHaveLength(1);
    expect(result.movements[0]).toMatchObject({
      type: 'receipt',
      quantity: 50_000,
      stockUnit: 'mm',
      value: 200,
      onHandAfter: 50_000,
      reference: 'PO-1',
      location: { code: 'A1' },
    });
    expect(result.movements[0]?.createdBy?._id).toBe(shop.adminId);
    expect(result.levels[0]).toMatchObject({ onHand: 50_000, value: 200, averageCost: 4 });
  });

  it('a return without a cost comes in at the item’s cost', async () => {
    const result = await okMove({
      type: 'return',
      componentId: hoseId,
      warehouseId: main.id,
      locationId: main.a1,
      quantity: 10,
      unit: 'm',
    });
    expect(result.movements[0]).toMatchObject({ quantity: 10_000, value: 30 });
    expect(result.levels[0]).toMatchObject({ onHand: 60_000, value: 230 });
  });

  it('a negative adjustment needs its reason and takes stock out at the average cost', async () => {
    const missing = await move({
      type: 'adjustment',
      componentId: hoseId,
      warehouseId: main.id,
      locationId: main.a1,
      quantity: -6,
      unit: 'm',
      reason: ' ',
    });
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body)).toContain('Say why the stock is adjusted');

    const result = await okMove({
      type: 'adjustment',
      componentId: hoseId,
      warehouseId: main.id,
      locationId: main.a1,
      quantity: -6,
      unit: 'm',
      reason: 'Cut for a rush job, not booked',
    });
    // 230 over 60 m is 3.8333 a metre.
    expect(result.movements[0]).toMatchObject({
      quantity: -6000,
      value: -23,
      reason: 'Cut for a rush job, not booked',
    });
    expect(result.levels[0]).toMatchObject({ onHand: 54_000, value: 207 });
    expect(result.levels[0]?.averageCost).toBeCloseTo(3.8333, 4);
  });

  it('counted parts: receipt, a positive adjustment at the average cost, scrap with its reason', async () => {
    await okMove({
      type: 'receipt',
      componentId: fittingId,
      warehouseId: main.id,
      quantity: 10,
      unit: 'each',
      unitCost: 2,
    });
    const up = await okMove({
      type: 'adjustment',
      componentId: fittingId,
      warehouseId: main.id,
      quantity: 2,
      unit: 'each',
      reason: 'Found two in the returns bin',
    });
    expect(up.levels[0]).toMatchObject({ onHand: 12, value: 24, stockUnit: 'each', location: null });

    const noReason = await move({
      type: 'scrap',
      componentId: fittingId,
      warehouseId: main.id,
      quantity: 3,
      unit: 'each',
      reason: '',
    });
    expect(noReason.status).toBe(400);
    expect(JSON.stringify(noReason.body)).toContain('Say why the stock is scrapped');

    const scrap = await okMove({
      type: 'scrap',
      componentId: fittingId,
      warehouseId: main.id,
      quantity: 3,
      unit: 'each',
      reason: 'Cracked ferrule',
    });
    expect(scrap.movements[0]).toMatchObject({ type: 'scrap', quantity: -3, value: -6, onHandAfter: 9 });
    expect(await level(fittingId, main.id, null)).toMatchObject({ onHand: 9, value: 18 });
  });

  it('a transfer between locations moves the stock and its value as two rows of one group', async () => {
    const result = await okMove({
      type: 'transfer',
      componentId: hoseId,
      from: { warehouseId: main.id, locationId: main.a1 },
      to: { warehouseId: main.id, locationId: main.a2 },
      quantity: 18,
      unit: 'm',
    });
    expect(result.movements).toHaveLength(2);
    const [out, into] = result.movements as [StockMovement, StockMovement];
    expect(out).toMatchObject({
      type: 'transfer',
      quantity: -18_000,
      location: { code: 'A1' },
      onHandAfter: 36_000,
    });
    expect(into).toMatchObject({
      type: 'transfer',
      quantity: 18_000,
      location: { code: 'A2' },
      onHandAfter: 18_000,
    });
    expect(out.groupId).toBeTruthy();
    expect(into.groupId).toBe(out.groupId);
    // 18 of 54 m: a third of 207.
    expect(out.value).toBe(-69);
    expect(into.value).toBe(69);
    expect(await level(hoseId, main.id, main.a1)).toMatchObject({ onHand: 36_000, value: 138 });
    expect(await level(hoseId, main.id, main.a2)).toMatchObject({ onHand: 18_000, value: 69 });
  });

  it('a transfer between warehouses, in feet', async () => {
    const result = await okMove({
      type: 'transfer',
      componentId: hoseId,
      from: { warehouseId: main.id, locationId: main.a2 },
      to: { warehouseId: van.id, locationId: van.shelf },
      quantity: 10,
      unit: 'ft',
      notes: 'For the service van',
    });
    expect(result.movements.map((m) => m.quantity)).toEqual([-3048, 3048]);
    expect(await level(hoseId, van.id, van.shelf)).toMatchObject({ onHand: 3048 });
    const a2 = await level(hoseId, main.id, main.a2);
    const shelf = await level(hoseId, van.id, van.shelf);
    expect((a2?.value ?? 0) + (shelf?.value ?? 0)).toBeCloseTo(69, 4);
  });

  it('a transfer to the same place is refused', async () => {
    const res = await move({
      type: 'transfer',
      componentId: hoseId,
      from: { warehouseId: main.id, locationId: main.a1 },
      to: { warehouseId: main.id, locationId: main.a1 },
      quantity: 1,
      unit: 'm',
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('Transfer to another warehouse or location');
  });

  it('the warehouse’s stock value is the sum of its lines', async () => {
    const lines = await get(`/api/v1/inventory?warehouseId=${main.id}`);
    const sum = (lines.body.items as StockLevel[]).reduce((s, l) => s + l.value, 0);
    expect(lines.body.totalValue).toBeCloseTo(sum, 4);
    expect(lines.body.currency).toBe('USD');
    const warehouse = await get(`/api/v1/warehouse/${main.id}`);
    expect(warehouse.status).toBe(200);
    expect(warehouse.body.stockValue).toBeCloseTo(sum, 4);
  });

  it('lists the ledger newest first, with who recorded each movement, by type and item', async () => {
    const all = await get('/api/v1/inventory/movements?itemsPerPage=500');
    expect(all.status).toBe(200);
    const items = all.body.items as StockMovement[];
    expect(items[0]?.type).toBe('transfer');
    expect(items.at(-1)).toMatchObject({ type: 'receipt', reference: 'PO-1' });
    expect(items[0]?.createdBy?.name).toBeTruthy();
    const scraps = await get(`/api/v1/inventory/movements?type=scrap&componentId=${fittingId}`);
    expect((scraps.body.items as StockMovement[]).map((m) => m.reason)).toEqual(['Cracked ferrule']);
    const inVan = await get(`/api/v1/inventory/movements?warehouseId=${van.id}`);
    expect(inVan.body.total).toBe(1);
  });
});

describe('stock never goes below zero unless allowed', () => {
  it('refuses taking more than is on hand, says what is there, and changes nothing', async () => {
    const rows = await ledgerRows();
    const before = await levelRows();
    const res = await move({
      type: 'scrap',
      componentId: hoseId,
      warehouseId: main.id,
      locationId: main.a1,
      quantity: 40,
      unit: 'm',
      reason: 'Kinked',
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(`Only 36.00 m of ${hosePart} is in MAIN / A1; 40.00 m was asked for`);

    const parts = await move({
      type: 'adjustment',
      componentId: fittingId,
      warehouseId: main.id,
      quantity: -10,
      unit: 'each',
      reason: 'Miscount',
    });
    expect(parts.status).toBe(409);
    expect(parts.body.message).toBe(`Only 9 of ${fittingPart} are in MAIN; 10 were asked for`);

    const transfer = await move({
      type: 'transfer',
      componentId: fittingId,
      from: { warehouseId: van.id, locationId: null },
      to: { warehouseId: main.id, locationId: null },
      quantity: 1,
      unit: 'each',
    });
    expect(transfer.status).toBe(409);
    expect(transfer.body.message).toBe(`None of ${fittingPart} is in VAN1; 1 was asked for`);

    expect(await ledgerRows()).toBe(rows);
    expect(await levelRows()).toEqual(before);
  });

  it('speaks feet to a reader who uses imperial units', async () => {
    expect((await post('/api/v1/users/update', { unitSystem: 'imperial' }, shop.regularToken)).status).toBe(
      200,
    );
    const res = await move(
      {
        type: 'scrap',
        componentId: hoseId,
        warehouseId: main.id,
        locationId: main.a1,
        quantity: 40,
        unit: 'm',
        reason: 'Kinked',
      },
      shop.regularToken,
    );
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(`Only 118.1 ft of ${hosePart} is in MAIN / A1; 131.2 ft was asked for`);
  });

  it('lets stock go below zero when the organisation allows it', async () => {
    expect((await post('/api/v1/organization/update', { allowNegativeStock: true })).status).toBe(200);
    try {
      const result = await okMove({
        type: 'scrap',
        componentId: fittingId,
        warehouseId: main.id,
        quantity: 10,
        unit: 'each',
        reason: 'Dropped the box in the yard',
      });
      expect(result.levels[0]).toMatchObject({ onHand: -1, averageCost: null });
      // What was short is restocked; at zero the line is worth nothing.
      const back = await okMove({
        type: 'receipt',
        componentId: fittingId,
        warehouseId: main.id,
        quantity: 1,
        unit: 'each',
        unitCost: 2,
      });
      expect(back.levels[0]).toMatchObject({ onHand: 0, value: 0 });
    } finally {
      expect((await post('/api/v1/organization/update', { allowNegativeStock: false })).status).toBe(200);
    }
  });
});

describe('bad input is refused with a clear message and writes nothing', () => {
  const receipt = (overrides: Record<string, unknown>) => ({
    type: 'receipt',
    componentId: hoseId,
    warehouseId: main.id,
    locationId: main.a1,
    quantity: 5,
    unit: 'm',
    ...overrides,
  });

  it.each([
    ['a quantity without its unit', () => receipt({ unit: undefined }), 400, 'Give the unit of the quantity'],
    [
      'hose counted in pieces',
      () => receipt({ unit: 'each' }),
      400,
      'This item is stocked by length: give the quantity in m, ft, in or mm',
    ],
    [
      'a part given as a length',
      () => receipt({ componentId: fittingId, locationId: null, unit: 'm' }),
      400,
      'This item is counted in pieces: give the quantity as each',
    ],
    [
      'half a fitting',
      () => receipt({ componentId: fittingId, locationId: null, unit: 'each', quantity: 1.5 }),
      400,
      'Count pieces in whole numbers',
    ],
    ['a negative receipt', () => receipt({ quantity: -5 }), 400, 'The quantity must be more than 0'],
    ['an unknown location', () => receipt({ locationId: randomUUID() }), 404, 'This location was not found'],
    [
      'a location of another warehouse',
      () => receipt({ locationId: van.shelf }),
      404,
      'This location was not found',
    ],
    ['an unknown item', () => receipt({ componentId: randomUUID() }), 404, 'This item was not found'],
    [
      'an unknown warehouse',
      () => receipt({ warehouseId: randomUUID(), locationId: null }),
      404,
      'This warehouse was not found',
    ],
  ])('%s', async (_name, payload, status, message) => {
    const rows = await ledgerRows();
    const res = await move(payload());
    expect(res.status).toBe(status);
    expect(JSON.stringify(res.body)).toContain(message);
    expect(await ledgerRows()).toBe(rows);
  });

  it('an inactive warehouse takes no stock in, but gives it out', async () => {
    const closed = await createWarehouse(shop, 'OLD', [], {});
    await okMove({
      type: 'receipt',
      componentId: fittingId,
      warehouseId: closed.id,
      quantity: 4,
      unit: 'each',
    });
    const update = await post(`/api/v1/warehouse/${closed.id}/update`, {
      code: 'OLD',
      name: 'Old yard',
      active: false,
    });
    expect(update.status, JSON.stringify(update.body)).toBe(200);
    const rows = await ledgerRows();
    const res = await move({
      type: 'receipt',
      componentId: fittingId,
      warehouseId: closed.id,
      quantity: 1,
      unit: 'each',
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toContain('Warehouse OLD (Old yard) is inactive');
    const into = await move({
      type: 'transfer',
      componentId: fittingId,
      from: { warehouseId: main.id, locationId: null },
      to: { warehouseId: closed.id, locationId: null },
      quantity: 1,
      unit: 'each',
    });
    expect(into.status).toBe(409);
    expect(await ledgerRows()).toBe(rows);
    const out = await okMove({
      type: 'transfer',
      componentId: fittingId,
      from: { warehouseId: closed.id, locationId: null },
      to: { warehouseId: main.id, locationId: null },
      quantity: 4,
      unit: 'each',
    });
    expect(out.levels.map((l) => l.onHand)).toEqual([0, 4]);
  });
});

describe('reorder points and low stock', () => {
  it('sets a reorder point in the item’s unit and lists what is low with what to order', async () => {
    // MAIN holds 36 m (A1) and 14.952 m (A2) of the hose: 50.952 m.
    const hose = await post('/api/v1/inventory/reorderpoint/update', {
      componentId: hoseId,
      warehouseId: main.id,
      reorderPoint: 60,
      reorderQuantity: null,
      unit: 'm',
    });
    expect(hose.status, JSON.stringify(hose.body)).toBe(200);
    expect(hose.body).toEqual({
      componentId: hoseId,
      warehouseId: main.id,
      reorderPoint: 60_000,
      reorderQuantity: null,
      stockUnit: 'mm',
    });
    const fitting = await post('/api/v1/inventory/reorderpoint/update', {
      componentId: fittingId,
      warehouseId: main.id,
      reorderPoint: 20,
      reorderQuantity: 100,
      unit: 'each',
    });
    expect(fitting.status).toBe(200);
    // Nothing of the fitting in the van: low at 0.
    expect(
      (
        await post('/api/v1/inventory/reorderpoint/update', {
          componentId: fittingId,
          warehouseId: van.id,
          reorderPoint: 2,
          unit: 'each',
        })
      ).status,
    ).toBe(200);

    const low = await get('/api/v1/inventory/lowstock?sort=warehouse');
    expect(low.status).toBe(200);
    const items = low.body.items as LowStock[];
    const line = (id: string, warehouseId: string) =>
      items.find((i) => i.component._id === id && i.warehouse._id === warehouseId);
    expect(line(hoseId, main.id)).toMatchObject({
      onHand: 50_952,
      reorderPoint: 60_000,
      suggestedOrder: 9048,
    });
    expect(line(fittingId, main.id)).toMatchObject({ onHand: 4, reorderPoint: 20, suggestedOrder: 100 });
    expect(line(fittingId, van.id)).toMatchObject({ onHand: 0, reorderPoint: 2, suggestedOrder: 3 });
    expect(low.body.total).toBe(3);

    const mainLow = await get(`/api/v1/inventory?warehouseId=${main.id}&low=true`);
    expect((mainLow.body.items as StockLevel[]).every((l) => l.low && l.reorderPoint !== null)).toBe(true);
    // By part number (the fitting's T-CRIMPFITTING-… before the hose's T-HOSE-…), then location.
    expect((mainLow.body.items as StockLevel[]).map((l) => l.location?.code ?? '')).toEqual(['', 'A1', 'A2']);
  });

  it('a reorder point at or above the stock only: raising the stock takes the item off the list', async () => {
    await okMove({
      type: 'receipt',
      componentId: fittingId,
      warehouseId: main.id,
      quantity: 20,
      unit: 'each',
    });
    const low = await get(`/api/v1/inventory/lowstock?warehouseId=${main.id}`);
    expect((low.body.items as LowStock[]).map((i) => i.component._id)).toEqual([hoseId]);
    const notLow = await get(`/api/v1/inventory?warehouseId=${main.id}&low=false`);
    expect((notLow.body.items as StockLevel[]).map((l) => l.component._id)).toEqual([fittingId]);
  });

  it('refuses a reorder point in the wrong unit, and a null one clears it', async () => {
    const bad = await post('/api/v1/inventory/reorderpoint/update', {
      componentId: hoseId,
      warehouseId: main.id,
      reorderPoint: 5,
      unit: 'each',
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('This item is stocked by length');
    const cleared = await post('/api/v1/inventory/reorderpoint/update', {
      componentId: hoseId,
      warehouseId: main.id,
      reorderPoint: null,
      unit: 'm',
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body.reorderPoint).toBeNull();
    const low = await get('/api/v1/inventory/lowstock');
    expect((low.body.items as LowStock[]).some((i) => i.component._id === hoseId)).toBe(false);
  });
});

describe('the list', () => {
  it('filters by text and kind and sorts by value; the total value is of every line it selects', async () => {
    const hoses = await get(`/api/v1/inventory?kind=hose`);
    expect((hoses.body.items as StockLevel[]).every((l) => l.component.kind === 'hose')).toBe(true);
    const byText = await get(`/api/v1/inventory?q=${encodeURIComponent(fittingPart.toLowerCase())}`);
    expect((byText.body.items as StockLevel[]).every((l) => l.component._id === fittingId)).toBe(true);
    const page = await get('/api/v1/inventory?sort=value&order=desc&itemsPerPage=1');
    const all = await get('/api/v1/inventory?itemsPerPage=500');
    const values = (all.body.items as StockLevel[]).map((l) => l.value);
    expect(page.body.items[0].value).toBe(Math.max(...values));
    expect(page.body.total).toBe(values.length);
    expect(page.body.totalValue).toBeCloseTo(
      values.reduce((s, v) => s + v, 0),
      4,
    );
    // A page past the end has no lines to carry the totals, and still says how many there are.
    const past = await get(`/api/v1/inventory?sort=value&itemsPerPage=1&page=${values.length + 1}`);
    expect(past.body.items).toEqual([]);
    expect(past.body.total).toBe(values.length);
    expect(past.body.totalValue).toBeCloseTo(page.body.totalValue, 4);
  });
});

describe('reserved stock', () => {
  it('shows what released work orders hold at each place, and nothing where none is held', async () => {
    const fresh = await createComponent(shop, 'crimpFitting', { cost: 1 });
    await post('/api/v1/inventory/movements/create', {
      type: 'receipt',
      componentId: fresh.id,
      warehouseId: main.id,
      locationId: main.a2,
      quantity: 10,
      unit: 'each',
    });
    await post('/api/v1/inventory/movements/create', {
      type: 'receipt',
      componentId: fresh.id,
      warehouseId: main.id,
      locationId: null,
      quantity: 5,
      unit: 'each',
    });
    await t.database.withTenant(shop.organizationId, async (tx) => {
      const [order] = await tx
        .insert(workOrders)
        .values({
          organizationId: shop.organizationId,
          number: 'WO-RES-1',
          source: 'assemblies',
          warehouseId: main.id,
        })
        .returning({ id: workOrders.id });
      await tx.insert(stockReservations).values({
        organizationId: shop.organizationId,
        workOrderId: order!.id,
        componentId: fresh.id,
        warehouseId: main.id,
        locationId: main.a2,
        quantity: 4,
      });
    });
    const lines = (await get(`/api/v1/inventory?q=${encodeURIComponent(fresh.partNumber)}`)).body
      .items as StockLevel[];
    const rows = lines.map((l) => [l.location?.code ?? null, l.onHand, l.reserved]);
    expect(rows).toHaveLength(2);
    expect(rows).toContainEqual(['A2', 10, 4]);
    expect(rows).toContainEqual([null, 5, 0]);
  });
});

describe('access', () => {
  it('answers 996 to a trial organisation', async () => {
    const trial = await createTenant(t, { tier: 'trial' });
    for (const url of ['/api/v1/inventory', '/api/v1/inventory/movements', '/api/v1/inventory/lowstock']) {
      const res = await get(url, trial.adminToken);
      expect(res.status).toBe(403);
      expect(res.body.details).toMatchObject({ guardCode: 996 });
    }
  });

  it('another organisation’s item, warehouse or location is not found, and nothing is written', async () => {
    const theirs = await createComponent(other, 'crimpFitting');
    const theirWarehouse = await createWarehouse(other, 'MAIN', ['A1']);
    const rows = await ledgerRows(other);
    const mine = await ledgerRows();
    const cases: [Record<string, unknown>, string][] = [
      [{ componentId: hoseId, warehouseId: theirWarehouse.id }, 'This item was not found'],
      [{ componentId: theirs.id, warehouseId: main.id }, 'This warehouse was not found'],
      [
        { componentId: theirs.id, warehouseId: theirWarehouse.id, locationId: main.a1 },
        'This location was not found',
      ],
    ];
    for (const [place, message] of cases) {
      const res = await move({ type: 'receipt', quantity: 1, unit: 'each', ...place }, other.adminToken);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(message);
    }
    const reorder = await post(
      '/api/v1/inventory/reorderpoint/update',
      { componentId: fittingId, warehouseId: theirWarehouse.id, reorderPoint: 1, unit: 'each' },
      other.adminToken,
    );
    expect(reorder.status).toBe(404);
    expect(await ledgerRows(other)).toBe(rows);
    expect(await ledgerRows()).toBe(mine);
    // Nor does their list show our stock.
    const list = await get('/api/v1/inventory', other.adminToken);
    expect(list.body).toMatchObject({ items: [], total: 0, totalValue: 0 });
  });
});
