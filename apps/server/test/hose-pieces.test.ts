/**
 * Hose by length in pieces (ADR 19) through the real app: a receipt is a piece with its batch and date code;
 * a work order cuts a remnant long enough first, then the oldest batch within its shelf life, never hose past
 * it; completion cuts the pieces it reserved; scrap and transfer can name a piece; the pieces list and its
 * filters; bad input changes nothing; another organisation's piece is a missing one.
 */
import type { HosePiece, WorkOrder } from '@hosewright/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exampleInput, sampleParts } from './fixtures-assemblies.ts';
import { PASSING_STEPS } from './fixtures-workorders.ts';
import { bearer, createTenant, createTestApp, type TestApp, type TestTenant } from './helpers.ts';

const t: TestApp = await createTestApp();
afterAll(() => t.close());

const HOSE = 'GEN-2SN-08';
const FITTING = 'F-SN-08-FJX90';
const FERRULE = 'FER-SN-08';

async function call(token: string, method: 'GET' | 'POST', url: string, payload?: unknown) {
  const res = await t.app.inject({
    method,
    url: `/api/v1/${url}`,
    headers: bearer(token),
    ...(method === 'POST' ? { payload: (payload ?? {}) as Record<string, unknown> } : {}),
  });
  return { status: res.statusCode, body: res.json() };
}

