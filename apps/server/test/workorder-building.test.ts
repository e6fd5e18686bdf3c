/**
 * The bench and completion through the API (ADR 18): a unit is built step by step with its measurements in
 * the units they were taken in; a crimp outside tolerance, a cut far off and a proof test below 1.5 × the
 * working pressure are refused with what is wrong and change nothing; a failed test keeps the order from
 * completion. Completion consumes exactly the reserved stock through the ledger, makes the built serials
 * (linked to the scanned one for a reorder) that `/qs/{serial}` shows with their proof test, is refused a
 * second time, and rolls back whole when the stock went meanwhile.
 */
import { randomUUID } from 'node:crypto';
import type { WorkOrder } from '@hosewright/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  hoseAssemblySerials,
  stockLevels,
  stockMovements,
  stockReservations,
  users,
  workOrders,
  workOrderUnits,
} from '../src/db/schema.ts';
import {
  api,
  draftWorkOrder,
  PASSING_STEPS,
  readyWorkOrder,
  releasedWorkOrder,
  stockedAssembly,
} from './fixtures-workorders.ts';
import { bearer, createTenant, createTestApp, type TestApp, type TestTenant } from './helpers.ts';

const t: TestApp = await createTestApp();
afterAll(() => t.close());

let shop: TestTenant;
let regularName: string;

beforeAll(async () => {
  shop = await createTenant(t, { tier: 'professional', name: 'Bench Hydraulics' });
  const [regular] = await t.database.withSystem((tx) =>
    tx.select({ name: users.name }).from(users).where(eq(users.id, shop.regularId)),
  );
  regularName = regular!.name;
});

async function post(url: string, payload: unknown = {}, token = shop.regularToken) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/${url}`,
    headers: bearer(token),
    payload: payload as Record<string, unknown>,
  });
  return { status: res.statusCode, body: res.json() };
}

async function get(url: string, token = shop.regularToken) {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/${url}`, headers: bearer(token) });
  return { status: res.statusCode, body: res.json() };
}

const step = (order: WorkOrder, unitId: string, input: unknown, token = shop.regularToken) =>
  post(`workorder/${order._id}/unit/${unitId}/step`, input, token);

async function okStep(order: WorkOrder, unitId: string, input: unknown): Promise<WorkOrder> {
  const res = await step(order, unitId, input);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as WorkOrder;
}

/** Every row of the order's own tables and the organisation's stock, to prove a refusal changed nothing. */
async function snapshot(orderId: string) {
  return t.database.withTenant(shop.organizationId, async (tx) => ({
    order: await tx.select().from(workOrders).where(eq(workOrders.id, orderId)),
    units: await tx.select().from(workOrderUnits).where(eq(workOrderUnits.workOrderId, orderId)),
    reservations: await tx.select().from(stockReservations).where(eq(stockReservations.workOrderId, orderId)),
    levels: await tx.select().from(stockLevels).where(eq(stockLevels.organizationId, shop.organizationId)),
    movements: await tx
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.organizationId, shop.organizationId)),
    serials: await tx
      .select()
      .from(hoseAssemblySerials)
      .where(eq(hoseAssemblySerials.organizationId, shop.organizationId)),
  }));
}

async function buildAll(order: WorkOrder): Promise<WorkOrder> {
  let current = order;
  for (const unit of order.units) {
    for (const s of PASSING_STEPS) current = await okStep(current, unit._id, s);
  }
  return current;
}

async function setUnits(userId: string, unitSystem: 'metric' | 'imperial' | null) {
  await t.database.withSystem((tx) => tx.update(users).set({ unitSystem }).where(eq(users.id, userId)));
}

