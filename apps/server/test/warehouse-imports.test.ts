/**
 * Imports of warehouses and their locations through the real app and worker: a good file creates
 * warehouses and locations (a location row names a warehouse of the file or one already saved), a second
 * import updates in place; a file with bad rows reports each by row, column and message and writes nothing;
 * the template imports; the tier rule.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, warehouseLocations, warehouses } from '../src/db/schema.ts';
import type { ImportDetails, ImportPreview } from '../src/modules/imports/types.ts';
import { bearer, createTenant, createTestApp, type TestApp, type TestTenant } from './helpers.ts';
import { startImport, toCsv, upload, waitForImport } from './import-fixtures.ts';

const BASE = '/api/v1/organization/imports';

describe('warehouse imports', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function runImport(
    tenant: TestTenant,
    file: { name: string; content: Buffer },
  ): Promise<{ preview: ImportPreview; details: ImportDetails }> {
    const res = await upload(t, tenant.adminToken, 'warehouse', file);
    expect(res.statusCode, res.body).toBe(201);
    const preview = res.json() as ImportPreview;
    const started = await startImport(t, tenant.adminToken, preview.importId, preview.mapping);
    expect(started.statusCode, started.body).toBe(202);
    return { preview, details: await waitForImport(t, tenant.adminToken, preview.importId) };
  }

  /** Warehouses with their locations in order, as stored. */
  const stored = (tenant: TestTenant) =>
    t.database.withTenant(tenant.organizationId, async (tx) => {
      const rows = await tx
        .select()
        .from(warehouses)
        .where(eq(warehouses.organizationId, tenant.organizationId))
        .orderBy(warehouses.code);
      const locations = await tx
        .select()
        .from(warehouseLocations)
        .where(eq(warehouseLocations.organizationId, tenant.organizationId))
        .orderBy(warehouseLocations.position);
      return rows.map((w) => ({
        ...w,
        locations: locations.filter((l) => l.warehouseId === w.id).map((l) => [l.code, l.name]),
      }));
    });

  const HEADER = ['Warehouse', 'Name', 'Type', 'Region', 'City', 'Default', 'Active', 'Bin', 'locationName'];

  it('creates warehouses and their locations, then a second import updates them by code', async () => {
    const shop = await createTenant(t, { tier: 'professional' });
    const rows = [
      // A location row before its warehouse's row: the warehouse comes from the same file.
      ['VAN-1', '', '', '', '', '', '', 'REEL', 'Hose reel'],
      ['MAIN', 'Main warehouse', 'warehouse', 'Central Alberta', 'Red Deer', '', '', '', ''],
      ['MAIN', '', '', '', '', '', '', 'A1', 'Aisle 1'],
      ['main', '', '', '', '', '', '', 'A2', ''],
      ['VAN-1', 'Service van 1', 'van', 'Calgary', '', 'no', 'yes', '', ''],
    ];
    const first = await runImport(shop, { name: 'warehouses.csv', content: toCsv(HEADER, rows) });
    expect(first.preview.mapping).toEqual({
      Warehouse: 'code',
      Name: 'name',
      Type: 'kind',
      Region: 'region',
      City: 'city',
      Default: 'isDefault',
      Active: 'active',
      Bin: 'locationCode',
      locationName: 'locationName',
    });
    expect(first.details).toMatchObject({ status: 'succeeded', created: 5, updated: 0 });
    const after = await stored(shop);
    expect(after).toMatchObject([
      {
        code: 'MAIN',
        name: 'Main warehouse',
        kind: 'warehouse',
        region: 'Central Alberta',
        address: { city: 'Red Deer', line1: '' },
        isDefault: true, // the organisation's first warehouse
        active: true,
        locations: [
          ['A1', 'Aisle 1'],
          ['A2', ''],
        ],
      },
      { code: 'VAN-1', kind: 'van', isDefault: false, address: null, locations: [['REEL', 'Hose reel']] },
    ]);
    const notes = await t.database.withTenant(shop.organizationId, (tx) =>
      tx
        .select()
        .from(notifications)
        .where(eq(notifications.url, `warehouses/import?log=${first.preview.importId}`)),
    );
    expect(notes).toHaveLength(1);

    // Again, with changes: updated by code (and location code); empty cells leave values; a new location.
    const changed = [
      ['van-1', '', '', '', '', 'yes', '', '', ''],
      ['MAIN', 'Main shop', '', '', '', '', '', '', ''],
      ['MAIN', '', '', '', '', '', '', 'a2', 'Aisle 2'],
      ['MAIN', '', '', '', '', '', '', 'B1', 'Back room'],
    ];
    const second = await runImport(shop, { name: 'again.csv', content: toCsv(HEADER, changed) });
    expect(second.details).toMatchObject({ status: 'succeeded', created: 1, updated: 3, unchanged: 0 });
    expect(second.details.changes).toEqual([
      {
        row: 2,
        change: 'updated',
        item: 'van-1',
        fields: [
          { field: 'code', before: 'VAN-1', after: 'van-1' },
          { field: 'isDefault', before: 'no', after: 'yes' },
        ],
      },
      {
        row: 3,
        change: 'updated',
        item: 'MAIN',
        fields: [{ field: 'name', before: 'Main warehouse', after: 'Main shop' }],
      },
      {
        row: 4,
        change: 'updated',
        item: 'MAIN / a2',
        fields: [
          { field: 'locationCode', before: 'A2', after: 'a2' },
          { field: 'locationName', before: null, after: 'Aisle 2' },
        ],
      },
      { row: 5, change: 'created', item: 'MAIN / B1', fields: [] },
    ]);
    const later = await stored(shop);
    expect(later).toMatchObject([
      {
        code: 'MAIN',
        name: 'Main shop',
        region: 'Central Alberta',
        isDefault: false,
        locations: [
          ['A1', 'Aisle 1'],
          ['a2', 'Aisle 2'],
          ['B1', 'Back room'],
        ],
      },
      { code: 'van-1', name: 'Service van 1', isDefault: true, locations: [['REEL', 'Hose reel']] },
    ]);
    expect(later[0]?.id).toBe(after[0]?.id);

    // The same file a third time: nothing changes.
    const third = await runImport(shop, { name: 'again.csv', content: toCsv(HEADER, changed) });
    expect(third.details).toMatchObject({
      status: 'succeeded',
      created: 0,
      updated: 0,
      unchanged: 4,
      changes: [],
      message: 'Nothing changed: every row of the file is already saved as it is (4 warehouses).',
    });
    expect(await stored(shop)).toEqual(later);
  });

  it('reports every bad row with row, column and message and writes nothing', async () => {
    const shop = await createTenant(t, { tier: 'enterprise' });
    // One warehouse already saved: its location rows are fine, and it is the default.
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/v1/warehouse/new/update',
      headers: bearer(shop.adminToken),
      payload: { code: 'OLD', name: 'Old yard' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const rows = [
      ['NEW', 'New warehouse', '', '', '', 'yes', '', '', ''], // row 2: fine
      ['OLD', '', '', '', '', '', '', 'O1', 'Fine too'], // row 3: fine (saved warehouse)
      ['GHOST', '', '', '', '', '', '', 'G1', ''], // row 4: unknown warehouse
      ['NONAME', '', '', '', '', '', '', '', ''], // row 5: new without a name
      ['', 'No code', '', '', '', '', '', '', ''], // row 6: no code
      ['new', 'Twice', '', '', '', '', '', '', ''], // row 7: duplicate warehouse
      ['NEW', '', '', '', '', '', '', 'N1', ''], // row 8: fine
      ['NEW', '', '', '', '', '', '', 'n1', ''], // row 9: duplicate location
      ['TRUCK', 'Truck', 'truck', '', '', 'maybe', '', '', ''], // row 10: bad kind and yes/no
      ['SECOND', 'Second default', '', '', '', 'yes', '', '', ''], // row 11: a second default
      ['#BAD', 'Bad code', '', '', '', '', '', '', ''], // row 12: bad code
    ];
    const { details } = await runImport(shop, { name: 'bad.csv', content: toCsv(HEADER, rows) });
    expect(details.status).toBe('failed');
    expect(details.errors).toEqual([
      {
        row: 4,
        column: 'Warehouse',
        message:
          'No warehouse has code GHOST. Add a row for the warehouse (without a location code) or create it first.',
      },
      { row: 5, column: 'Name', message: 'Warehouse NONAME is new: enter its name' },
      { row: 6, column: 'Warehouse', message: 'Enter the warehouse code' },
      {
        row: 7,
        column: 'Warehouse',
        message: 'Warehouse new appears more than once in the file; first on row 2',
      },
      {
        row: 9,
        column: 'Bin',
        message: 'Location n1 of warehouse NEW appears more than once in the file; first on row 8',
      },
      { row: 10, column: 'Type', message: 'Write warehouse or van' },
      { row: 10, column: 'Default', message: 'Write yes or no (true/false, y/n and 1/0 work too)' },
      {
        row: 11,
        column: 'Default',
        message: 'Only one warehouse can be the default; row 2 already makes NEW the default',
      },
      { row: 12, column: 'Warehouse', message: 'Use letters, digits, spaces and . _ / - only in the code' },
    ]);
    expect(details.message).toBe('8 rows have problems; nothing was imported.');
    expect(await stored(shop)).toMatchObject([{ code: 'OLD', isDefault: true, locations: [] }]);
  });

  it('keeps the default warehouse the default and active until another one is made the default', async () => {
    const shop = await createTenant(t, { tier: 'professional' });
    await runImport(shop, {
      name: 'first.csv',
      content: toCsv(['code', 'name'], [['MAIN', 'Main']]),
    });
    const { details } = await runImport(shop, {
      name: 'unset.csv',
      content: toCsv(['code', 'isDefault', 'active'], [['MAIN', 'no', 'no']]),
    });
    expect(details.errors).toEqual([
      {
        row: 2,
        column: 'isDefault',
        message: 'MAIN is the default warehouse. Make another warehouse the default first',
      },
      { row: 2, column: 'active', message: 'The default warehouse must stay active' },
    ]);
    // Another default in the same file: the old one may then go inactive.
    const moved = await runImport(shop, {
      name: 'move.csv',
      content: toCsv(
        ['code', 'name', 'isDefault', 'active'],
        [
          ['MAIN', '', 'no', 'no'],
          ['VAN', 'Van', 'yes', ''],
        ],
      ),
    });
    expect(moved.details).toMatchObject({ status: 'succeeded', created: 1, updated: 1 });
    expect(await stored(shop)).toMatchObject([
      { code: 'MAIN', isDefault: false, active: false },
      { code: 'VAN', isDefault: true, active: true },
    ]);
  });

  it('answers a template whose example row imports', async () => {
    const shop = await createTenant(t, { tier: 'professional' });
    const res = await t.app.inject({
      method: 'GET',
      url: `${BASE}/template/warehouse?format=csv`,
      headers: bearer(shop.adminToken),
    });
    expect(res.statusCode, res.body).toBe(200);
    const { details } = await runImport(shop, { name: 'template.csv', content: res.rawPayload });
    expect(details).toMatchObject({ status: 'succeeded', created: 1, updated: 0 });
    expect(await stored(shop)).toMatchObject([
      { code: 'MAIN', name: 'Main warehouse', isDefault: true, address: { city: 'Red Deer' } },
    ]);
  });

  it('is for professional and enterprise only', async () => {
    const trial = await createTenant(t, { tier: 'trial' });
    const res = await upload(t, trial.adminToken, 'warehouse', {
      name: 'w.csv',
      content: toCsv(['code', 'name'], [['MAIN', 'Main']]),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'WRONG_TIER' });
    expect(res.json().details).toEqual({ guardCode: 996, upgradeUrl: '/upgradesubscription' });
  });
});
