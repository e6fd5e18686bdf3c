/**
 * Cross-tenant fixtures of the work orders module (see fixtures.ts), made through the HTTP API as a shop
 * would: a warehouse of its own with the stock the order needs received into it, the worked example
 * assembly (GEN-2SN-08, two F-SN-08-FJX90 with FER-SN-08, 890 mm cut, 4,000 psi, crimp spec 24.4 ± 0.2 mm),
 * then a work order drafted, released, built and completed as far as each fixture needs.
 */
import type { WorkOrder } from '@hosewright/domain';
import { PASSING_STEPS } from '../src/modules/demo/factories.ts';
import type { Fixture } from './fixtures.ts';
import { exampleInput, sampleParts } from './fixtures-assemblies.ts';
import { bearer, type TestApp, type TestTenant } from './helpers.ts';

let counter = 0;

export async function api<T = { _id: string }>(
  t: TestApp,
  owner: TestTenant,
  url: string,
  payload: unknown = {},
  status = 200,
): Promise<T> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/${url}`,
    headers: bearer(owner.adminToken),
    payload: payload as Record<string, unknown>,
  });
  if (res.statusCode !== status) throw new Error(`fixture ${url}: ${res.statusCode} ${res.body}`);
  return res.json() as T;
}

// The bench steps of a passing build are shared with the demo shop.
export { PASSING_STEPS } from '../src/modules/demo/factories.ts';

/**
 * A warehouse (with location A1) holding enough for `units` of an assembly, and that assembly: the worked
 * example, or with other parts of the sample catalogue (part numbers that fit each other).
 */
export async function stockedAssembly(
  t: TestApp,
  owner: TestTenant,
  units: number,
  use: { hose?: string; endA?: string; endB?: string; ferrule?: string } = {},
): Promise<{
  warehouseId: string;
  locationId: string;
  hoseAssemblyId: string;
  parts: Record<string, string>;
}> {
  counter += 1;
  const parts = await sampleParts(t, owner);
  const warehouse = await api<{ _id: string; locations: { _id: string; code: string }[] }>(
    t,
    owner,
    'warehouse/new/update',
    {
      code: `WO-${(Date.now() % 1_000_000).toString(36)}-${counter}`.toUpperCase(),
      name: `Work order stock ${counter}`,
      locations: [{ code: 'A1', name: 'Aisle 1' }],
    },
  );
  const locationId = warehouse.locations.find((l) => l.code === 'A1')?._id;
  if (!locationId) throw new Error('fixture: the warehouse has no location A1');
  const receive = (partNumber: string, quantity: number, unit: 'm' | 'each') =>
    api(
      t,
      owner,
      'inventory/movements/create',
      {
        type: 'receipt',
        componentId: part(partNumber),
        warehouseId: warehouse._id,
        locationId,
        quantity,
        unit,
        reference: 'Fixture stock',
      },
      201,
    );
  const part = (partNumber: string) => {
    const id = parts[partNumber];
    if (!id) throw new Error(`fixture: no ${partNumber} in the sample catalogue`);
    return id;
  };
  const hose = use.hose ?? 'GEN-2SN-08';
  const endA = use.endA ?? 'F-SN-08-FJX90';
  const endB = use.endB ?? 'F-SN-08-FJX90';
  const ferrule = use.ferrule ?? 'FER-SN-08';
  await receive(hose, units, 'm');
  if (endA === endB) await receive(endA, units * 2, 'each');
  else {
    await receive(endA, units, 'each');
    await receive(endB, units, 'each');
  }
  await receive(ferrule, units * 2, 'each');
  const assembly = await api(
    t,
    owner,
    'hoseassembly/new/update',
    exampleInput(parts, {
      hoseId: part(hose),
      endA: { fittingId: part(endA), ferruleId: part(ferrule) },
      endB: { fittingId: part(endB), ferruleId: part(ferrule) },
    }),
  );
  return { warehouseId: warehouse._id, locationId, hoseAssemblyId: assembly._id, parts };
}

/** A draft of `units` units of the example assembly, with the stock to release it. */
export async function draftWorkOrder(t: TestApp, owner: TestTenant, units = 1): Promise<WorkOrder> {
  const { warehouseId, hoseAssemblyId } = await stockedAssembly(t, owner, units);
  return api<WorkOrder>(
    t,
    owner,
    'workorders/create',
    {
      from: 'assemblies',
      warehouseId,
      lines: [{ hoseAssemblyId, quantity: units }],
      dueDate: '2026-12-01',
      description: 'Fixture work order',
    },
    201,
  );
}

export async function releasedWorkOrder(t: TestApp, owner: TestTenant, units = 1): Promise<WorkOrder> {
  const draft = await draftWorkOrder(t, owner, units);
  return api<WorkOrder>(t, owner, `workorder/${draft._id}/release`);
}

/** Every unit built and passed, not completed. */
export async function readyWorkOrder(t: TestApp, owner: TestTenant, units = 1): Promise<WorkOrder> {
  let order = await releasedWorkOrder(t, owner, units);
  for (const unit of order.units) {
    for (const step of PASSING_STEPS) {
      order = await api<WorkOrder>(t, owner, `workorder/${order._id}/unit/${unit._id}/step`, step);
    }
  }
  return order;
}

export const WORK_ORDER_FIXTURES: Record<string, Fixture> = {
  workOrderId: async (t, owner) => (await draftWorkOrder(t, owner))._id,
  releasedWorkOrderId: async (t, owner) => (await releasedWorkOrder(t, owner))._id,
  /** A unit of the released work order the same example names (else of a new one). */
  workOrderUnitId: async (t, owner, ids) => {
    const orderId = ids?.releasedWorkOrderId ?? (await releasedWorkOrder(t, owner))._id;
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/workorder/${orderId}`,
      headers: bearer(owner.adminToken),
    });
    if (res.statusCode !== 200) throw new Error(`fixture workOrderUnitId: ${res.statusCode} ${res.body}`);
    const unit = (res.json() as WorkOrder).units[0];
    if (!unit) throw new Error('fixture workOrderUnitId: the released work order has no unit');
    return unit._id;
  },
  readyWorkOrderId: async (t, owner) => (await readyWorkOrder(t, owner))._id,
  completedWorkOrderId: async (t, owner) => {
    const ready = await readyWorkOrder(t, owner);
    return (await api<WorkOrder>(t, owner, `workorder/${ready._id}/complete`))._id;
  },
};