/** The month `n` months before this one, as a date code. */
function monthsAgo(n: number): string {
  const now = new Date();
  const index = now.getUTCFullYear() * 12 + now.getUTCMonth() - n;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

let tenant: TestTenant;
let ids: Record<string, string>;
let assemblyId: string;
const at: Record<string, string> = {};
let mainId: string;
let oldWarehouseId: string;

async function receive(
  partNumber: string,
  location: string,
  metres: number,
  origin: { batch?: string; dateCode?: string } = {},
  warehouseId = mainId,
) {
  const res = await call(tenant.adminToken, 'POST', 'inventory/movements/create', {
    type: 'receipt',
    componentId: ids[partNumber],
    warehouseId,
    locationId: warehouseId === mainId ? at[location] : null,
    quantity: metres,
    unit: partNumber === HOSE ? 'm' : 'each',
    ...origin,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
}

async function pieces(query = ''): Promise<HosePiece[]> {
  const res = await call(
    tenant.regularToken,
    'GET',
    `inventory/pieces?componentId=${ids[HOSE]}&sort=receivedAt&itemsPerPage=100${query}`,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.items as HosePiece[];
}

/** Pieces as `location batch length`, in the order received. */
const shown = (list: HosePiece[]) => list.map((p) => `${p.location?.code ?? '-'} ${p.batch} ${p.length}`);

beforeAll(async () => {
  tenant = await createTenant(t, { tier: 'professional' });
  expect(
    (await call(tenant.adminToken, 'POST', 'organization/update', { unitSystem: 'metric' })).status,
  ).toBe(200);
  ids = await sampleParts(t, tenant);
  const warehouse = await call(tenant.adminToken, 'POST', 'warehouse/new/update', {
    code: 'MAIN',
    name: 'Main shop',
    locations: ['R1', 'R2', 'R3', 'BIN'].map((code) => ({ code, name: code })),
  });
  expect(warehouse.status).toBe(200);
  mainId = warehouse.body._id;
  for (const l of warehouse.body.locations as { _id: string; code: string }[]) at[l.code] = l._id;
  const old = await call(tenant.adminToken, 'POST', 'warehouse/new/update', {
    code: 'OLD',
    name: 'Old stock',
  });
  expect(old.status).toBe(200);
  oldWarehouseId = old.body._id;
  const saved = await call(tenant.adminToken, 'POST', 'hoseassembly/new/update', exampleInput(ids));
  expect(saved.status).toBe(200);
  assemblyId = saved.body._id;
});

describe('pieces of hose', () => {
  it('a receipt is a piece with its batch, date code and use-by month', async () => {
    await receive(HOSE, 'R1', 50, { batch: 'NEW', dateCode: monthsAgo(2) });
    await receive(HOSE, 'R2', 20, { batch: 'OLD', dateCode: monthsAgo(20) });
    await receive(HOSE, 'R3', 1.2, { batch: 'REM', dateCode: monthsAgo(10) });
    await receive(HOSE, 'R3', 0.5, { batch: 'STUB' });
    await receive(FITTING, 'BIN', 20);
    await receive(FERRULE, 'BIN', 20);
    const list = await pieces();
    expect(shown(list)).toEqual(['R1 NEW 50000', 'R2 OLD 20000', 'R3 REM 1200', 'R3 STUB 500']);
    expect(list[1]).toMatchObject({
      receivedLength: 20_000,
      reserved: 0,
      dateCode: monthsAgo(20),
      // 48 months of shelf life (the default): the last month it may be used.
      useBy: monthsAgo(20 - 47),
      remnant: false,
      pastShelfLife: false,
    });
    // Shorter than the remnant length (1.5 m by default).
    expect(list.filter((p) => p.remnant).map((p) => p.batch)).toEqual(['REM', 'STUB']);
    expect(list[3]).toMatchObject({ dateCode: null, useBy: null, pastShelfLife: false });
    expect(shown(await pieces('&remnants=true'))).toEqual(['R3 REM 1200', 'R3 STUB 500']);
  });

  it('refuses a batch on a counted part and a date code that is not a month, writing nothing', async () => {
    const before = shown(await pieces());
    const onFitting = await call(tenant.adminToken, 'POST', 'inventory/movements/create', {
      type: 'receipt',
      componentId: ids[FITTING],
      warehouseId: mainId,
      locationId: at.BIN,
      quantity: 2,
      unit: 'each',
      batch: 'X',
    });
    expect([onFitting.status, onFitting.body.message]).toEqual([
      400,
      `${FITTING} is counted in pieces: only hose stocked by length has a batch, date code or piece`,
    ]);
    const badDate = await call(tenant.adminToken, 'POST', 'inventory/movements/create', {
      type: 'receipt',
      componentId: ids[HOSE],
      warehouseId: mainId,
      locationId: at.R1,
      quantity: 5,
      unit: 'm',
      dateCode: '2026-13',
    });
    expect([badDate.status, badDate.body.message]).toEqual([
      400,
      'Enter the date code as a month, e.g. 2026-03',
    ]);
    expect(shown(await pieces())).toEqual(before);
  });

  it('a work order cuts a remnant long enough first, then the oldest batch, and completion cuts those pieces', async () => {
    const created = await call(tenant.regularToken, 'POST', 'workorders/create', {
      from: 'assemblies',
      warehouseId: mainId,
      lines: [{ hoseAssemblyId: assemblyId, quantity: 3 }],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const released = await call(tenant.regularToken, 'POST', `workorder/${created.body._id}/release`);
    expect(released.status, JSON.stringify(released.body)).toBe(200);
    const order = released.body as WorkOrder;
    const hosePicks = order.picks
      .filter((p) => p.partNumber === HOSE)
      .map((p) => `${p.location?.code} ${p.piece?.batch} ${p.quantity}${p.piece?.remnant ? ' remnant' : ''}`);
    // 1.2 m remnant takes one 890 mm cut (the 0.5 m one is too short); the other two come from the batch made
    // 20 months ago, not the newer one.
    expect(hosePicks).toEqual(['R2 OLD 1780', 'R3 REM 890 remnant']);
    expect((await pieces()).map((p) => p.reserved)).toEqual([0, 1780, 890, 0]);

    let built = order;
    for (const unit of order.units) {
      for (const step of PASSING_STEPS) {
        const res = await call(
          tenant.regularToken,
          'POST',
          `workorder/${order._id}/unit/${unit._id}/step`,
          step,
        );
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        built = res.body as WorkOrder;
      }
    }
    const done = await call(tenant.regularToken, 'POST', `workorder/${built._id}/complete`);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    // The remnant leaves 310 mm (still a remnant); the old reel 18.22 m; nothing is held any more.
    const after = await pieces();
    expect(shown(after)).toEqual(['R1 NEW 50000', 'R2 OLD 18220', 'R3 REM 310', 'R3 STUB 500']);
    expect(after.map((p) => p.reserved)).toEqual([0, 0, 0, 0]);
    expect(after.find((p) => p.batch === 'REM')?.receivedLength).toBe(1200);
  });

  it('never picks hose past its shelf life, and says how much there is', async () => {
    // 60 months old with 48 months of shelf life.
    await receive(HOSE, '', 30, { batch: 'EXPIRED', dateCode: monthsAgo(60) }, oldWarehouseId);
    await receive(FITTING, '', 2, {}, oldWarehouseId);
    await receive(FERRULE, '', 2, {}, oldWarehouseId);
    const expired = (await pieces(`&warehouseId=${oldWarehouseId}`))[0];
    expect(expired).toMatchObject({ batch: 'EXPIRED', pastShelfLife: true, length: 30_000 });
    expect(shown(await pieces('&pastShelfLife=true'))).toEqual(['- EXPIRED 30000']);
    const created = await call(tenant.regularToken, 'POST', 'workorders/create', {
      from: 'assemblies',
      warehouseId: oldWarehouseId,
      lines: [{ hoseAssemblyId: assemblyId, quantity: 1 }],
    });
    expect(created.status).toBe(201);
    const refused = await call(tenant.regularToken, 'POST', `workorder/${created.body._id}/release`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      `Not enough stock in OLD to release ${created.body.number}: None of ${HOSE} is free in OLD (30.00 m more is past its shelf life); 0.89 m is needed. Receive or transfer the stock to OLD, then release again.`,
    );
    // A longer shelf life brings it back.
    const longer = await call(tenant.adminToken, 'POST', 'organization/update', { hoseShelfLifeMonths: 72 });
    expect([longer.status, longer.body.hoseShelfLifeMonths]).toEqual([200, 72]);
    try {
      expect((await pieces('&pastShelfLife=true')).length).toBe(0);
      const released = await call(tenant.regularToken, 'POST', `workorder/${created.body._id}/release`);
      expect(released.status, JSON.stringify(released.body)).toBe(200);
      expect(released.body.picks.find((p: { partNumber: string }) => p.partNumber === HOSE)).toMatchObject({
        quantity: 890,
        piece: { batch: 'EXPIRED', remnant: false, dateCode: monthsAgo(60) },
      });
      const cancelled = await call(tenant.regularToken, 'POST', `workorder/${created.body._id}/cancel`, {
        reason: 'Test over',
      });
      expect(cancelled.status).toBe(200);
    } finally {
      await call(tenant.adminToken, 'POST', 'organization/update', { hoseShelfLifeMonths: 48 });
    }
  });

  it('scrap and transfer can name a piece; a piece too short or elsewhere is refused and nothing changes', async () => {
    const list = await pieces(`&warehouseId=${mainId}`);
    const piece = (batch: string) => {
      const found = list.find((p) => p.batch === batch);
      if (!found) throw new Error(`no piece ${batch}`);
      return found._id;
    };
    const move = (body: Record<string, unknown>) =>
      call(tenant.regularToken, 'POST', 'inventory/movements/create', {
        componentId: ids[HOSE],
        unit: 'm',
        ...body,
      });
    const tooLong = await move({
      type: 'scrap',
      warehouseId: mainId,
      locationId: at.R3,
      quantity: 1,
      reason: 'Cut wrong',
      pieceId: piece('STUB'),
    });
    expect([tooLong.status, tooLong.body.message]).toEqual([
      409,
      `This piece of ${HOSE} is 0.50 m long; 1.00 m was asked for`,
    ]);
    const elsewhere = await move({
      type: 'scrap',
      warehouseId: mainId,
      locationId: at.R1,
      quantity: 0.2,
      reason: 'Damaged',
      pieceId: piece('STUB'),
    });
    expect([elsewhere.status, elsewhere.body.message]).toEqual([404, 'This piece of hose was not found']);
    expect(shown(await pieces(`&warehouseId=${mainId}`))).toEqual(shown(list));

    // Scrapping the 310 mm remnant uses it up: it leaves the list.
    const scrapped = await move({
      type: 'scrap',
      warehouseId: mainId,
      locationId: at.R3,
      quantity: 0.31,
      reason: 'Too short to use',
      pieceId: piece('REM'),
    });
    expect(scrapped.status, JSON.stringify(scrapped.body)).toBe(201);
    // 5 m of the old batch moves to R1 as a piece of its own, keeping its batch and date code.
    const moved = await move({
      type: 'transfer',
      from: { warehouseId: mainId, locationId: at.R2 },
      to: { warehouseId: mainId, locationId: at.R1 },
      quantity: 5,
      pieceId: piece('OLD'),
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(201);
    const now = await pieces(`&warehouseId=${mainId}`);
    expect(shown(now).sort()).toEqual(['R1 NEW 50000', 'R1 OLD 5000', 'R2 OLD 13220', 'R3 STUB 500']);
    expect(now.find((p) => p.location?.code === 'R1' && p.batch === 'OLD')).toMatchObject({
      dateCode: monthsAgo(20),
      receivedLength: 5000,
    });
  });

  it('a kit’s loose parts are picked with the work order and consumed at completion', async () => {
    const kit = await call(tenant.adminToken, 'POST', 'hosekit/new/update', {
      partNumber: 'KIT-LOOSE',
      lines: [
        { lineType: 'hoseAssembly', hoseAssemblyId: assemblyId, quantity: 1 },
        // 2 spare ferrules and 1 ft of hose (its cost unit) per kit, sold loose.
        { lineType: 'component', componentId: ids[FERRULE], quantity: 2 },
        { lineType: 'component', componentId: ids[HOSE], quantity: 1 },
      ],
    });
    expect(kit.status, JSON.stringify(kit.body)).toBe(200);
    const onHand = async (partNumber: string) => {
      const list = await call(
        tenant.regularToken,
        'GET',
        `inventory?warehouseId=${mainId}&q=${partNumber}&itemsPerPage=100`,
      );
      return (list.body.items as { component: { partNumber: string }; onHand: number }[])
        .filter((l) => l.component.partNumber === partNumber)
        .reduce((n, l) => n + l.onHand, 0);
    };
    const ferrulesBefore = await onHand(FERRULE);
    const hoseBefore = await onHand(HOSE);
    const created = await call(tenant.regularToken, 'POST', 'workorders/create', {
      from: 'kit',
      hoseKitId: kit.body._id,
      quantity: 1,
      warehouseId: mainId,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const released = await call(tenant.regularToken, 'POST', `workorder/${created.body._id}/release`);
    expect(released.status, JSON.stringify(released.body)).toBe(200);
    const order = released.body as WorkOrder;
    const picked = (partNumber: string) =>
      order.picks.filter((p) => p.partNumber === partNumber).reduce((n, p) => n + p.quantity, 0);
    // Two ferrules on the unit and two loose; 890 mm for the unit and 304.8 mm loose.
    expect(picked(FERRULE)).toBe(4);
    expect(picked(HOSE)).toBe(1194.8);
    for (const unit of order.units) {
      for (const step of PASSING_STEPS) {
        const res = await call(
          tenant.regularToken,
          'POST',
          `workorder/${order._id}/unit/${unit._id}/step`,
          step,
        );
        expect(res.status, JSON.stringify(res.body)).toBe(200);
      }
    }
    const done = await call(tenant.regularToken, 'POST', `workorder/${order._id}/complete`);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(await onHand(FERRULE)).toBe(ferrulesBefore - 4);
    expect(await onHand(HOSE)).toBeCloseTo(hoseBefore - 1194.8, 1);
  });

  it('another organisation’s piece answers like a missing one', async () => {
    const other = await createTenant(t, { tier: 'professional' });
    const theirs = await call(other.regularToken, 'GET', 'inventory/pieces');
    expect([theirs.status, theirs.body.total]).toEqual([200, 0]);
    const mine = (await pieces())[0];
    const otherIds = await sampleParts(t, other);
    const wh = await call(other.adminToken, 'POST', 'warehouse/new/update', { code: 'X', name: 'X' });
    const res = await call(other.adminToken, 'POST', 'inventory/movements/create', {
      type: 'scrap',
      componentId: otherIds[HOSE],
      warehouseId: wh.body._id,
      locationId: null,
      quantity: 0.1,
      unit: 'm',
      reason: 'Probe',
      pieceId: mine?._id,
    });
    expect([res.status, res.body.message]).toEqual([404, 'This piece of hose was not found']);
  });
});
