/** Cross-tenant fixtures of the inventory module (see fixtures.ts). */
import type { ImportPreview } from '../src/modules/imports/types.ts';
import { componentInput } from './factories.ts';
import type { Fixture } from './fixtures.ts';
import { bearer, type TestApp, type TestTenant } from './helpers.ts';
import { toCsv, upload } from './import-fixtures.ts';

let counter = 0;

async function postJson(
  t: TestApp,
  owner: TestTenant,
  url: string,
  payload: unknown,
): Promise<{ _id: string }> {
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: bearer(owner.adminToken),
    payload: payload as Record<string, unknown>,
  });
  if (res.statusCode !== 200) throw new Error(`fixture ${url}: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** The header of a stock take file, as the `checkStockCount` example maps it. */
export const STOCK_COUNT_HEADER = ['Part number', 'Warehouse', 'Location', 'Counted', 'Unit'] as const;

/**
 * An uploaded, not yet started stock take of `owner`: a hose the fixture makes, counted in a warehouse (with
 * location A1) the fixture makes, once in the location and once without one.
 */
export const stockCountImportFixture: Fixture = async (t, owner) => {
  counter += 1;
  const hose = componentInput('hose');
  await postJson(t, owner, '/api/v1/organization/hose/new/update', hose);
  const code = `SC-${(Date.now() % 1_000_000).toString(36)}-${counter}`.toUpperCase();
  await postJson(t, owner, '/api/v1/warehouse/new/update', {
    code,
    name: `Stock take warehouse ${counter}`,
    locations: [{ code: 'A1', name: 'Aisle 1' }],
  });
  const file = toCsv(STOCK_COUNT_HEADER, [
    [hose.partNumber, code, 'A1', 25, 'm'],
    [hose.partNumber, code, '', 12.5, 'ft'],
  ]);
  const res = await upload(t, owner.adminToken, 'stockCount', { name: 'stock-take.csv', content: file });
  if (res.statusCode !== 201) throw new Error(`fixture stockCountImportId: ${res.statusCode} ${res.body}`);
  return (res.json() as ImportPreview).importId;
};

export const INVENTORY_FIXTURES: Record<string, Fixture> = {
  stockCountImportId: stockCountImportFixture,
};
