/**
 * Work orders through the real app (packages/domain/src/workorders/contracts.ts, ADR 18): a draft made from
 * assemblies, a kit or a scanned tag, numbered from the organisation's pattern; release reserves the stock
 * every unit needs (hose by length, one piece per unit from one place; parts by the piece) and numbers the
 * units with their crimp targets; a shortage is refused naming every item unless negative stock is allowed;
 * cancel frees the stock; the update and delete rules; the list, the global search, the trial tier and
 * another organisation's ids. On PostgreSQL, two releases racing for the last metre of hose.
 */
import { AppErrorCode, SERIAL_ID_PATTERN, type WorkOrder, type WorkOrderSummary } from '@hosewright/domain';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stockReservations, workOrderLines, workOrders, workOrderUnits } from '../src/db/schema.ts';
import { AppError } from '../src/lib/errors.ts';
import { allocateStock, releaseWorkOrder } from '../src/modules/workorders/service.ts';
import { exampleInput, sampleParts } from './fixtures-assemblies.ts';
import { bearer, createTenant, createTestApp, type TestApp, type TestTenant } from './helpers.ts';

const t: TestApp = await createTestApp();
afterAll(() => t.close());

const HOSE = 'GEN-2SN-08';
const FITTING = 'F-SN-08-FJX90';
const FERRULE = 'FER-SN-08';
const MISSING = '00000000-0000-4000-8000-000000000000';

async function call(token: string, method: 'GET' | 'POST', url: string, payload?: unknown) {
  const res = await t.app.inject({
    method,
    url: `/api/v1/${url}`,
    headers: bearer(token),
    ...(method === 'POST' ? { payload: (payload ?? {}) as Record<string, unknown> } : {}),
  });
  return { status: res.statusCode, body: res.json() };
}

/** A shop with the sample catalogue, a warehouse MAIN (locations R1, R2, BIN) and the worked example. */
interface Shop {
  tenant: TestTenant;
  ids: Record<string, string>;
  main: { id: string; r1: string; r2: string; bin: string };
  /** The worked example: 1,000 mm overall, 890 mm cut. */
  assemblyId: string;
}

async function equip(tenant: TestTenant, assembly: Record<string, unknown> = {}): Promise<Shop> {
  const units = await call(tenant.adminToken, 'POST', 'organization/update', { unitSystem: 'metric' });
  expect(units.status).toBe(200);
  const ids = await sampleParts(t, tenant);
  const warehouse = await call(tenant.adminToken, 'POST', 'warehouse/new/update', {
    code: 'MAIN',
    name: 'Main shop',
    locations: ['R1', 'R2', 'BIN'].map((code) => ({ code, name: code })),
  });
  expect(warehouse.status, JSON.stringify(warehouse.body)).toBe(200);
  const at = new Map(
    (warehouse.body.locations as { _id: string; code: string }[]).map((l) => [l.code, l._id]),
  );
  const saved = await call(tenant.adminToken, 'POST', 'hoseassembly/new/update', exampleInput(ids, assembly));
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return {
    tenant,
    ids,
    main: { id: warehouse.body._id, r1: at.get('R1')!, r2: at.get('R2')!, bin: at.get('BIN')! },
    assemblyId: saved.body._id,
  };
}

