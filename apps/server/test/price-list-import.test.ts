/**
 * Price list items imported through the real app and worker (`priceList` target, ADR 21): a CSV with the
 * headers shops use fills the drafts of the lists its rows name (components, an assembly by its part number,
 * a kit by its title), an .xlsx then replaces one list's draft and leaves the other, publishing makes the
 * version; a file with planted errors reports every bad row by row, column and message and changes no draft;
 * only enterprise shops import price lists.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportPreview } from '../src/modules/imports/types.ts';
import { componentInput } from './factories.ts';
import { hoseAssemblyFixture } from './fixtures-assemblies.ts';
import { hoseKitFixture } from './fixtures-kits.ts';
import { bearer, createTenant, createTestApp, type TestApp, type TestTenant } from './helpers.ts';
import { startImport, toCsv, toXlsx, upload, waitForImport } from './import-fixtures.ts';

interface PriceList {
  _id: string;
  inForce: { _id: string; itemCount: number } | null;
  draft: { _id: string; itemCount: number } | null;
}
interface Item {
  itemType: string;
  itemId: string;
  partNumber: string;
  unitPrice: number;
  breaks: { minQuantity: number; unitPrice: number }[];
}

const HEADER = ['Price list', 'Part #', 'Type', 'List price', 'Qty 1', 'Price 1'];

describe('price list imports', () => {
  let t: TestApp;
  let shop: TestTenant;
  let fleet: PriceList;
  let exportList: PriceList;
  const parts: { id: string; partNumber: string }[] = [];
  let assembly: { _id: string; partNumber: string; title: string };
  let kit: { _id: string; title: string };

  const get = (url: string, token = shop.adminToken) =>
    t.app.inject({ method: 'GET', url: `/api/v1/${url}`, headers: bearer(token) });
  const post = (url: string, payload: unknown = {}, token = shop.adminToken) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/${url}`,
      headers: bearer(token),
      payload: payload as Record<string, unknown>,
    });
  async function ok<T>(res: Promise<{ statusCode: number; body: string; json(): unknown }>, status = 200) {
    const done = await res;
    expect(done.statusCode, done.body).toBe(status);
    return done.json() as T;
  }

  beforeAll(async () => {
    t = await createTestApp();
    shop = await createTenant(t, { tier: 'enterprise', name: 'Import Hydraulics' });
    await ok(post('organization/currencies/update', { currencies: [{ code: 'CAD', rate: 1.37 }] }));
    fleet = await ok<PriceList>(post('pricelists/create', { name: 'Fleet' }), 201);
    exportList = await ok<PriceList>(post('pricelists/create', { name: 'Export', currency: 'CAD' }), 201);
    for (let i = 0; i < 3; i++) {
      const input = componentInput('crimpFitting');
      const saved = await ok<{ _id: string }>(post('organization/crimpfitting/new/update', input));
      parts.push({ id: saved._id, partNumber: input.partNumber });
    }
    assembly = await ok(get(`hoseassembly/${await hoseAssemblyFixture(t, shop)}`));
    kit = await ok(get(`hosekit/${await hoseKitFixture(t, shop)}`));
  });
  afterAll(() => t.close());

  async function runImport(file: { name: string; content: Buffer }, tenant = shop) {
    const res = await upload(t, tenant.adminToken, 'price list', file);
    expect(res.statusCode, res.body).toBe(201);
    const preview = res.json() as ImportPreview;
    const started = await startImport(t, tenant.adminToken, preview.importId, preview.mapping);
    expect(started.statusCode, started.body).toBe(202);
    return { preview, details: await waitForImport(t, tenant.adminToken, preview.importId) };
  }

  async function draftItems(list: PriceList): Promise<Item[]> {
    const current = await ok<PriceList>(get(`pricelist/${list._id}`));
    if (!current.draft) return [];
    return (await ok<{ items: Item[] }>(get(`pricelist/${list._id}/items?versionId=${current.draft._id}`)))
      .items;
  }
  const summary = (items: Item[]) => items.map((i) => [i.itemType, i.partNumber, i.unitPrice, i.breaks]);

  it('fills the drafts of the lists a CSV names, an .xlsx replaces one, and publishing makes the version', async () => {
    const [a, b] = parts as [{ id: string; partNumber: string }, { id: string; partNumber: string }];
    // A draft begun by hand: the import replaces it.
    await ok(
      post(`pricelist/${fleet._id}/draft/items`, { itemType: 'component', itemId: b.id, unitPrice: 111 }),
    );
    const first = await runImport({
      name: 'prices.csv',
      content: toCsv(HEADER, [
        ['Fleet', a.partNumber.toLowerCase(), '', '12.50', '10', '11.25'],
        ['Fleet', assembly.partNumber, '', '80', '', ''],
        ['Export', b.partNumber, 'component', '9.99', '', ''],
        ['fleet', kit.title, 'kit', '30', '', ''],
      ]),
    });
    expect(first.preview.mapping).toEqual({
      'Price list': 'priceList',
      'Part #': 'partNumber',
      Type: 'itemType',
      'List price': 'unitPrice',
      'Qty 1': 'break1Quantity',
      'Price 1': 'break1Price',
    });
    expect(first.details).toMatchObject({
      status: 'succeeded',
      created: 4,
      message: 'Imported 4 price list items: 4 new, 0 updated, 1 removed.',
      removed: 1,
    });
    // The hand-made draft's item the file leaves out is removed from the list.
    expect(first.details.changes).toEqual([
      { row: 2, change: 'created', item: `${a.partNumber} in Fleet`, fields: [] },
      { row: 3, change: 'created', item: `${assembly.title} in Fleet`, fields: [] },
      { row: 4, change: 'created', item: `${b.partNumber} in Export`, fields: [] },
      { row: 5, change: 'created', item: `${kit.title} in Fleet`, fields: [] },
      { row: null, change: 'removed', item: `${b.partNumber} in Fleet`, fields: [] },
    ]);
    expect(summary(await draftItems(fleet))).toEqual(
      [
        ['component', a.partNumber, 1250, [{ minQuantity: 10, unitPrice: 1125 }]],
        ['assembly', assembly.title, 8000, []],
        ['kit', kit.title, 3000, []],
      ].sort((x, y) => String(x[1]).localeCompare(String(y[1]), 'en', { numeric: true })),
    );
    expect(summary(await draftItems(exportList))).toEqual([['component', b.partNumber, 999, []]]);

    const second = await runImport({
      name: 'prices.xlsx',
      content: await toXlsx(['Price list', 'Part number', 'Price'], [['Fleet', b.partNumber, 5]]),
    });
    expect(second.details).toMatchObject({ status: 'succeeded', created: 1 });
    expect(summary(await draftItems(fleet))).toEqual([['component', b.partNumber, 500, []]]);
    expect(summary(await draftItems(exportList))).toEqual([['component', b.partNumber, 999, []]]);

    const published = await ok<PriceList>(
      post(`pricelist/${fleet._id}/draft/publish`, { effectiveFrom: new Date().toISOString().slice(0, 10) }),
    );
    expect(published.inForce?.itemCount).toBe(1);
    expect(published.draft).toBeNull();
    const inForce = await ok<{ items: Item[] }>(get(`pricelist/${fleet._id}/items`));
    expect(summary(inForce.items)).toEqual([['component', b.partNumber, 500, []]]);

    // Against the prices in force (no draft): the same price changes nothing, a new one is listed.
    const same = await runImport({
      name: 'same.csv',
      content: toCsv(HEADER, [['Fleet', b.partNumber, '', '5', '', '']]),
    });
    expect(same.details).toMatchObject({
      status: 'succeeded',
      created: 0,
      updated: 0,
      unchanged: 1,
      changes: [],
      message: 'Nothing changed: every row of the file is already saved as it is (1 price list item).',
    });
    const repriced = await runImport({
      name: 'repriced.csv',
      content: toCsv(HEADER, [['Fleet', b.partNumber, '', '5.5', '20', '5.25']]),
    });
    expect(repriced.details).toMatchObject({
      status: 'succeeded',
      updated: 1,
      changes: [
        {
          row: 2,
          change: 'updated',
          item: `${b.partNumber} in Fleet`,
          fields: [
            { field: 'unitPrice', before: '5.00', after: '5.50' },
            { field: 'break1Price', before: null, after: '5.25' },
            { field: 'break1Quantity', before: null, after: 20 },
          ],
        },
      ],
    });
  });

  it('reports every bad row with row, column and message and changes no draft', async () => {
    const [a, b, c] = parts as [
      { id: string; partNumber: string },
      { id: string; partNumber: string },
      { id: string; partNumber: string },
    ];
    const before = await draftItems(exportList);
    expect(before.length).toBe(1);
    const { details } = await runImport({
      name: 'bad.csv',
      content: toCsv(HEADER, [
        ['Export', a.partNumber, '', '1.00', '', ''], // row 2: fine
        ['Nowhere', a.partNumber, '', '1.00', '', ''], // row 3: no such list
        ['Export', 'NOPE-404', '', '1.00', '', ''], // row 4: no such item
        ['Export', b.partNumber, '', '-1', '', ''], // row 5: a negative price
        ['Export', c.partNumber, '', '2.00', '10', ''], // row 6: a break without its price
        ['Export', a.partNumber, '', '3.00', '', ''], // row 7: row 2 again
      ]),
    });
    expect(details.status).toBe('failed');
    expect(details.errors).toEqual([
      { row: 3, column: 'Price list', message: 'No price list named "Nowhere": create it first' },
      {
        row: 4,
        column: 'Part #',
        message: 'No component, hose assembly or hose kit has part number NOPE-404',
      },
      { row: 5, column: 'List price', message: 'The price cannot be negative' },
      { row: 6, column: 'Price 1', message: 'Enter the price from 10' },
      {
        row: 7,
        column: 'Part #',
        message: `${a.partNumber} appears more than once for price list Export; first on row 2. Keep one row per item.`,
      },
    ]);
    expect(details.message).toBe('5 rows have problems; nothing was imported.');
    expect(await draftItems(exportList)).toEqual(before);
  });

  it('is for enterprise shops', async () => {
    const pro = await createTenant(t, { tier: 'professional' });
    const refused = await upload(t, pro.adminToken, 'priceList', {
      name: 'prices.csv',
      content: toCsv(HEADER, [['Fleet', 'X', '', '1', '', '']]),
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().details.guardCode).toBe(996);
    expect(refused.json().message).toBe('Importing price list items needs an Enterprise subscription.');
    const template = await get('organization/imports/template/priceList?format=csv');
    expect(template.statusCode, template.body).toBe(200);
    expect(template.body.replace('\uFEFF', '').split(/\r?\n/)[0]).toBe(
      'priceList,partNumber,itemType,unitPrice,break1Quantity,break1Price,break2Quantity,break2Price,break3Quantity,break3Price',
    );
  });
});
