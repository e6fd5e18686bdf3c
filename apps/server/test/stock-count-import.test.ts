/**
 * The stock take (`stockCount` import target and `checkStockCount`): checking an uploaded count lists what
 * it would change and writes nothing; a file with bad rows has every problem reported on its row, by the
 * check and by the import, and writes nothing; starting a good one writes one count movement per line that
 * differs, and on hand is then what was counted.
 */
import type { StockCountCheck, StockLevel, StockMovement } from '@hosewright/domain';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stockMovements } from '../src/db/schema.ts';
import type { ImportPreview } from '../src/modules/imports/types.ts';
import { componentInput } from './factories.ts';
import { bearer, createTenant, createTestApp, type TestApp, type TestTenant } from './helpers.ts';
import {
  HOSE_FIELDS,
  hoseValues,
  rowOf,
  startImport,
  toCsv,
  upload,
  waitForImport,
} from './import-fixtures.ts';

const t: TestApp = await createTestApp();
afterAll(() => t.close());

let shop: TestTenant;
let other: TestTenant;
const HEADER = ['Part number', 'Brand', 'Warehouse', 'Location', 'Counted', 'Unit'];
let hose: { id: string; partNumber: string };
let fitting: { id: string; partNumber: string };
let main: { id: string; a1: string };
let van: { id: string };

async function post(url: string, payload: unknown, token = shop.adminToken) {
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: bearer(token),
    payload: payload as Record<string, unknown>,
  });
  return { status: res.statusCode, body: res.json() };
}

