/**
 * The inventory list with a long ledger behind it: a shop with 2,000 items stocked in 5,000 places (three
 * warehouses of ten locations, and no location) and 100,000 ledger rows, seeded in bulk SQL with the
 * `stock_levels` figures that match them, then the p95 of `GET /api/v1/inventory` through the API (the
 * first page, a warehouse, a text search, the low lines, by value, a later page) on PGlite. The list reads
 * `stock_levels`, not the ledger, so the ledger's length should not show (ADR 17).
 *
 * `inventoryScenario()` answers the figure in run.ts's result shape; `tsx bench/inventory.ts` prints it
 * (`BENCH_DETAIL=1` adds the median of each list asked).
 */
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import type { ComponentInput } from '@hosewright/domain';
import { sql } from 'drizzle-orm';
import { upsertComponents } from '../apps/server/src/modules/components/service.ts';
import { createTenant, createTestApp } from '../apps/server/test/helpers.ts';

const ITEMS = 2_000;
const PLACES = 5_000;
const LEDGER_ROWS = 100_000;
const BUDGET_MS = 50;

export interface ScenarioResult {
  name: string;
  value: number;
  unit: string;
  budget: string;
  ok: boolean;
}

function items(): ComponentInput[] {
  const out: ComponentInput[] = [];
  for (let i = 0; i < ITEMS; i++) {
    const dash = [-4, -6, -8, -10, -12, -16][i % 6] ?? -8;
    out.push(
      i % 10 === 0
        ? ({
            kind: 'hose',
            partNumber: `IH-${i}`,
            brand: 'BENCH',
            description: `Stock hose ${i}`,
            series: 'AC',
            dash,
            workingPressurePsi: 3000,
            skive: false,
            cost: 2 + (i % 50) / 10,
            costUnit: 'm',
            active: true,
          } as ComponentInput)
        : ({
            kind: 'crimpFitting',
            partNumber: `IF-${i}`,
            brand: 'BENCH',
            description: `Stock fitting ${i}`,
            series: 'AC',
            dash,
            endType: 'JIC37',
            gender: 'F',
            swivel: true,
            angle: 90,
            pieces: 2,
            cutoffMm: 30,
            workingPressurePsi: 4000,
            cost: 1 + (i % 90) / 10,
            costUnit: 'each',
            active: true,
          } as ComponentInput),
    );
  }
  return out;
}