async function receive(
  s: Shop,
  partNumber: string,
  locationId: string | null,
  quantity: number,
  unit: 'm' | 'each',
  warehouseId = s.main.id,
) {
  const res = await call(s.tenant.adminToken, 'POST', 'inventory/movements/create', {
    type: 'receipt',
    componentId: s.ids[partNumber],
    warehouseId,
    locationId,
    quantity,
    unit,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
}

async function createOk(s: Shop, payload: Record<string, unknown>, token = s.tenant.regularToken) {
  const res = await call(token, 'POST', 'workorders/create', payload);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as WorkOrder;
}

const fromAssembly = (s: Shop, quantity: number, extra: Record<string, unknown> = {}) =>
  createOk(s, { from: 'assemblies', lines: [{ hoseAssemblyId: s.assemblyId, quantity }], ...extra });

async function release(s: Shop, id: string) {
  return call(s.tenant.regularToken, 'POST', `workorder/${id}/release`);
}

async function releaseOk(s: Shop, id: string): Promise<WorkOrder> {
  const res = await release(s, id);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as WorkOrder;
}

async function read(s: Shop, id: string): Promise<WorkOrder> {
  const res = await call(s.tenant.regularToken, 'GET', `workorder/${id}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as WorkOrder;
}

/** Picks as `part @ location: quantity`, sorted, to compare whole pick lists. */
const picksOf = (wo: WorkOrder) =>
  wo.picks.map((p) => `${p.partNumber} @ ${p.location?.code ?? '-'}: ${p.quantity}`).sort();

const material = (wo: WorkOrder, partNumber: string) => wo.materials.find((m) => m.partNumber === partNumber);

async function tableCounts(tenant: TestTenant) {
  return t.database.withTenant(tenant.organizationId, async (tx) => {
    const n = async (table: typeof workOrders | typeof workOrderLines | typeof workOrderUnits) => {
      const [row] = await tx
        .select({ n: count() })
        .from(table)
        .where(eq(table.organizationId, tenant.organizationId));
      return row?.n ?? 0;
    };
    const [reserved] = await tx
      .select({ n: count() })
      .from(stockReservations)
      .where(eq(stockReservations.organizationId, tenant.organizationId));
    return {
      orders: await n(workOrders),
      lines: await n(workOrderLines),
      units: await n(workOrderUnits),
      reservations: reserved?.n ?? 0,
    };
  });
}

async function setStatus(tenant: TestTenant, id: string, status: string) {
  await t.database.withTenant(tenant.organizationId, (tx) =>
    tx.update(workOrders).set({ status }).where(eq(workOrders.id, id)),
  );
}

let shop: Shop;
let other: Shop;
let customerId: string;
/** A second assembly: 500 mm overall, 390 mm cut, no customer. */
let shortAssemblyId: string;

beforeAll(async () => {
  const a = await createTenant(t, { tier: 'professional', name: 'Bench Hydraulics' });
  const customer = await call(a.adminToken, 'POST', 'customer/new/update', { name: 'Prairie Excavating' });
  expect(customer.status).toBe(200);
  customerId = customer.body._id;
  shop = await equip(a, { customerId });
  other = await equip(await createTenant(t, { tier: 'professional', name: 'Other Hose' }));
  const short = await call(
    a.adminToken,
    'POST',
    'hoseassembly/new/update',
    exampleInput(shop.ids, { overallLengthMm: 500 }),
  );
  expect(short.status, JSON.stringify(short.body)).toBe(200);
  shortAssemblyId = short.body._id;
});

describe('creating a draft', () => {
  it('from assemblies: numbered, the assembly’s customer and the default warehouse, what it needs', async () => {
    const wo = await fromAssembly(shop, 2, {
      dueDate: '2026-12-01',
      priority: 'high',
      description: 'Loader boom hoses',
    });
    expect(wo).toMatchObject({
      number: 'WO-00001',
      status: 'draft',
      priority: 'high',
      source: 'assemblies',
      customer: { _id: customerId, name: 'Prairie Excavating' },
      warehouse: { _id: shop.main.id, code: 'MAIN', name: 'Main shop' },
      hoseKit: null,
      dueDate: '2026-12-01',
      description: 'Loader boom hoses',
      cancelReason: '',
      units: [],
      picks: [],
      unitCount: 2,
      unitsReady: 0,
      releasedAt: null,
      completedAt: null,
    });
    expect(wo.createdBy?._id).toBe(shop.tenant.regularId);
    expect(wo.lines).toHaveLength(1);
    expect(wo.lines[0]).toMatchObject({
      position: 1,
      quantity: 2,
      replacesSerialId: null,
      hoseAssembly: {
        _id: shop.assemblyId,
        title: 'C-00001_A',
        cutLengthMm: 890,
        overallLengthMm: 1000,
        workingPressurePsi: 4000,
        skive: false,
      },
    });
    // Hose by length (two cuts of 890 mm), fittings and ferrules by the piece; nothing in stock yet.
    expect(wo.materials.map((m) => [m.partNumber, m.kind, m.stockUnit, m.quantity, m.available])).toEqual([
      [HOSE, 'hose', 'mm', 1780, 0],
      [FITTING, 'crimpFitting', 'each', 4, 0],
      [FERRULE, 'ferrule', 'each', 4, 0],
    ]);
    expect(await read(shop, wo._id)).toEqual(wo);
  });

  it('the customer and warehouse given win; a customer of null means none', async () => {
    const van = await call(shop.tenant.adminToken, 'POST', 'warehouse/new/update', {
      code: 'VAN1',
      name: 'Van',
    });
    expect(van.status).toBe(200);
    const wo = await fromAssembly(shop, 1, { customerId: null, warehouseId: van.body._id });
    expect(wo.customer).toBeNull();
    expect(wo.warehouse).toMatchObject({ _id: van.body._id, code: 'VAN1' });
    const none = await createOk(shop, {
      from: 'assemblies',
      lines: [{ hoseAssemblyId: shortAssemblyId, quantity: 1 }],
    });
    expect(none.customer).toBeNull();
  });

  it('refuses bad input with the field and a clear message, and keeps nothing', async () => {
    const before = await tableCounts(shop.tenant);
    const cases: [Record<string, unknown>, string, (string | number)[]][] = [
      [
        { from: 'assemblies', lines: [{ hoseAssemblyId: MISSING, quantity: 1 }] },
        'Line 1: the hose assembly was not found; choose it again',
        ['lines', 0, 'hoseAssemblyId'],
      ],
      [
        // Another organisation's assembly is as missing as one that never existed.
        {
          from: 'assemblies',
          lines: [
            { hoseAssemblyId: shop.assemblyId, quantity: 1 },
            { hoseAssemblyId: other.assemblyId, quantity: 1 },
          ],
        },
        'Line 2: the hose assembly was not found; choose it again',
        ['lines', 1, 'hoseAssemblyId'],
      ],
      [
        { from: 'assemblies', lines: [{ hoseAssemblyId: shop.assemblyId, quantity: 0 }] },
        'Build at least 1',
        ['lines', 0, 'quantity'],
      ],
      [{ from: 'assemblies', lines: [] }, 'Add at least one hose assembly to build', ['lines']],
      [
        {
          from: 'assemblies',
          lines: [{ hoseAssemblyId: shop.assemblyId, quantity: 1 }],
          dueDate: '2026-02-30x',
        },
        'Write the due date as YYYY-MM-DD',
        ['dueDate'],
      ],
      [
        {
          from: 'assemblies',
          lines: [{ hoseAssemblyId: shop.assemblyId, quantity: 1 }],
          dueDate: '2026-13-45',
        },
        'This due date is not a day of the calendar',
        ['dueDate'],
      ],
      [
        {
          from: 'assemblies',
          lines: [{ hoseAssemblyId: shop.assemblyId, quantity: 1 }],
          customerId: (await call(other.tenant.adminToken, 'POST', 'customer/new/update', { name: 'Theirs' }))
            .body._id,
        },
        'The customer was not found; choose it again',
        ['customerId'],
      ],
      [
        {
          from: 'assemblies',
          lines: [{ hoseAssemblyId: shop.assemblyId, quantity: 1 }],
          warehouseId: other.main.id,
        },
        'The warehouse was not found; choose it again',
        ['warehouseId'],
      ],
    ];
    for (const [payload, message, path] of cases) {
      const res = await call(shop.tenant.regularToken, 'POST', 'workorders/create', payload);
      expect([res.status, res.body.message], JSON.stringify(payload)).toEqual([400, message]);
      expect(res.body.details.issues[0].path).toEqual(path);
    }
    expect(await tableCounts(shop.tenant)).toEqual(before);
  });

  it('numbers from the organisation’s pattern and counts on from the highest number', async () => {
    const numbering = await equip(await createTenant(t, { tier: 'professional', name: 'Numbering Hose' }));
    const next = async () => (await fromAssembly(numbering, 1)).number;
    expect(await next()).toBe('WO-00001');
    expect(await next()).toBe('WO-00002');
    const pattern = (p: string) =>
      call(numbering.tenant.adminToken, 'POST', 'organization/update', { workOrderNumberPattern: p });
    const bad = await pattern('JOB-');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Write the pattern with one run of zeros in braces, e.g. WO-{00000}');
    expect((await pattern('JOB-{000}')).body.workOrderNumberPattern).toBe('JOB-{000}');
    expect(await next()).toBe('JOB-001');
    expect(await next()).toBe('JOB-002');
    await pattern('WO-{00000}');
    expect(await next()).toBe('WO-00003');
  });

  it('without a warehouse says to add one first', async () => {
    const bare = await createTenant(t, { tier: 'professional', name: 'No Warehouse Hose' });
    const ids = await sampleParts(t, bare);
    const saved = await call(bare.adminToken, 'POST', 'hoseassembly/new/update', exampleInput(ids));
    expect(saved.status).toBe(200);
    const res = await call(bare.regularToken, 'POST', 'workorders/create', {
      from: 'assemblies',
      lines: [{ hoseAssemblyId: saved.body._id, quantity: 1 }],
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      'Add a warehouse first (Warehouses): a work order picks its stock from one',
    );
  });

  it('from a kit: its assembly lines times the number of kits, its loose parts, the kit and its customer', async () => {
    const kit = await call(shop.tenant.adminToken, 'POST', 'hosekit/new/update', {
      partNumber: 'KIT-BOOM',
      description: 'Boom kit',
      customerId,
      lines: [
        { lineType: 'hoseAssembly', hoseAssemblyId: shop.assemblyId, quantity: 2 },
        { lineType: 'other', description: 'Zip ties', quantity: 1, unitCost: 3 },
        { lineType: 'hoseAssembly', hoseAssemblyId: shortAssemblyId, quantity: 1 },
        // Sold loose: spare ferrules, and 2 ft of hose (its cost unit) for the customer to cut.
        { lineType: 'component', componentId: shop.ids[FERRULE], quantity: 4 },
        { lineType: 'component', componentId: shop.ids[HOSE], quantity: 2 },
      ],
    });
    expect(kit.status, JSON.stringify(kit.body)).toBe(200);
    const wo = await createOk(shop, { from: 'kit', hoseKitId: kit.body._id, quantity: 3 });
    expect(wo).toMatchObject({
      source: 'kit',
      hoseKit: { _id: kit.body._id, title: 'KIT-BOOM_A' },
      customer: { _id: customerId },
      unitCount: 9,
    });
    expect(wo.lines.map((l) => [l.position, l.hoseAssembly.title, l.quantity])).toEqual([
      [1, 'C-00001_A', 6],
      [2, 'C-00002_A', 3],
    ]);
    // The loose parts are picked, not built: 4 ferrules and one 2 ft (609.6 mm) piece of hose per kit.
    expect(wo.looseItems.map((i) => [i.partNumber, i.quantity, i.count, i.stockUnit])).toEqual([
      [FERRULE, 4, 3, 'each'],
      [HOSE, 609.6, 3, 'mm'],
    ]);
    // 6 × 890 + 3 × 390 mm of hose, and the loose 3 × 609.6 mm; 9 units of two fittings and two ferrules
    // each, and the 12 loose ferrules.
    expect(material(wo, HOSE)?.quantity).toBe(6510 + 1828.8);
    expect(material(wo, FITTING)?.quantity).toBe(18);
    expect(material(wo, FERRULE)?.quantity).toBe(18 + 12);

    const before = await tableCounts(shop.tenant);
    const bare = await call(shop.tenant.adminToken, 'POST', 'hosekit/new/update', {
      partNumber: 'KIT-CLAMPS',
      lines: [{ lineType: 'other', description: 'Clamps', quantity: 4, unitCost: 1 }],
    });
    expect(bare.status).toBe(200);
    const none = await call(shop.tenant.regularToken, 'POST', 'workorders/create', {
      from: 'kit',
      hoseKitId: bare.body._id,
      quantity: 1,
    });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe(
      'Kit KIT-CLAMPS_A has no hose assemblies to build: add assemblies to the kit, or make the work order from assemblies',
    );
    const missing = await call(shop.tenant.regularToken, 'POST', 'workorders/create', {
      from: 'kit',
      hoseKitId: MISSING,
      quantity: 1,
    });
    expect([missing.status, missing.body.message]).toEqual([
      400,
      'The hose kit was not found; choose it again',
    ]);
    expect(await tableCounts(shop.tenant)).toEqual(before);
  });
});

describe('release', () => {
  let first: WorkOrder;
  let second: WorkOrder;
  let big: WorkOrder;

  beforeAll(async () => {
    // Two reels of hose (10 m and 3 m) and the parts in a bin.
    await receive(shop, HOSE, shop.main.r1, 10, 'm');
    await receive(shop, HOSE, shop.main.r2, 3, 'm');
    await receive(shop, FITTING, shop.main.bin, 20, 'each');
    await receive(shop, FERRULE, shop.main.bin, 20, 'each');
  });

  it('reserves each unit’s cut from one reel, the one received first, and the parts; numbers the units', async () => {
    first = await fromAssembly(shop, 2);
    expect(material(first, HOSE)?.available).toBe(13_000);
    const released = await releaseOk(shop, first._id);
    expect(released.status).toBe('released');
    expect(released.releasedAt).not.toBeNull();
    // Both 890 mm cuts come from the 10 m reel: neither reel is a remnant nor has a date code, so the one
    // received first is cut first (first in, first out).
    expect(picksOf(released)).toEqual([`${FITTING} @ BIN: 4`, `${FERRULE} @ BIN: 4`, `${HOSE} @ R1: 1780`]);
    expect(released.picks.find((p) => p.partNumber === HOSE)).toMatchObject({
      stockUnit: 'mm',
      warehouse: { _id: shop.main.id, code: 'MAIN' },
    });
    expect(released.units.map((u) => u.index)).toEqual([1, 2]);
    const serials = released.units.map((u) => u.serialId);
    expect(new Set(serials).size).toBe(2);
    for (const unit of released.units) {
      expect(unit.serialId).toMatch(SERIAL_ID_PATTERN);
      expect(unit).toMatchObject({
        lineId: released.lines[0]?._id,
        replacesSerialId: null,
        requiredSteps: ['cut', 'assemble', 'crimp', 'clean', 'cap', 'test', 'tag'],
        steps: {},
        cutLengthMm: null,
        test: null,
        ready: false,
        assembledBy: null,
        completedAt: null,
      });
      // The sample crimp spec of GEN-2SN-08 with SN fittings, copied onto the unit.
      const target = { targetMm: 24.4, toleranceMm: 0.2, die: 'D-24', specRevision: 'A', measuredMm: null };
      expect(unit.crimp).toEqual({ endA: target, endB: target });
    }
    // Its own reservation does not make its materials less available.
    expect(material(released, HOSE)?.available).toBe(13_000);
    // The inventory page shows what the work order holds.
    const stock = await call(
      shop.tenant.adminToken,
      'GET',
      `inventory?warehouseId=${shop.main.id}&itemsPerPage=100`,
    );
    const r2 = (
      stock.body.items as {
        component: { _id: string };
        location: { code: string } | null;
        reserved: number;
      }[]
    ).find((l) => l.component._id === shop.ids[HOSE] && l.location?.code === 'R1');
    expect(r2?.reserved).toBe(1780);
  });

  it('a second work order sees less available and cuts from what is left', async () => {
    second = await fromAssembly(shop, 3);
    expect(material(second, HOSE)?.available).toBe(13_000 - 1780);
    expect(material(second, FITTING)?.available).toBe(16);
    const released = await releaseOk(shop, second._id);
    // The 10 m reel, already cut into, is still the oldest: all three cuts come from it.
    expect(picksOf(released)).toEqual([`${FITTING} @ BIN: 6`, `${FERRULE} @ BIN: 6`, `${HOSE} @ R1: 2670`]);
    expect(released.units.map((u) => u.index)).toEqual([1, 2, 3]);
    expect((await read(shop, first._id)).units.map((u) => u.serialId)).not.toContain(
      released.units[0]?.serialId,
    );
  });

  it('refuses a shortage naming every item in the reader’s units, and writes nothing', async () => {
    big = await fromAssembly(shop, 20);
    const before = await tableCounts(shop.tenant);
    const res = await release(shop, big._id);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      `Not enough stock in MAIN to release ${big.number}: Only 8.55 m of ${HOSE} is free in MAIN; 17.80 m is needed; ` +
        `Only 10 of ${FITTING} are free in MAIN; 40 are needed; Only 10 of ${FERRULE} are free in MAIN; 40 are needed. ` +
        'Receive or transfer the stock to MAIN, then release again.',
    );
    expect(res.body.details.shortages).toHaveLength(3);
    expect(await tableCounts(shop.tenant)).toEqual(before);
    expect((await read(shop, big._id)).status).toBe('draft');
  });

  it('a shortfall is held at the warehouse when the organisation allows negative stock', async () => {
    const allow = (v: boolean) =>
      call(shop.tenant.adminToken, 'POST', 'organization/update', { allowNegativeStock: v });
    expect((await allow(true)).status).toBe(200);
    try {
      const released = await releaseOk(shop, big._id);
      // R1 has 5,550 mm free: six cuts; R2's 3 m three more; eleven cuts (9,790 mm) are short.
      expect(picksOf(released)).toEqual([
        `${FITTING} @ -: 30`,
        `${FITTING} @ BIN: 10`,
        `${FERRULE} @ -: 30`,
        `${FERRULE} @ BIN: 10`,
        `${HOSE} @ -: 9790`,
        `${HOSE} @ R1: 5340`,
        `${HOSE} @ R2: 2670`,
      ]);
      expect(released.units).toHaveLength(20);
    } finally {
      await allow(false);
    }
  });

  it('cancel frees the stock it held, keeps the reason; cancelling twice is a conflict', async () => {
    expect(material(await read(shop, first._id), HOSE)?.available).toBe(13_000 - 2670 - 17_800);
    const noReason = await call(shop.tenant.regularToken, 'POST', `workorder/${big._id}/cancel`, {
      reason: ' ',
    });
    expect([noReason.status, noReason.body.message]).toEqual([400, 'Say why the work order is cancelled']);
    const res = await call(shop.tenant.regularToken, 'POST', `workorder/${big._id}/cancel`, {
      reason: 'Customer bought new',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'cancelled', cancelReason: 'Customer bought new', picks: [] });
    const held = await t.database.withTenant(shop.tenant.organizationId, (tx) =>
      tx.select().from(stockReservations).where(eq(stockReservations.workOrderId, big._id)),
    );
    expect(held).toEqual([]);
    expect(material(await read(shop, first._id), HOSE)?.available).toBe(13_000 - 2670);
    const again = await call(shop.tenant.regularToken, 'POST', `workorder/${big._id}/cancel`, {
      reason: 'Again',
    });
    expect([again.status, again.body.message]).toEqual([
      409,
      `Work order ${big.number} is cancelled already`,
    ]);
  });

  it('releasing twice is a conflict that changes nothing', async () => {
    const res = await release(shop, first._id);
    expect([res.status, res.body.message]).toEqual([409, `Work order ${first.number} is released already`]);
    expect((await read(shop, first._id)).units).toHaveLength(2);
  });

  it('reads the bench’s records: steps, the proof test, crimps, who assembled; a finished unit is ready', async () => {
    const unit = (await read(shop, first._id)).units[0];
    expect(unit).toBeDefined();
    const at = '2026-11-24T10:00:00.000Z';
    const by = { at, byId: shop.tenant.adminId, byName: 'Foreman Fay' };
    const steps = Object.fromEntries(
      ['cut', 'assemble', 'crimp', 'clean', 'cap', 'test'].map((s) => [s, by]),
    );
    const crimp = (measuredMm: number) => ({
      targetMm: 24.4,
      toleranceMm: 0.2,
      die: 'D-24',
      specRevision: 'A',
      measuredMm,
    });
    const write = (change: Partial<typeof workOrderUnits.$inferInsert>) =>
      t.database.withTenant(shop.tenant.organizationId, (tx) =>
        tx.update(workOrderUnits).set(change).where(eq(workOrderUnits.id, unit!._id)),
      );
    await write({
      steps,
      cutLengthMm: 889.5,
      crimp: { endA: crimp(24.45), endB: crimp(24.38) },
      test: { pressurePsi: 8000, holdSeconds: 30, result: 'pass', ...by },
      assembledBy: shop.tenant.adminId,
    });
    let read1 = (await read(shop, first._id)).units[0]!;
    // Not tagged yet: not ready.
    expect(read1.ready).toBe(false);
    expect(read1.steps.cut).toEqual({ at, by: { _id: shop.tenant.adminId, name: 'Foreman Fay' } });
    expect(read1.test).toEqual({
      pressurePsi: 8000,
      holdSeconds: 30,
      result: 'pass',
      at,
      by: { _id: shop.tenant.adminId, name: 'Foreman Fay' },
    });
    expect(read1.crimp.endA.measuredMm).toBe(24.45);
    expect(read1.cutLengthMm).toBe(889.5);
    expect(read1.assembledBy?._id).toBe(shop.tenant.adminId);
    await write({ steps: { ...steps, tag: { at, byId: null, byName: null } } });
    const whole = await read(shop, first._id);
    read1 = whole.units[0]!;
    expect(read1.ready).toBe(true);
    expect(read1.steps.tag).toEqual({ at, by: null });
    expect(whole.unitsReady).toBe(1);
    const list = await call(shop.tenant.regularToken, 'GET', `workorders?q=${first.number}`);
    expect((list.body.items as WorkOrderSummary[]).find((w) => w._id === first._id)?.unitsReady).toBe(1);
    // A failed proof test keeps it from being ready.
    await write({ test: { pressurePsi: 8000, holdSeconds: 30, result: 'fail', ...by } });
    expect((await read(shop, first._id)).units[0]?.ready).toBe(false);
  });
});

describe('a reorder from a scanned tag', () => {
  let serialId: string;

  beforeAll(async () => {
    const made = await call(shop.tenant.adminToken, 'POST', `hoseassembly/${shop.assemblyId}/serials`, {
      quantity: 1,
    });
    expect(made.status).toBe(200);
    serialId = made.body.items[0].serialId;
  });

  it('reads the serial as a person types it; the new units are linked to it after release', async () => {
    const typed = `${serialId.slice(0, 5).toLowerCase()}-${serialId.slice(5)}`;
    const wo = await createOk(shop, { from: 'reorder', serialId: typed });
    expect(wo).toMatchObject({ source: 'reorder', customer: { _id: customerId }, unitCount: 1 });
    expect(wo.lines).toEqual([
      expect.objectContaining({
        quantity: 1,
        replacesSerialId: serialId,
        hoseAssembly: expect.objectContaining({ _id: shop.assemblyId }),
      }),
    ]);
    const released = await releaseOk(shop, wo._id);
    expect(released.units.map((u) => u.replacesSerialId)).toEqual([serialId]);
    expect(released.units[0]?.serialId).not.toBe(serialId);

    const two = await createOk(shop, { from: 'reorder', serialId, quantity: 2 });
    expect(two.unitCount).toBe(2);
  });

  it('an unknown serial, or another organisation’s, is not found', async () => {
    const theirs = await call(other.tenant.adminToken, 'POST', `hoseassembly/${other.assemblyId}/serials`, {
      quantity: 1,
    });
    const before = await tableCounts(shop.tenant);
    for (const typed of ['ZZZZZZZZZZ', 'not a serial', theirs.body.items[0].serialId]) {
      const res = await call(shop.tenant.regularToken, 'POST', 'workorders/create', {
        from: 'reorder',
        serialId: typed,
      });
      expect([res.status, res.body.message]).toEqual([404, 'This serial number was not found']);
    }
    expect(await tableCounts(shop.tenant)).toEqual(before);
  });
});

describe('update', () => {
  it('a draft changes its details, lines and warehouse', async () => {
    const draft = await fromAssembly(shop, 1);
    const van = await call(shop.tenant.adminToken, 'POST', 'warehouse/new/update', {
      code: 'VAN2',
      name: 'Van 2',
    });
    const res = await call(shop.tenant.regularToken, 'POST', `workorder/${draft._id}/update`, {
      priority: 'urgent',
      notes: 'Customer waiting at the counter',
      dueDate: '2027-01-15',
      customerId: null,
      warehouseId: van.body._id,
      lines: [
        { hoseAssemblyId: shortAssemblyId, quantity: 4 },
        { hoseAssemblyId: shop.assemblyId, quantity: 1 },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      priority: 'urgent',
      notes: 'Customer waiting at the counter',
      dueDate: '2027-01-15',
      customer: null,
      warehouse: { code: 'VAN2' },
      unitCount: 5,
    });
    expect((res.body as WorkOrder).lines.map((l) => [l.position, l.hoseAssembly.title, l.quantity])).toEqual([
      [1, 'C-00002_A', 4],
      [2, 'C-00001_A', 1],
    ]);
    const bad = await call(shop.tenant.regularToken, 'POST', `workorder/${draft._id}/update`, {
      lines: [{ hoseAssemblyId: other.assemblyId, quantity: 1 }],
    });
    expect([bad.status, bad.body.message]).toEqual([
      400,
      'Line 1: the hose assembly was not found; choose it again',
    ]);
    expect((await read(shop, draft._id)).lines).toHaveLength(2);
  });

  it('a released one changes its details only; its lines and warehouse are refused', async () => {
    const wo = await releaseOk(shop, (await fromAssembly(shop, 1))._id);
    const details = await call(shop.tenant.regularToken, 'POST', `workorder/${wo._id}/update`, {
      priority: 'low',
      description: 'Rush',
      // Sent back unchanged, as a form does: not a change.
      warehouseId: shop.main.id,
      lines: [{ hoseAssemblyId: shop.assemblyId, quantity: 1 }],
    });
    expect(details.status, JSON.stringify(details.body)).toBe(200);
    expect(details.body).toMatchObject({ priority: 'low', description: 'Rush', status: 'released' });
    const message = `Work order ${wo.number} is released: its lines and warehouse change only while it is a draft (release reserved its stock and numbered its units). Cancel it and make a new work order to build something else.`;
    for (const change of [
      { lines: [{ hoseAssemblyId: shop.assemblyId, quantity: 2 }] },
      { warehouseId: other.main.id },
    ]) {
      const res = await call(shop.tenant.regularToken, 'POST', `workorder/${wo._id}/update`, change);
      expect([res.status, res.body.message]).toEqual([409, message]);
    }
    const after = await read(shop, wo._id);
    expect(after.lines[0]?.quantity).toBe(1);
    expect(after.units).toHaveLength(1);
  });

  it('a cancelled or completed one cannot be changed', async () => {
    const cancelled = await fromAssembly(shop, 1);
    await call(shop.tenant.regularToken, 'POST', `workorder/${cancelled._id}/cancel`, {
      reason: 'Not needed',
    });
    const completed = await fromAssembly(shop, 1);
    await setStatus(shop.tenant, completed._id, 'completed');
    for (const [wo, state] of [
      [cancelled, 'cancelled'],
      [completed, 'completed'],
    ] as const) {
      const res = await call(shop.tenant.regularToken, 'POST', `workorder/${wo._id}/update`, {
        notes: 'Late',
      });
      expect([res.status, res.body.message]).toEqual([
        409,
        `Work order ${wo.number} is ${state}: it can no longer be changed`,
      ]);
    }
    const cancel = await call(shop.tenant.regularToken, 'POST', `workorder/${completed._id}/cancel`, {
      reason: 'x',
    });
    expect(cancel.status).toBe(409);
    expect(cancel.body.message).toContain('is completed');
  });
});

describe('delete', () => {
  it('a draft or a cancelled one goes with its lines, units and reservations', async () => {
    const draft = await fromAssembly(shop, 1);
    const cancelled = await releaseOk(shop, (await fromAssembly(shop, 1))._id);
    await call(shop.tenant.regularToken, 'POST', `workorder/${cancelled._id}/cancel`, {
      reason: 'Wrong hose',
    });
    for (const wo of [draft, cancelled]) {
      const res = await call(shop.tenant.regularToken, 'POST', `workorder/${wo._id}/delete`);
      expect([res.status, res.body]).toEqual([200, { ok: true }]);
      expect((await call(shop.tenant.regularToken, 'GET', `workorder/${wo._id}`)).status).toBe(404);
    }
    const left = await t.database.withTenant(shop.tenant.organizationId, (tx) =>
      tx.select().from(workOrderUnits).where(eq(workOrderUnits.workOrderId, cancelled._id)),
    );
    expect(left).toEqual([]);
  });

  it('a released or completed one is refused, saying what to do', async () => {
    const released = await releaseOk(shop, (await fromAssembly(shop, 1))._id);
    const res = await call(shop.tenant.regularToken, 'POST', `workorder/${released._id}/delete`);
    expect([res.status, res.body.message]).toEqual([
      409,
      `Cancel work order ${released.number} first: it is released, and cancelling frees the stock it holds`,
    ]);
    const completed = await fromAssembly(shop, 1);
    await setStatus(shop.tenant, completed._id, 'completed');
    const done = await call(shop.tenant.regularToken, 'POST', `workorder/${completed._id}/delete`);
    expect([done.status, done.body.message]).toEqual([
      409,
      `Work order ${completed.number} is completed and keeps the record of the units it built; it cannot be deleted`,
    ]);
    expect((await read(shop, released._id)).picks.length).toBeGreaterThan(0);
  });
});

describe('the list', () => {
  const list = async (query: string, token = shop.tenant.regularToken) => {
    const res = await call(token, 'GET', `workorders?itemsPerPage=200&${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as { items: WorkOrderSummary[]; total: number; page: number };
  };

  it('searches the number, the description and the customer’s name', async () => {
    const byNumber = await list('q=wo-00001');
    expect(byNumber.items.map((w) => w.number)).toContain('WO-00001');
    expect(byNumber.items.every((w) => w.number.toLowerCase().includes('wo-00001'))).toBe(true);
    const byText = await list('q=loader boom');
    expect(byText.items.map((w) => w.number)).toEqual(['WO-00001']);
    expect(byText.items[0]).toMatchObject({
      description: 'Loader boom hoses',
      firstAssembly: 'C-00001_A',
      moreLines: 0,
      unitCount: 2,
      customer: { name: 'Prairie Excavating' },
      warehouse: { code: 'MAIN' },
    });
    const byCustomer = await list('q=prairie');
    expect(byCustomer.total).toBeGreaterThan(1);
    expect(byCustomer.items.every((w) => w.customer?.name === 'Prairie Excavating')).toBe(true);
    expect(await list('q=nothing-like-this')).toEqual({ items: [], total: 0, page: 1 });
  });

  it('filters by status, open or not, and customer; a kit’s row says how many more lines', async () => {
    const all = await list('');
    expect(all.total).toBe(all.items.length);
    const cancelled = await list('status=cancelled');
    expect(cancelled.items.length).toBeGreaterThan(0);
    expect(cancelled.items.every((w) => w.status === 'cancelled')).toBe(true);
    const open = await list('open=true');
    const closed = await list('open=false');
    expect(open.items.every((w) => ['draft', 'released', 'inProgress'].includes(w.status))).toBe(true);
    expect(closed.items.every((w) => ['completed', 'cancelled'].includes(w.status))).toBe(true);
    expect(open.total + closed.total).toBe(all.total);
    const theirs = await list(`customerId=${customerId}`);
    expect(theirs.items.every((w) => w.customer?._id === customerId)).toBe(true);
    const kit = all.items.find((w) => w.source === 'kit');
    expect(kit).toMatchObject({ firstAssembly: 'C-00001_A', moreLines: 1, unitCount: 9 });
    const bad = await call(shop.tenant.regularToken, 'GET', 'workorders?status=done');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('The status is one of draft, released');
  });

  it('sorts by priority, status and number in their meaning’s order', async () => {
    const rank = { low: 0, normal: 1, high: 2, urgent: 3 };
    const byPriority = (await list('sort=priority&order=desc')).items.map((w) => rank[w.priority]);
    expect(byPriority).toEqual([...byPriority].sort((a, b) => b - a));
    const order = ['draft', 'released', 'inProgress', 'completed', 'cancelled'];
    const byStatus = (await list('sort=status&order=asc')).items.map((w) => order.indexOf(w.status));
    expect(byStatus).toEqual([...byStatus].sort((a, b) => a - b));
    const numbers = (await list('sort=number&order=asc')).items.map((w) => w.number);
    expect(numbers).toEqual([...numbers].sort());
    const paged = await call(
      shop.tenant.regularToken,
      'GET',
      'workorders?sort=number&order=asc&itemsPerPage=2&page=2',
    );
    expect(paged.body.items.map((w: WorkOrderSummary) => w.number)).toEqual(numbers.slice(2, 4));
    expect(paged.body.total).toBe(numbers.length);
  });
});

describe('the global search', () => {
  it('finds a work order by its number (title) with its description, only in its organisation', async () => {
    const res = await call(shop.tenant.regularToken, 'GET', 'search?searchText=WO-00001');
    expect(res.status).toBe(200);
    const hit = (res.body.items as { url: string; objectType: string }[]).find(
      (h) => h.objectType === 'workOrder',
    );
    const found = await call(shop.tenant.regularToken, 'GET', 'workorders?q=loader');
    const wo = (found.body.items as WorkOrderSummary[])[0];
    expect(hit).toEqual({
      url: `workorder/${wo?._id}`,
      objectType: 'workOrder',
      name: 'WO-00001',
      number: 'WO-00001',
      description: 'Loader boom hoses',
    });
    const byText = await call(shop.tenant.regularToken, 'GET', 'search?searchText=loader%20boom');
    expect((byText.body.items as { url: string }[]).map((h) => h.url)).toContain(`workorder/${wo?._id}`);
    const theirs = await call(other.tenant.regularToken, 'GET', 'search?searchText=loader%20boom');
    expect(
      (theirs.body.items as { objectType: string }[]).filter((h) => h.objectType === 'workOrder'),
    ).toEqual([]);
  });
});

describe('tiers and tenancy', () => {
  it('answers 996 to a trial organisation and keeps nothing', async () => {
    const trial = await createTenant(t, { tier: 'trial' });
    for (const res of [
      await call(trial.adminToken, 'GET', 'workorders'),
      await call(trial.adminToken, 'POST', 'workorders/create', {
        from: 'assemblies',
        lines: [{ hoseAssemblyId: MISSING, quantity: 1 }],
      }),
      await call(trial.adminToken, 'POST', `workorder/${MISSING}/release`),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.details).toMatchObject({ guardCode: 996 });
    }
    expect((await tableCounts(trial)).orders).toBe(0);
  });

  it('answers another organisation’s work order exactly like a missing one and changes nothing', async () => {
    const mine = await fromAssembly(shop, 1, { description: 'Mine' });
    for (const id of [mine._id, MISSING]) {
      const token = other.tenant.adminToken;
      const answers = [
        await call(token, 'GET', `workorder/${id}`),
        await call(token, 'POST', `workorder/${id}/update`, { notes: 'Theirs now' }),
        await call(token, 'POST', `workorder/${id}/release`),
        await call(token, 'POST', `workorder/${id}/cancel`, { reason: 'Theirs' }),
        await call(token, 'POST', `workorder/${id}/delete`),
      ];
      for (const res of answers) {
        expect([res.status, res.body.message]).toEqual([404, 'This work order was not found']);
      }
    }
    const after = await read(shop, mine._id);
    expect(after).toMatchObject({ status: 'draft', notes: '', description: 'Mine' });
    const theirList = await call(other.tenant.regularToken, 'GET', 'workorders?q=mine');
    expect(theirList.body.total).toBe(0);
  });
});

describe('allocateStock', () => {
  const hose = (pieces: [number, number][]) => ({
    stockUnit: 'mm' as const,
    quantity: pieces.reduce((n, [len, c]) => n + len * c, 0),
    pieces: pieces.map(([lengthMm, count]) => ({ lengthMm, count })),
  });
  const takes = (a: { takes: Map<string, number> }) => Object.fromEntries(a.takes);

  it('never splits a piece across places, and uses the shortest place that fits', () => {
    const places = [
      { locationId: 'reel', free: 30_000 },
      { locationId: 'remnant', free: 1000 },
      { locationId: 'stub', free: 600 },
    ];
    expect(takes(allocateStock(hose([[890, 1]]), places))).toEqual({ remnant: 890 });
    const two = allocateStock(hose([[890, 2]]), places);
    expect(takes(two)).toEqual({ remnant: 890, reel: 890 });
    // 1.6 m free in all, but no place has 890 mm twice over except the reel.
    const short = allocateStock(hose([[890, 2]]), places.slice(1));
    expect(short).toMatchObject({ short: 890, longestUnplacedMm: 890 });
    expect(takes(short)).toEqual({ remnant: 890 });
  });

  it('cuts a remnant long enough first, then the oldest date code, never what nothing fits (ADR 19)', () => {
    const pieces = [
      { locationId: 'R1', pieceId: 'new', free: 50_000, dateCode: '2026-05', receivedAt: '2026-06-01' },
      { locationId: 'R2', pieceId: 'old', free: 20_000, dateCode: '2024-01', receivedAt: '2026-07-01' },
      { locationId: 'R3', pieceId: 'stub', free: 500, remnant: true, receivedAt: '2026-01-01' },
      { locationId: 'R3', pieceId: 'offcut', free: 1200, remnant: true, receivedAt: '2026-02-01' },
    ];
    expect(takes(allocateStock(hose([[890, 1]]), pieces))).toEqual({ offcut: 890 });
    expect(takes(allocateStock(hose([[890, 3]]), pieces))).toEqual({ offcut: 890, old: 1780 });
    expect(takes(allocateStock(hose([[450, 2]]), pieces))).toEqual({ stub: 450, offcut: 450 });
  });

  it('places the longest pieces first, so short ones fill what is left', () => {
    const a = allocateStock(
      hose([
        [300, 1],
        [900, 1],
      ]),
      [
        { locationId: 'a', free: 1000 },
        { locationId: 'b', free: 400 },
      ],
    );
    expect(takes(a)).toEqual({ a: 900, b: 300 });
    expect(a.short).toBe(0);
  });

  it('takes counted parts from one place that covers them, else splits them, the fullest first', () => {
    const each = (quantity: number) => ({ stockUnit: 'each' as const, quantity, pieces: [] });
    const places = [
      { locationId: null, free: 2 },
      { locationId: 'bin', free: 5 },
      { locationId: 'shelf', free: 9 },
    ];
    expect(takes(allocateStock(each(4), places))).toEqual({ bin: 4 });
    expect(takes(allocateStock(each(12), places))).toEqual({ shelf: 9, bin: 3 });
    const short = allocateStock(each(20), places);
    expect(takes(short)).toEqual({ shelf: 9, bin: 5, '': 2 });
    expect(short.short).toBe(4);
    // Stock already promised elsewhere (free below zero) gives nothing.
    expect(allocateStock(each(1), [{ locationId: 'bin', free: -3 }]).short).toBe(1);
  });
});

describe.skipIf(!process.env.DATABASE_URL)(
  'racing for the last metre of hose (needs PostgreSQL: PGlite runs one transaction at a time)',
  () => {
    let race: Shop;

    beforeAll(async () => {
      race = await equip(await createTenant(t, { tier: 'professional', name: 'Race Hose' }));
      await receive(race, HOSE, race.main.r1, 1, 'm');
      await receive(race, FITTING, race.main.bin, 20, 'each');
      await receive(race, FERRULE, race.main.bin, 20, 'each');
    });

    it('two releases open at once: one reserves the metre, the other is told what is free', async () => {
      const a = await fromAssembly(race, 1);
      const b = await fromAssembly(race, 1);
      let arrived = 0;
      let go: () => void = () => {};
      const bothStarted = new Promise<void>((resolve) => {
        go = resolve;
      });
      const releaseInOwnTransaction = (id: string) =>
        t.database.withTenant(race.tenant.organizationId, async (tx) => {
          await tx.select({ id: workOrders.id }).from(workOrders).where(eq(workOrders.id, id));
          arrived += 1;
          if (arrived === 2) go();
          await bothStarted;
          const released = await releaseWorkOrder(tx, race.tenant.organizationId, race.tenant.adminId, id);
          // The winner holds its locks a moment, so the other really waits on them.
          await new Promise((resolve) => setTimeout(resolve, 150));
          return released;
        });
      const results = await Promise.allSettled([
        releaseInOwnTransaction(a._id),
        releaseInOwnTransaction(b._id),
      ]);
      const won = results.filter((r) => r.status === 'fulfilled');
      const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      expect(won).toHaveLength(1);
      expect(lost).toHaveLength(1);
      const error = lost[0]?.reason as AppError;
      expect(error).toBeInstanceOf(AppError);
      expect(error.code).toBe(AppErrorCode.Conflict);
      expect(error.message).toMatch(
        new RegExp(
          `^Not enough stock in MAIN to release WO-0000[12]: Only 0\\.11 m of ${HOSE} is free in MAIN; 0\\.89 m is needed\\.`,
        ),
      );
      const held = await t.database.withTenant(race.tenant.organizationId, (tx) =>
        tx
          .select()
          .from(stockReservations)
          .where(
            and(
              eq(stockReservations.organizationId, race.tenant.organizationId),
              eq(stockReservations.componentId, race.ids[HOSE]!),
            ),
          ),
      );
      expect(held.map((r) => r.quantity)).toEqual([890]);
      const states = [(await read(race, a._id)).status, (await read(race, b._id)).status].sort();
      expect(states).toEqual(['draft', 'released']);
    });

    it('two requests at once: one 200, one 409 with the message', async () => {
      // 890 mm more: one more cut fits, not two.
      await receive(race, HOSE, race.main.r2, 0.89, 'm');
      const a = await fromAssembly(race, 1);
      const b = await fromAssembly(race, 1);
      const answers = await Promise.all([
        call(race.tenant.adminToken, 'POST', `workorder/${a._id}/release`),
        call(race.tenant.regularToken, 'POST', `workorder/${b._id}/release`),
      ]);
      expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
      const refused = answers.find((r) => r.status === 409);
      expect(refused?.body.message).toContain(`of ${HOSE} is free in MAIN; 0.89 m is needed`);
    });
  },
);