describe('building at the bench and completing', () => {
  let order: WorkOrder;
  let reserved: { componentId: string; warehouseId: string; locationId: string | null; quantity: number }[];
  let levelsBefore: Map<string, number>;
  let parts: Record<string, string>;

  beforeAll(async () => {
    // Three units' worth of stock for two units: what is left after completion is what the order did not use.
    const stocked = await stockedAssembly(t, shop, 3);
    parts = stocked.parts;
    order = await api<WorkOrder>(
      t,
      shop,
      'workorders/create',
      {
        from: 'assemblies',
        warehouseId: stocked.warehouseId,
        lines: [{ hoseAssemblyId: stocked.hoseAssemblyId, quantity: 2 }],
      },
      201,
    );
    order = await api<WorkOrder>(t, shop, `workorder/${order._id}/release`);
  });

  it('numbers the units at release and moves the order to in progress at the first step', async () => {
    expect(order.status).toBe('released');
    expect(order.units.map((u) => u.index)).toEqual([1, 2]);
    expect(order.units[0]!.requiredSteps).toEqual([
      'cut',
      'assemble',
      'crimp',
      'clean',
      'cap',
      'test',
      'tag',
    ]);
    const unit = order.units[0]!;
    const after = await okStep(order, unit._id, { step: 'cut', cutLength: { value: 35, unit: 'in' } });
    expect(after.status).toBe('inProgress');
    const cut = after.units.find((u) => u._id === unit._id)!;
    expect(cut.cutLengthMm).toBe(889);
    expect(cut.steps.cut?.by?.name).toBe(regularName);
    expect(cut.ready).toBe(false);
  });

  it('records each step with who did it; a passed unit is ready', async () => {
    const done = await buildAll(order);
    for (const unit of done.units) {
      expect(unit.ready).toBe(true);
      expect(unit.cutLengthMm).toBe(890);
      expect(unit.crimp.endA).toMatchObject({
        targetMm: 24.4,
        toleranceMm: 0.2,
        die: 'D-24',
        measuredMm: 24.4,
      });
      expect(unit.crimp.endB.measuredMm).toBe(24.45);
      expect(unit.test).toMatchObject({ pressurePsi: 8000, holdSeconds: 60, result: 'pass' });
      expect(unit.test?.by?.name).toBe(regularName);
      expect(unit.assembledBy?.name).toBe(regularName);
    }
    expect(done.unitsReady).toBe(2);
    order = done;
  });

  it('completes: consumes exactly the reserved stock through the ledger and makes the built serials', async () => {
    reserved = await t.database.withTenant(shop.organizationId, (tx) =>
      tx
        .select({
          componentId: stockReservations.componentId,
          warehouseId: stockReservations.warehouseId,
          locationId: stockReservations.locationId,
          quantity: stockReservations.quantity,
        })
        .from(stockReservations)
        .where(eq(stockReservations.workOrderId, order._id)),
    );
    const byPart = (id: string | undefined) =>
      reserved.filter((r) => r.componentId === id).reduce((sum, r) => sum + r.quantity, 0);
    // Two pieces of 890 mm of hose, two fittings and two ferrules per unit.
    expect(byPart(parts['GEN-2SN-08'])).toBe(1780);
    expect(byPart(parts['F-SN-08-FJX90'])).toBe(4);
    expect(byPart(parts['FER-SN-08'])).toBe(4);
    const before = await snapshot(order._id);
    levelsBefore = new Map(
      before.levels.map((l) => [`${l.componentId}|${l.warehouseId}|${l.locationId}`, l.onHand]),
    );

    const res = await post(`workorder/${order._id}/complete`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const completed = res.body as WorkOrder;
    expect(completed.status).toBe('completed');
    expect(completed.completedAt).not.toBeNull();
    expect(completed.picks).toEqual([]);
    expect(completed.units.every((u) => u.completedAt !== null)).toBe(true);

    const after = await snapshot(order._id);
    expect(after.reservations).toEqual([]);
    const consumption = after.movements.filter((m) => m.type === 'consumption');
    expect(
      consumption
        .map((m) => ({
          componentId: m.componentId,
          warehouseId: m.warehouseId,
          locationId: m.locationId,
          quantity: m.quantity,
          reference: m.reference,
        }))
        .sort((x, y) => x.componentId.localeCompare(y.componentId)),
    ).toEqual(
      reserved
        .map((r) => ({ ...r, quantity: -r.quantity, reference: order.number }))
        .sort((x, y) => x.componentId.localeCompare(y.componentId)),
    );
    for (const r of reserved) {
      const key = `${r.componentId}|${r.warehouseId}|${r.locationId}`;
      const level = after.levels.find((l) => `${l.componentId}|${l.warehouseId}|${l.locationId}` === key);
      expect(level?.onHand).toBe((levelsBefore.get(key) ?? 0) - r.quantity);
    }
    // 3 m received, 2 × 890 mm used; 6 fittings and ferrules received, 4 used.
    const onHand = (partNumber: string) =>
      after.levels
        .filter((l) => l.componentId === parts[partNumber] && l.warehouseId === order.warehouse._id)
        .reduce((sum, l) => sum + l.onHand, 0);
    expect(onHand('GEN-2SN-08')).toBe(1220);
    expect(onHand('F-SN-08-FJX90')).toBe(2);
    expect(onHand('FER-SN-08')).toBe(2);

    const serials = after.serials.filter((s) => completed.units.some((u) => u.serialId === s.serialId));
    expect(serials).toHaveLength(2);
    for (const s of serials) {
      expect(s.hoseAssemblyId).toBe(completed.lines[0]!.hoseAssembly._id);
      expect(s.builtBy).toBe(shop.regularId);
      expect(s.replacesSerialId).toBeNull();
    }
    order = completed;
  });

  it('shows the proof test on the unit’s public page', async () => {
    const unit = order.units[0]!;
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/qs/${unit.serialId}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().proofTest).toEqual({
      testedAt: unit.test!.at,
      result: 'pass',
      pressurePsi: 8000,
      holdSeconds: 60,
    });
  });

  it('refuses to complete twice and changes nothing', async () => {
    const before = await snapshot(order._id);
    const res = await post(`workorder/${order._id}/complete`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This work order is already completed');
    expect(await snapshot(order._id)).toEqual(before);
  });

  it('refuses any step on a completed work order', async () => {
    const before = await snapshot(order._id);
    const res = await step(order, order.units[0]!._id, { step: 'clean' });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/is completed/);
    expect(await snapshot(order._id)).toEqual(before);
  });
});