async function createComponent(kind: 'hose' | 'crimpFitting', overrides: Record<string, unknown> = {}) {
  const input = componentInput(kind, overrides);
  const res = await post(
    `/api/v1/organization/${kind === 'hose' ? 'hose' : 'crimpfitting'}/new/update`,
    input,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { id: res.body._id as string, partNumber: input.partNumber };
}

async function uploadCount(rows: (string | number | null)[][], tenant = shop): Promise<ImportPreview> {
  const res = await upload(t, tenant.adminToken, 'stockCount', {
    name: 'count.csv',
    content: toCsv(HEADER, rows),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as ImportPreview;
}

const check = (preview: ImportPreview, token = shop.adminToken) =>
  post(`/api/v1/inventory/import/${preview.importId}/check`, { mapping: preview.mapping }, token);

async function ledgerRows(): Promise<number> {
  return t.database.withTenant(shop.organizationId, async (tx) => {
    const [row] = await tx
      .select({ n: count() })
      .from(stockMovements)
      .where(eq(stockMovements.organizationId, shop.organizationId));
    return row?.n ?? 0;
  });
}

async function onHand(componentId: string, warehouseId: string, locationId: string | null) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/inventory?warehouseId=${warehouseId}&itemsPerPage=500`,
    headers: bearer(shop.adminToken),
  });
  const line = (res.json().items as StockLevel[]).find(
    (l) => l.component._id === componentId && (l.location?._id ?? null) === locationId,
  );
  return line?.onHand ?? 0;
}

beforeAll(async () => {
  shop = await createTenant(t, { tier: 'professional', name: 'Stock Take Hydraulics' });
  other = await createTenant(t, { tier: 'professional', name: 'Other Stock Take' });
  hose = await createComponent('hose', { costUnit: 'm', cost: 3 });
  fitting = await createComponent('crimpFitting', { cost: 2.5 });
  // One part number, two brands.
  await createComponent('crimpFitting', { partNumber: 'DUP-1', brand: 'ACME' });
  await createComponent('crimpFitting', { partNumber: 'DUP-1', brand: 'PARKER' });
  const m = await post('/api/v1/warehouse/new/update', {
    code: 'MAIN',
    name: 'Main',
    locations: [{ code: 'A1' }],
  });
  expect(m.status).toBe(200);
  main = { id: m.body._id, a1: m.body.locations[0]._id };
  const v = await post('/api/v1/warehouse/new/update', { code: 'VAN1', name: 'Van 1' });
  van = { id: v.body._id };
  for (const movement of [
    { componentId: hose.id, warehouseId: main.id, locationId: main.a1, quantity: 30, unit: 'm', unitCost: 4 },
    { componentId: fitting.id, warehouseId: main.id, quantity: 10, unit: 'each', unitCost: 2 },
  ]) {
    const res = await post('/api/v1/inventory/movements/create', { type: 'receipt', ...movement });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  }
});

describe('a good stock take', () => {
  let preview: ImportPreview;
  beforeAll(async () => {
    preview = await uploadCount([
      [hose.partNumber, '', 'MAIN', 'A1', 25, 'm'],
      [fitting.partNumber, '', 'main', '', 10, ''],
      [fitting.partNumber, 'acme', 'VAN1', '', 3, 'each'],
      ['DUP-1', 'Parker', 'MAIN', 'a1', 0, null],
    ]);
  });

  it('suggests the mapping from the usual headers', () => {
    expect(preview.mapping).toEqual({
      'Part number': 'partNumber',
      Brand: 'brand',
      Warehouse: 'warehouseCode',
      Location: 'locationCode',
      Counted: 'counted',
      Unit: 'unit',
    });
  });

  it('check lists the differences and their value, and writes nothing', async () => {
    const rows = await ledgerRows();
    const res = await check(preview);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const body = res.body as StockCountCheck;
    expect(body).toMatchObject({ rowsTotal: 4, errors: [], unchanged: 2, currency: 'USD' });
    expect(body.differences).toHaveLength(2);
    expect(body.differences[0]).toMatchObject({
      component: { _id: hose.id },
      warehouse: { code: 'MAIN' },
      location: { code: 'A1' },
      onHand: 30_000,
      counted: 25_000,
      difference: -5000,
      stockUnit: 'mm',
      // 5 m at the line's average of 4 a metre.
      valueDifference: -20,
    });
    expect(body.differences[1]).toMatchObject({
      component: { _id: fitting.id },
      warehouse: { code: 'VAN1' },
      location: null,
      onHand: 0,
      counted: 3,
      difference: 3,
      stockUnit: 'each',
      // Nothing there yet: at the item's cost.
      valueDifference: 7.5,
    });
    expect(body.totalValueDifference).toBe(-12.5);
    expect(await ledgerRows()).toBe(rows);
    // Checking again answers the same: nothing changed.
    expect((await check(preview)).body).toEqual(body);
  });

  it('another organisation’s import is not found, and only admins check', async () => {
    const theirs = await post(
      `/api/v1/inventory/import/${preview.importId}/check`,
      { mapping: preview.mapping },
      other.adminToken,
    );
    expect(theirs.status).toBe(404);
    expect(theirs.body.message).toBe('This import was not found');
    expect((await check(preview, shop.regularToken)).status).toBe(403);
  });

  it('starting it writes a count movement per line that differs; on hand is what was counted', async () => {
    const rows = await ledgerRows();
    const started = await startImport(t, shop.adminToken, preview.importId, preview.mapping);
    expect(started.statusCode, started.body).toBe(202);
    const details = await waitForImport(t, shop.adminToken, preview.importId);
    expect(details.status, JSON.stringify(details.errors)).toBe('succeeded');
    // The lines the count changed, with what was on hand; the lines it confirmed are unchanged.
    expect(details).toMatchObject({
      created: 0,
      updated: 2,
      unchanged: 2,
      message: 'Imported 4 stock counts: 0 new, 2 updated, 2 unchanged.',
      changes: [
        {
          row: 2,
          change: 'updated',
          item: expect.stringMatching(new RegExp(`^${hose.partNumber} .* in MAIN / A1$`)),
          fields: [{ field: 'counted', before: '30.00 m', after: '25.00 m' }],
        },
        {
          row: 4,
          change: 'updated',
          item: expect.stringMatching(new RegExp(`^${fitting.partNumber} .* in VAN1$`)),
          fields: [{ field: 'counted', before: '0', after: '3' }],
        },
      ],
    });
    expect(await ledgerRows()).toBe(rows + 2);
    expect(await onHand(hose.id, main.id, main.a1)).toBe(25_000);
    expect(await onHand(fitting.id, main.id, null)).toBe(10);
    expect(await onHand(fitting.id, van.id, null)).toBe(3);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/inventory/movements?type=count',
      headers: bearer(shop.adminToken),
    });
    const counts = res.json().items as StockMovement[];
    expect(counts.map((m) => [m.component._id, m.quantity, m.reason])).toEqual([
      [fitting.id, 3, 'Stock take'],
      [hose.id, -5000, 'Stock take'],
    ]);
    expect(counts[0]?.createdBy?._id).toBe(shop.adminId);
  });

  it('a started import cannot be checked again', async () => {
    const res = await check(preview);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('already been started');
  });

  it('a count below what is on hand is never refused: the count is the truth', async () => {
    const zero = await uploadCount([[hose.partNumber, '', 'MAIN', 'A1', 0, 'ft']]);
    const started = await startImport(t, shop.adminToken, zero.importId, zero.mapping);
    expect(started.statusCode).toBe(202);
    expect((await waitForImport(t, shop.adminToken, zero.importId)).status).toBe('succeeded');
    expect(await onHand(hose.id, main.id, main.a1)).toBe(0);
  });
});

describe('a stock take with bad rows', () => {
  it('reports every problem on its row, writes nothing, and the import fails the same way', async () => {
    const preview = await uploadCount([
      ['NOPE-1', '', 'MAIN', '', 1, 'each'],
      ['DUP-1', '', 'MAIN', '', 1, 'each'],
      [fitting.partNumber, '', 'YARD9', '', 1, 'each'],
      [fitting.partNumber, '', 'MAIN', 'Z9', 1, 'each'],
      [hose.partNumber, '', 'MAIN', 'A1', 12, ''],
      [fitting.partNumber, '', 'VAN1', '', 1.5, 'each'],
      [fitting.partNumber, '', 'MAIN', '', -2, 'each'],
      [hose.partNumber, '', 'MAIN', 'A1', 'lots', 'm'],
      [hose.partNumber, '', 'MAIN', 'a1', 3, 'm'],
    ]);
    const rows = await ledgerRows();
    const res = await check(preview);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const body = res.body as StockCountCheck;
    expect(body.differences).toEqual([]);
    expect(body.totalValueDifference).toBe(0);
    const byRow = (row: number) => body.errors.filter((e) => e.row === row).map((e) => [e.column, e.message]);
    expect(byRow(2)).toEqual([
      ['Part number', 'No item has part number NOPE-1. Check the part number, or add the item first.'],
    ]);
    expect(byRow(3)).toEqual([
      [
        'Brand',
        'Part number DUP-1 belongs to more than one brand (ACME, PARKER). Say which in a brand column.',
      ],
    ]);
    expect(byRow(4)).toEqual([
      ['Warehouse', 'No warehouse has the code YARD9. Check the code, or add the warehouse first.'],
    ]);
    expect(byRow(5)).toEqual([
      [
        'Location',
        'Warehouse MAIN has no location Z9. Check the code, or add the location to the warehouse first.',
      ],
    ]);
    expect(byRow(6)).toEqual([
      ['Unit', `${hose.partNumber} is stocked by length: give the unit of the count (m, ft, in or mm).`],
    ]);
    expect(byRow(7)).toEqual([['Counted', 'Count pieces in whole numbers']]);
    expect(byRow(8)).toEqual([['Counted', 'The counted quantity cannot be negative']]);
    // Rows 9 and 10 count what row 6 counts (codes in any case).
    const duplicate = `${hose.partNumber} in MAIN / A1 appears more than once in the file; first on row 6`;
    expect(byRow(9)).toEqual([
      ['Part number', duplicate],
      ['Counted', 'Enter the counted quantity as a number'],
    ]);
    expect(byRow(10)).toEqual([['Part number', duplicate.replace('MAIN / A1', 'MAIN / a1')]]);
    expect(await ledgerRows()).toBe(rows);

    const started = await startImport(t, shop.adminToken, preview.importId, preview.mapping);
    expect(started.statusCode).toBe(202);
    const details = await waitForImport(t, shop.adminToken, preview.importId);
    expect(details.status).toBe('failed');
    expect(details.errors).toEqual(body.errors);
    expect(await ledgerRows()).toBe(rows);
  });

  it('a mapping without the counted column, or an upload of another kind, is refused', async () => {
    const preview = await uploadCount([[fitting.partNumber, '', 'MAIN', '', 1, 'each']]);
    const unmapped = await post(`/api/v1/inventory/import/${preview.importId}/check`, {
      mapping: { ...preview.mapping, Counted: null },
    });
    expect(unmapped.status).toBe(400);
    expect(unmapped.body.message).toBe('Map a column to counted.');

    const hoses = await upload(t, shop.adminToken, 'hose', {
      name: 'hoses.csv',
      content: toCsv(HOSE_FIELDS, [rowOf(HOSE_FIELDS, hoseValues('H-1'))]),
    });
    const other = hoses.json() as ImportPreview;
    const wrong = await post(`/api/v1/inventory/import/${other.importId}/check`, { mapping: other.mapping });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(
      'This import is not of stock counts. Upload the file again as stockCount.',
    );
  });
});
