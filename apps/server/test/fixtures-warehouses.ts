/** Cross-tenant fixtures of the warehouses module (see fixtures.ts). */
import type { Fixture } from './fixtures.ts';
import { bearer, type TestApp, type TestTenant } from './helpers.ts';

let counter = 0;

async function postApi(
  t: TestApp,
  owner: TestTenant,
  url: string,
  payload: unknown,
): Promise<{ _id: string }> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/${url}`,
    headers: bearer(owner.adminToken),
    payload: payload as Record<string, unknown>,
  });
  if (res.statusCode !== 200) throw new Error(`fixture ${url}: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** A fresh code each call (codes are unique per organisation and at most 20 characters). */
function uniqueCode(prefix: string): string {
  counter += 1;
  return `${prefix}-${(Date.now() % 1_000_000).toString(36)}-${counter}`.toUpperCase();
}

/** A warehouse of `owner` with two locations (the organisation's first one is its default). */
export const warehouseFixture: Fixture = async (t, owner) =>
  (
    await postApi(t, owner, 'warehouse/new/update', {
      code: uniqueCode('WH'),
      name: `Fixture warehouse ${counter}`,
      locations: [
        { code: 'A1', name: 'Aisle 1' },
        { code: 'B2', name: 'Aisle 2' },
      ],
    })
  )._id;

/** A warehouse of `owner` that is not the default and holds nothing: one a delete is allowed for. */
export const emptyWarehouseFixture: Fixture = async (t, owner) => {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/v1/warehouses?itemsPerPage=1',
    headers: bearer(owner.adminToken),
  });
  if (res.statusCode !== 200) throw new Error(`fixture warehouses: ${res.statusCode} ${res.body}`);
  // The organisation's first warehouse becomes the default: make one first so this one is not.
  if ((res.json() as { total: number }).total === 0) await warehouseFixture(t, owner);
  return (
    await postApi(t, owner, 'warehouse/new/update', {
      code: uniqueCode('EMPTY'),
      name: `Empty van ${counter}`,
      kind: 'van',
    })
  )._id;
};

export const WAREHOUSE_FIXTURES: Record<string, Fixture> = {
  warehouseId: warehouseFixture,
  emptyWarehouseId: emptyWarehouseFixture,
};