describe('the bench refuses what would be wrong, and writes nothing', () => {
  let order: WorkOrder;
  let unitId: string;

  beforeAll(async () => {
    order = await releasedWorkOrder(t, shop, 1);
    unitId = order.units[0]!._id;
  });

  it('refuses a crimp outside its tolerance, saying by how much, and stores nothing', async () => {
    const before = await snapshot(order._id);
    const over = await step(order, unitId, {
      step: 'crimp',
      endA: { value: 24.9, unit: 'mm' },
      endB: { value: 24.5, unit: 'mm' },
    });
    expect(over.status).toBe(400);
    expect(over.body.message).toBe(
      'End A measures 24.9 mm: 0.3 mm over its crimp spec of 24.4 mm ± 0.2 mm (at most 24.6 mm). Re-crimp or scrap this unit; nothing was recorded.',
    );
    expect(over.body.details.issues).toEqual([{ path: ['endA'], message: expect.stringContaining('End A') }]);

    const under = await step(order, unitId, {
      step: 'crimp',
      endA: { value: 24.3, unit: 'mm' },
      endB: { value: 24.05, unit: 'mm' },
    });
    expect(under.status).toBe(400);
    expect(under.body.message).toContain('End B measures 24.05 mm: 0.15 mm under its crimp spec');
    expect(under.body.message).toContain('(at least 24.2 mm)');
    expect(await snapshot(order._id)).toEqual(before);
  });

  it('says how far off a crimp is in the reader’s units', async () => {
    await setUnits(shop.adminId, 'imperial');
    try {
      // 0.980 in is 24.892 mm: 0.292 mm (0.011 in) over the most of 24.6 mm (0.969 in).
      const res = await step(
        order,
        unitId,
        { step: 'crimp', endA: { value: 0.961, unit: 'in' }, endB: { value: 0.98, unit: 'in' } },
        shop.adminToken,
      );
      expect(res.status).toBe(400);
      expect(res.body.message).toContain(
        'End B measures 0.98 in: 0.011 in over its crimp spec of 0.961 in ± 0.008 in (at most 0.969 in)',
      );
    } finally {
      await setUnits(shop.adminId, null);
    }
  });

  it('refuses a measurement without its unit', async () => {
    const before = await snapshot(order._id);
    const noUnit = await step(order, unitId, {
      step: 'crimp',
      endA: { value: 24.4 },
      endB: { value: 24.4, unit: 'mm' },
    });
    expect(noUnit.status).toBe(400);
    expect(noUnit.body.message).toBe('Give the unit of the diameter: mm or in');
    const bare = await step(order, unitId, { step: 'cut', cutLength: 890 });
    expect(bare.status).toBe(400);
    expect(bare.body.message).toMatch(/Give the length with its unit/);
    expect(await snapshot(order._id)).toEqual(before);
  });

  it('refuses a cut far off the assembly’s cut length, in the reader’s units', async () => {
    const res = await step(order, unitId, { step: 'cut', cutLength: { value: 1, unit: 'm' } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      "The cut length 1,000 mm is more than 5% off this assembly's cut length of 890 mm. Measure again, or cut a new piece to 890 mm.",
    );
  });

  it('refuses a skive when the hose is not skived', async () => {
    const res = await step(order, unitId, { step: 'skive' });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^This hose is not skived/);
  });

  it('refuses a proof test before the crimp, and one below 1.5 × the working pressure', async () => {
    const early = await step(order, unitId, PASSING_STEPS[5]);
    expect(early.status).toBe(400);
    expect(early.body.message).toBe('Crimp both ends of this unit before its proof test.');

    await okStep(order, unitId, PASSING_STEPS[2]);
    const before = await snapshot(order._id);
    // 400 bar is 5,801 psi; the working pressure is 4,000 psi, so at least 6,000 psi (414 bar).
    const low = await step(order, unitId, {
      step: 'test',
      pressure: { value: 400, unit: 'bar' },
      holdSeconds: 45,
      result: 'pass',
    });
    expect(low.status).toBe(400);
    expect(low.body.message).toBe(
      "A proof test at 400 bar is below 1.5 × this assembly's working pressure of 276 bar. Test at 414 bar at least; the default is 2 ×, 552 bar.",
    );
    const short = await step(order, unitId, {
      step: 'test',
      pressure: { value: 8000, unit: 'psi' },
      holdSeconds: 20,
      result: 'pass',
    });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe('Hold the test pressure at least 30 s');
    expect(await snapshot(order._id)).toEqual(before);
  });

  it('gives the minimum test pressure rounded up, so the figure it gives passes', async () => {
    // An NPTF end limits the assembly to 3,000 psi: at least 4,500 psi, which is 310.3 bar.
    const { warehouseId, hoseAssemblyId } = await stockedAssembly(t, shop, 1, { endB: 'F-SN-08-MNPT' });
    let npt = await api<WorkOrder>(
      t,
      shop,
      'workorders/create',
      { from: 'assemblies', warehouseId, lines: [{ hoseAssemblyId, quantity: 1 }] },
      201,
    );
    npt = await api<WorkOrder>(t, shop, `workorder/${npt._id}/release`);
    const unit = npt.units[0]!._id;
    await okStep(npt, unit, PASSING_STEPS[2]);
    const test = (value: number) => ({
      step: 'test',
      pressure: { value, unit: 'bar' },
      holdSeconds: 30,
      result: 'pass',
    });
    const low = await step(npt, unit, test(310));
    expect(low.status).toBe(400);
    expect(low.body.message).toContain('Test at 311 bar at least; the default is 2 ×, 414 bar.');
    const passed = await okStep(npt, unit, test(311));
    expect(passed.units[0]!.test?.pressurePsi).toBe(4510.7);
  });

  it('keeps a failed proof test and will not complete until a re-crimp is re-tested and passes', async () => {
    for (const s of PASSING_STEPS) {
      await okStep(order, unitId, s.step === 'test' ? { ...s, result: 'fail' } : s);
    }
    const failed = (await get(`workorder/${order._id}`)).body as WorkOrder;
    expect(failed.units[0]!.test?.result).toBe('fail');
    expect(failed.units[0]!.ready).toBe(false);
    const before = await snapshot(order._id);
    const refused = await post(`workorder/${order._id}/complete`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      `1 unit is not ready: unit 1 (serial ${failed.units[0]!.serialId}): the proof test failed. Finish it, then complete the work order.`,
    );
    expect(await snapshot(order._id)).toEqual(before);

    // A re-crimp makes the old test stale: the unit needs a new one.
    const recrimped = await okStep(order, unitId, PASSING_STEPS[2]);
    expect(recrimped.units[0]!.test).toBeNull();
    expect(recrimped.units[0]!.steps.test).toBeUndefined();
    const notTested = await post(`workorder/${order._id}/complete`);
    expect(notTested.status).toBe(409);
    expect(notTested.body.message).toContain('proof test not recorded');

    const retested = await okStep(order, unitId, PASSING_STEPS[5]);
    expect(retested.units[0]!.ready).toBe(true);
    const done = await post(`workorder/${order._id}/complete`);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
  });

  it('answers 409 for a draft, and 404 for a unit of another work order or none', async () => {
    const draft = await draftWorkOrder(t, shop, 1);
    const other = await releasedWorkOrder(t, shop, 1);
    const onDraft = await step(draft, other.units[0]!._id, { step: 'clean' });
    expect(onDraft.status).toBe(409);
    expect(onDraft.body.message).toMatch(/is still a draft\. Release it first/);

    const another = await releasedWorkOrder(t, shop, 1);
    const elsewhere = await step(another, other.units[0]!._id, { step: 'clean' });
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body.message).toBe('This unit was not found');
    const missing = await step(other, randomUUID(), { step: 'clean' });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('This unit was not found');

    const completeDraft = await post(`workorder/${draft._id}/complete`);
    expect(completeDraft.status).toBe(409);
    expect(completeDraft.body.message).toMatch(/is still a draft/);
    const unbuilt = await post(`workorder/${other._id}/complete`);
    expect(unbuilt.status).toBe(409);
    expect(unbuilt.body.message).toMatch(/No unit of work order .* has been built yet/);
  });

  it('lists every unit that is not ready, and why', async () => {
    const two = await releasedWorkOrder(t, shop, 2);
    const [first, second] = two.units;
    for (const s of PASSING_STEPS) await okStep(two, first!._id, s);
    await okStep(two, second!._id, PASSING_STEPS[0]);
    const res = await post(`workorder/${two._id}/complete`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      `1 unit is not ready: unit 2 (serial ${second!.serialId}): assemble, crimp, clean, cap, proof test, tag not recorded. Finish it, then complete the work order.`,
    );
    expect(res.body.details.units).toEqual([
      expect.objectContaining({ unitId: second!._id, index: 2, serialId: second!.serialId }),
    ]);
  });
});

