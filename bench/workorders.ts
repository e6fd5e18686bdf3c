/**
 * Completing a work order of 50 units on PGlite (issue 16): one transaction that consumes the reserved stock
 * through the ledger (hose by length and every part), records 50 built serials and closes the order
 * (ADR 18). Each round receives the stock, creates and releases a 50-unit work order through the API, marks
 * every unit's bench steps done in bulk SQL (and the order in progress) (the bench's per-step calls are not what is timed), then times
 * `POST /api/v1/workorder/{id}/complete`.
 *
 * `workOrderScenario()` answers the figure in run.ts's result shape; `tsx bench/workorders.ts` prints it.
 */
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { BUILD_STEPS } from '@hosewright/domain';
import { sql } from 'drizzle-orm';
import { exampleInput, sampleParts } from '../apps/server/test/fixtures-assemblies.ts';
import { createTenant, createTestApp } from '../apps/server/test/helpers.ts';
import type { ScenarioResult } from './inventory.ts';

const UNITS = 50;
const ROUNDS = 12;
const BUDGET_MS = 500;

export async function workOrderScenario(): Promise<ScenarioResult[]> {
  const UNTHROTTLED = { API_RATE_LIMIT_PER_USER: '1000000000', API_RATE_LIMIT_PER_ADDRESS: '1000000000' };
  const t = await createTestApp(UNTHROTTLED, { validateResponses: false });
  try {
    const shop = await createTenant(t, { tier: 'professional' });
    const headers = { authorization: `Bearer ${shop.adminToken}` };
    const post = async (url: string, payload: object = {}) => {
      const res = await t.app.inject({ method: 'POST', url: `/api/v1/${url}`, headers, payload });
      if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      return res.json();
    };
    const warehouse = await post('warehouse/new/update', {
      code: 'MAIN',
      name: 'Main shop',
      locations: [{ code: 'REEL-1' }, { code: 'A1' }],
    });
    const [reel, bin] = warehouse.locations as { _id: string }[];
    const ids = await sampleParts(t, shop);
    const assembly = await post('hoseassembly/new/update', exampleInput(ids));
    const receive = (
      componentId: string | undefined,
      locationId: string | undefined,
      quantity: number,
      unit: string,
    ) =>
      post('inventory/movements/create', {
        type: 'receipt',
        componentId,
        warehouseId: warehouse._id,
        locationId,
        quantity,
        unit,
      });

    const steps = Object.fromEntries(
      BUILD_STEPS.map((s) => [s, { at: new Date().toISOString(), byId: shop.adminId, byName: 'Bench' }]),
    );
    const times: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      // 50 cuts of 890 mm from one reel, and two fittings and two ferrules per unit.
      await receive(ids['GEN-2SN-08'], reel?._id, 50, 'm');
      await receive(ids['F-SN-08-FJX90'], bin?._id, 2 * UNITS, 'each');
      await receive(ids['FER-SN-08'], bin?._id, 2 * UNITS, 'each');
      const order = await post('workorders/create', {
        from: 'assemblies',
        lines: [{ hoseAssemblyId: assembly._id, quantity: UNITS }],
      });
      await post(`workorder/${order._id}/release`);
      await t.database.withTenant(shop.organizationId, (tx) =>
        tx.execute(sql`update work_order_units set
            steps = ${JSON.stringify(steps)}::jsonb,
            cut_length_mm = 890,
            assembled_by = ${shop.adminId},
            crimp = jsonb_set(jsonb_set(crimp, '{endA,measuredMm}',
              coalesce(crimp->'endA'->'targetMm', '24')), '{endB,measuredMm}',
              coalesce(crimp->'endB'->'targetMm', '24')),
            test = ${JSON.stringify({
              pressurePsi: 8000,
              holdSeconds: 30,
              result: 'pass',
              at: new Date().toISOString(),
              byId: shop.adminId,
              byName: 'Bench',
            })}::jsonb
          where work_order_id = ${order._id}`),
      );
      await t.database.withTenant(shop.organizationId, (tx) =>
        tx.execute(sql`update work_orders set status = 'inProgress' where id = ${order._id}`),
      );
      const start = performance.now();
      const done = await t.app.inject({
        method: 'POST',
        url: `/api/v1/workorder/${order._id}/complete`,
        headers,
        payload: {},
      });
      const ms = performance.now() - start;
      if (done.statusCode !== 200) throw new Error(`complete: ${done.statusCode} ${done.body}`);
      // The first round warms the code paths and the planner; it is not counted.
      if (round > 0) times.push(ms);
    }
    if (process.env.BENCH_DETAIL) {
      console.log(`(complete 50 units: ${times.map((m) => Math.round(m)).join(', ')} ms)`);
    }
    times.sort((a, b) => a - b);
    const p95 = times[Math.min(times.length - 1, Math.floor(times.length * 0.95))] ?? 0;
    return [
      {
        name: `POST /api/v1/workorder/{id}/complete p95 (${UNITS} units, PGlite)`,
        value: p95,
        unit: 'ms',
        budget: `<= ${BUDGET_MS} ms`,
        ok: p95 <= BUDGET_MS,
      },
    ];
  } finally {
    await t.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const r of await workOrderScenario()) {
    console.log(
      `${r.ok ? 'PASS' : 'OVER'}  ${r.name}: ${Math.round(r.value)} ${r.unit} (budget ${r.budget})`,
    );
  }
}
