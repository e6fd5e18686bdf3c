/**
 * Price lists and estimates (issue 17) in a process of their own, so the import's memory is its own, on the
 * embedded default (PGlite in a data directory) or on the PostgreSQL named by DATABASE_URL. Prints one JSON
 * line:
 * - a 100,000-item price list CSV through the real import job (the `priceList` target, ADR 21), from upload to
 *   committed draft, with its peak RSS growth (the kernel's high-water mark, as bench/import.ts measures it);
 * - pricing a 200-line estimate (`POST /api/v1/salesestimates/price`) for a customer whose published price
 *   list holds those 100,000 items: p95 of 40 calls.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { ComponentInput } from '@hosewright/domain';
import { sql } from 'drizzle-orm';
import { upsertComponents } from '../apps/server/src/modules/components/service.ts';
import { runComponentImport, stageComponentImport } from '../apps/server/src/modules/imports/service.ts';
import { createTenant, createTestApp } from '../apps/server/test/helpers.ts';

const ITEMS = 100_000;
const LINES = 200;

function statusMb(field: 'VmRSS' | 'VmHWM'): number | null {
  try {
    const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync('/proc/self/status', 'utf8'));
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

function resetPeak(): boolean {
  try {
    writeFileSync('/proc/self/clear_refs', '5');
    return statusMb('VmHWM') !== null;
  } catch {
    return false;
  }
}

const rssMb = () => process.memoryUsage().rss / 1024 / 1024;
const partNumber = (i: number) => `PL-${String(i).padStart(6, '0')}`;

const dataDir = mkdtempSync(path.join(tmpdir(), 'hosewright-bench-estimates-'));
const UNTHROTTLED = { API_RATE_LIMIT_PER_USER: '1000000000', API_RATE_LIMIT_PER_ADDRESS: '1000000000' };
const app = await createTestApp(UNTHROTTLED, {
  pgliteDir: path.join(dataDir, 'pglite'),
  validateResponses: false,
});
const owner = await createTenant(app, { tier: 'enterprise' });
const headers = { authorization: `Bearer ${owner.adminToken}` };
const post = async (url: string, payload: object = {}) => {
  const res = await app.app.inject({ method: 'POST', url: `/api/v1/${url}`, headers, payload });
  if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json();
};

// 100,000 catalogue items the list prices: other items with a cost each.
const catalogue: ComponentInput[] = [];
for (let i = 0; i < ITEMS; i++) {
  catalogue.push({
    kind: 'otherItem',
    partNumber: partNumber(i),
    brand: 'BENCH',
    description: `Bench item ${i}`,
    productGroup: 'Bench',
    cost: 1 + (i % 90) / 10,
    costUnit: 'each',
    active: true,
  } as ComponentInput);
}
await app.database.withTenant(owner.organizationId, (tx) =>
  upsertComponents(tx, owner.organizationId, catalogue, { origin: 'custom' }),
);
await app.database.db.execute(sql`analyze components`);

const customer = await post('customer/new/update', { name: 'Bench Fleet' });
const list = await post('pricelists/create', {
  name: 'Bench list',
  currency: 'USD',
  customerIds: [customer._id],
});

const rows = ['priceList,partNumber,unitPrice,break1Quantity,break1Price'];
for (let i = 0; i < ITEMS; i++) {
  const price = (2 + (i % 90) / 5).toFixed(2);
  rows.push(`Bench list,${partNumber(i)},${price},10,${(Number(price) * 0.9).toFixed(2)}`);
}
const file = Buffer.from(`${rows.join('\n')}\n`);

const exact = resetPeak();
const before = exact ? (statusMb('VmRSS') ?? rssMb()) : rssMb();
let sampled = before;
const sampler = setInterval(() => {
  sampled = Math.max(sampled, rssMb());
}, 10);
const start = performance.now();
const id = await stageComponentImport(app.database, app.importTargets, {
  organizationId: owner.organizationId,
  userId: owner.adminId,
  kind: 'priceList',
  fileName: 'bench-price-list.csv',
  file,
});
const outcome = await runComponentImport(app.database, app.importTargets, owner.organizationId, id);
const importMs = performance.now() - start;
clearInterval(sampler);
const peak = exact ? (statusMb('VmHWM') ?? sampled) : Math.max(sampled, rssMb());

const today = new Date().toISOString().slice(0, 10);
await post(`pricelist/${list._id}/draft/publish`, { effectiveFrom: today });

// 200 lines naming items spread across the list, half of them reaching the quantity break.
const ids = await app.database.withTenant(owner.organizationId, (tx) =>
  tx.execute<{ id: string }>(
    sql`select id from components where organization_id = ${owner.organizationId} and brand = 'BENCH' order by part_number limit ${LINES} offset 5000`,
  ),
);
const lineIds = (ids as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
const lines = lineIds.map((itemId, i) => ({ type: 'component', itemId, quantity: i % 2 ? 12 : 3 }));
const body = { customerId: customer._id, lines };
const times: number[] = [];
let priced = 0;
for (let i = 0; i < 45; i++) {
  const t0 = performance.now();
  const res = await app.app.inject({
    method: 'POST',
    url: '/api/v1/salesestimates/price',
    headers,
    payload: body,
  });
  const ms = performance.now() - t0;
  if (res.statusCode !== 200) throw new Error(`price: ${res.statusCode} ${res.body.slice(0, 500)}`);
  if (i >= 5) times.push(ms);
  priced = (res.json().lines as { pricedBy: { source: string } }[]).filter(
    (l) => l.pricedBy.source === 'priceList',
  ).length;
}
times.sort((x, y) => x - y);

console.log(
  JSON.stringify({
    importStatus: outcome.status,
    importedRows: outcome.created + outcome.updated,
    importMs,
    growthMb: peak - before,
    peak: exact ? 'high-water mark' : 'sampled',
    pricingP95: times[Math.floor(times.length * 0.95)] ?? 0,
    pricedFromList: priced,
  }),
);
await app.close();
rmSync(dataDir, { recursive: true, force: true });