describe('a hose that must be skived', () => {
  it('has a skive step, and is not ready without it', async () => {
    // GEN-R13-12 with F-XS-12-FJX90 and FER-XS-12: 860 mm cut, crimp spec 35.0 ± 0.25 mm.
    const { warehouseId, hoseAssemblyId } = await stockedAssembly(t, shop, 1, {
      hose: 'GEN-R13-12',
      endA: 'F-XS-12-FJX90',
      endB: 'F-XS-12-FJX90',
      ferrule: 'FER-XS-12',
    });
    let skived = await api<WorkOrder>(
      t,
      shop,
      'workorders/create',
      { from: 'assemblies', warehouseId, lines: [{ hoseAssemblyId, quantity: 1 }] },
      201,
    );
    skived = await api<WorkOrder>(t, shop, `workorder/${skived._id}/release`);
    const unit = skived.units[0]!;
    expect(unit.requiredSteps).toEqual(['cut', 'skive', 'assemble', 'crimp', 'clean', 'cap', 'test', 'tag']);
    for (const s of [
      { step: 'cut', cutLength: { value: 860, unit: 'mm' } },
      { step: 'assemble' },
      { step: 'crimp', endA: { value: 35.1, unit: 'mm' }, endB: { value: 34.9, unit: 'mm' } },
      { step: 'clean' },
      { step: 'cap' },
      { step: 'test', pressure: { value: 6000, unit: 'psi' }, holdSeconds: 60, result: 'pass' },
      { step: 'tag' },
    ]) {
      await okStep(skived, unit._id, s);
    }
    const refused = await post(`workorder/${skived._id}/complete`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain(`unit 1 (serial ${unit.serialId}): skive not recorded`);
    const done = await okStep(skived, unit._id, { step: 'skive' });
    expect(done.units[0]!.ready).toBe(true);
    expect((await post(`workorder/${skived._id}/complete`)).status).toBe(200);
  });
});

describe('a reorder from a scanned tag', () => {
  it('makes serials linked to the scanned one', async () => {
    const { warehouseId, hoseAssemblyId } = await stockedAssembly(t, shop, 1);
    const scanned = (
      await api<{ items: { serialId: string }[] }>(t, shop, `hoseassembly/${hoseAssemblyId}/serials`, {
        quantity: 1,
      })
    ).items[0]!.serialId;
    let order = await api<WorkOrder>(
      t,
      shop,
      'workorders/create',
      { from: 'reorder', serialId: scanned, quantity: 1, warehouseId },
      201,
    );
    order = await api<WorkOrder>(t, shop, `workorder/${order._id}/release`);
    expect(order.units[0]!.replacesSerialId).toBe(scanned);
    order = await buildAll(order);
    const res = await post(`workorder/${order._id}/complete`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const newSerial = order.units[0]!.serialId;
    const [row] = await t.database.withTenant(shop.organizationId, (tx) =>
      tx
        .select()
        .from(hoseAssemblySerials)
        .where(
          and(
            eq(hoseAssemblySerials.organizationId, shop.organizationId),
            eq(hoseAssemblySerials.serialId, newSerial),
          ),
        ),
    );
    expect(row).toMatchObject({ hoseAssemblyId, replacesSerialId: scanned });
    const assembly = await get(`hoseassembly/${hoseAssemblyId}`);
    expect(assembly.body.serials).toEqual(
      expect.arrayContaining([expect.objectContaining({ serialId: newSerial, replacesSerialId: scanned })]),
    );
  });
});

describe('a shortage at completion', () => {
  it('refuses with what is on hand and rolls everything back', async () => {
    const order = await readyWorkOrder(t, shop, 1);
    const hose = order.picks.find((p) => p.partNumber === 'GEN-2SN-08');
    if (!hose) throw new Error('the work order picks no hose');
    // Someone scraps the reel the order reserved from: movements do not look at reservations (ADR 18).
    const scrap = await post(
      'inventory/movements/create',
      {
        type: 'scrap',
        componentId: hose.componentId,
        warehouseId: hose.warehouse._id,
        locationId: hose.location?._id ?? null,
        quantity: 500,
        unit: 'mm',
        reason: 'Damaged',
      },
      shop.adminToken,
    );
    expect(scrap.status, JSON.stringify(scrap.body)).toBe(201);

    const before = await snapshot(order._id);
    const res = await post(`workorder/${order._id}/complete`);
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(
      new RegExp(
        `^Only 0\\.50 m of GEN-2SN-08 is in .*; 0\\.89 m was asked for\\. Work order ${order.number} needs it and was not completed`,
      ),
    );
    expect(await snapshot(order._id)).toEqual(before);
    const current = (await get(`workorder/${order._id}`)).body as WorkOrder;
    expect(current.status).toBe('inProgress');
    expect(current.units[0]!.completedAt).toBeNull();
  });
});