export async function inventoryScenario(): Promise<ScenarioResult[]> {
  const UNTHROTTLED = { API_RATE_LIMIT_PER_USER: '1000000000', API_RATE_LIMIT_PER_ADDRESS: '1000000000' };
  const t = await createTestApp(UNTHROTTLED, { validateResponses: false });
  try {
    const shop = await createTenant(t, { tier: 'professional' });
    const headers = { authorization: `Bearer ${shop.regularToken}` };
    const org = shop.organizationId;
    const warehouseIds: string[] = [];
    for (const code of ['MAIN', 'NORTH', 'VAN1']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/warehouse/new/update',
        headers: { authorization: `Bearer ${shop.adminToken}` },
        payload: {
          code,
          name: `Warehouse ${code}`,
          locations: Array.from({ length: 10 }, (_, i) => ({ code: `L${i + 1}` })),
        },
      });
      if (res.statusCode !== 200) throw new Error(`warehouse: ${res.statusCode} ${res.body}`);
      warehouseIds.push(res.json()._id);
    }

    const seedStart = performance.now();
    await t.database.withTenant(org, async (tx) => {
      await upsertComponents(tx, org, items(), { origin: 'catalogue' });
      // 5,000 places: an item in a warehouse and one of its locations (or none), each distinct.
      await tx.execute(sql`
        create temporary table bench_places on commit drop as
        select row_number() over () - 1 as n, component_id, warehouse_id, location_id from (
          select c.id as component_id, w.id as warehouse_id, l.id as location_id
          from components c
          cross join warehouses w
          left join lateral (
            select id from warehouse_locations wl where wl.warehouse_id = w.id
            union all select null::uuid) l on true
          where c.organization_id = ${org} and c.brand = 'BENCH' and w.organization_id = ${org}
          order by md5(c.id::text || w.id::text || coalesce(l.id::text, ''))
          limit ${PLACES}) p`);
      // 100,000 rows: receipts, then every fourth place gives some back out (never below zero).
      await tx.execute(sql`
        insert into stock_movements (organization_id, type, component_id, warehouse_id, location_id,
          quantity, value, on_hand_after, created_at)
        select ${org}, case when g % 4 = 3 then 'consumption' else 'receipt' end,
          p.component_id, p.warehouse_id, p.location_id,
          case when g % 4 = 3 then -1 else 3 end * (1 + g % 7),
          case when g % 4 = 3 then -1 else 3 end * (1 + g % 7) * 0.5, 0,
          now() - (${LEDGER_ROWS} - g) * interval '1 minute'
        from generate_series(0, ${LEDGER_ROWS - 1}) g
        join bench_places p on p.n = g % ${PLACES}`);
      await tx.execute(sql`
        update stock_movements m set on_hand_after = r.s
        from (select id, sum(quantity) over (partition by component_id, warehouse_id, location_id
                order by seq) as s
              from stock_movements where organization_id = ${org}) r
        where m.id = r.id`);
      await tx.execute(sql`
        insert into stock_levels (organization_id, component_id, warehouse_id, location_id, on_hand, value)
        select ${org}, component_id, warehouse_id, location_id, sum(quantity), sum(value)
        from stock_movements where organization_id = ${org}
        group by component_id, warehouse_id, location_id`);
      // A reorder point for every fifth item in each warehouse.
      await tx.execute(sql`
        insert into stock_reorder_points (organization_id, component_id, warehouse_id, reorder_point)
        select distinct ${org}::uuid, component_id, warehouse_id, 40 from bench_places where n % 5 = 0
        on conflict do nothing`);
    });
    // Planner statistics, as after a large write (PGlite has no autovacuum).
    for (const table of ['stock_movements', 'stock_levels', 'stock_reorder_points', 'components']) {
      await t.database.db.execute(sql.raw(`analyze ${table}`));
    }
    const seedMs = Math.round(performance.now() - seedStart);
    const [rows] = (
      (await t.database.withTenant(org, (tx) =>
        tx.execute(sql`select (select count(*) from stock_movements)::int as ledger,
          (select count(*) from stock_levels)::int as levels`),
      )) as unknown as { rows: { ledger: number; levels: number }[] }
    ).rows;
    console.log(
      `(inventory: seeded ${rows?.ledger} ledger rows and ${rows?.levels} stock lines in ${seedMs} ms)`,
    );

    const urls = [
      '/api/v1/inventory',
      `/api/v1/inventory?warehouseId=${warehouseIds[0]}`,
      '/api/v1/inventory?q=stock%20hose%2011',
      '/api/v1/inventory?low=true',
      '/api/v1/inventory?sort=value&order=desc',
      `/api/v1/inventory?warehouseId=${warehouseIds[2]}&kind=hose&page=3`,
      '/api/v1/inventory?page=40',
    ];
    for (const url of urls) {
      const res = await t.app.inject({ method: 'GET', url, headers });
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    }
    const times: number[] = [];
    for (let i = 0; i < 140; i++) {
      const start = performance.now();
      await t.app.inject({ method: 'GET', url: urls[i % urls.length] ?? urls[0]!, headers });
      times.push(performance.now() - start);
    }
    if (process.env.BENCH_DETAIL) {
      for (const [i, url] of urls.entries()) {
        const mine = times.filter((_, j) => j % urls.length === i).sort((a, b) => a - b);
        console.log(`(${url}: median ${Math.round(mine[Math.floor(mine.length / 2)] ?? 0)} ms)`);
      }
    }
    times.sort((a, b) => a - b);
    const p95 = times[Math.floor(times.length * 0.95)] ?? 0;
    return [
      {
        name: 'GET /api/v1/inventory p95 (100,000 ledger rows, 5,000 stock lines, PGlite)',
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
  for (const r of await inventoryScenario()) {
    console.log(
      `${r.ok ? 'PASS' : 'OVER'}  ${r.name}: ${Math.round(r.value)} ${r.unit} (budget ${r.budget})`,
    );
  }
}
