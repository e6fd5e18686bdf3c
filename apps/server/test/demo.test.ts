/**
 * The demo organisation a new installation creates looks like a real shop (issue 19): the sample catalogue,
 * warehouses with opening stock written through the ledger (ADR 17) and remnants (ADR 19), customers with
 * contacts and terms, assemblies with revisions and built units, kits, a price list, estimates and work
 * orders in each status. Checked through the API as the demo admin sees it; another organisation sees none.
 */
import { ESTIMATE_STORED_STATUSES, WORK_ORDER_STATUSES } from '@hosewright/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships } from '../src/db/schema.ts';
import { type DemoSeed, seedDemoIfEmpty } from '../src/modules/demo/seed.ts';
import { DEMO_ASSEMBLIES, DEMO_CUSTOMERS, DEMO_KITS, DEMO_PRICE_LIST } from '../src/modules/demo/shop.ts';
import { ledgerTotals } from '../src/modules/inventory/ledger.ts';
import { bearer, createTenant, createTestApp, mintToken, type TestApp } from './helpers.ts';

const t: TestApp = await createTestApp();
afterAll(() => t.close());

let demo: DemoSeed;
let seedMs: number;
let token: string;

beforeAll(async () => {
  const started = performance.now();
  const seeded = await seedDemoIfEmpty(t.database, 'demo-Password-1');
  seedMs = performance.now() - started;
  if (!seeded) throw new Error('the demo was not made on an empty database');
  demo = seeded;
  const adminId = await t.database.withTenant(demo.organizationId, async (tx) => {
    const [row] = await tx.select({ userId: memberships.userId }).from(memberships);
    return row!.userId;
  });
  token = await mintToken(t, { userId: adminId, organizationId: demo.organizationId });
});

async function getAs(who: string, url: string) {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/${url}`, headers: bearer(who) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const get = (url: string) => getAs(token, url);

describe('the demo organisation', () => {
  it('is made once, quickly', async () => {
    expect(await seedDemoIfEmpty(t.database, 'demo-Password-1')).toBeNull();
    // Servers start with it (every journey starts one): it must stay quick on the embedded database.
    expect(seedMs).toBeLessThan(15_000);
    console.info(`demo shop seeded in ${Math.round(seedMs)} ms`);
  });

  it('has a main shop (the default) and a service van holding opening stock and remnants', async () => {
    const warehouses = await get('warehouses');
    expect(
      warehouses.items.map((w: { code: string; isDefault: boolean; kind: string }) => [
        w.code,
        w.isDefault,
        w.kind,
      ]),
    ).toEqual([
      ['MAIN', true, 'warehouse'],
      ['VAN-1', false, 'van'],
    ]);
    expect(await get('organization/defaultwarehouse')).toEqual({
      defaultWarehouseName: 'Main shop',
      defaultWarehouseCode: 'MAIN',
    });

    const stock = await get('inventory?itemsPerPage=100');
    const line = (partNumber: string, warehouse: string) =>
      stock.items.find(
        (l: { component: { partNumber: string }; warehouse: { code: string } }) =>
          l.component.partNumber === partNumber && l.warehouse.code === warehouse,
      );
    // 50 m received on the main shop's reel, 15 m of it moved to the van, 2 × 890 mm cut by the completed
    // work order.
    expect(line('GEN-2SN-08', 'MAIN')).toMatchObject({
      onHand: 33_220,
      stockUnit: 'mm',
      location: { code: 'REEL-1' },
    });
    expect(line('GEN-2SN-08', 'VAN-1')).toMatchObject({ onHand: 15_000, location: { code: 'REEL' } });
    // 24 received, 4 consumed by the completed work order.
    expect(line('F-SN-08-FJX90', 'MAIN')).toMatchObject({ onHand: 20, stockUnit: 'each', value: 130 });
    expect(stock.totalValue).toBeGreaterThan(0);
    // The levels are the ledger's sums.
    const totals = await t.database.withTenant(demo.organizationId, (tx) =>
      ledgerTotals(tx, demo.organizationId),
    );
    expect(totals.length).toBe(stock.total);

    const remnants = await get('inventory/pieces?remnants=true');
    expect(
      remnants.items
        .map((p: { component: { partNumber: string }; length: number; remnant: boolean }) => [
          p.component.partNumber,
          p.length,
          p.remnant,
        ])
        .sort(),
    ).toEqual([
      ['GEN-2SN-06', 900, true],
      ['GEN-R15-10', 1200, true],
    ]);
  });

  it('has customers with contacts and terms', async () => {
    const customers = await get('customers?itemsPerPage=100');
    expect(customers.total).toBe(DEMO_CUSTOMERS.length);
    expect(customers.total).toBeGreaterThanOrEqual(8);
    for (const customer of customers.items) {
      expect(customer.contacts.length, customer.name).toBeGreaterThan(0);
      expect(customer.marginPct ?? customer.discountPct, customer.name).not.toBeNull();
    }
    const redDeer = customers.items.find((c: { name: string }) => c.name === 'Red Deer Excavating');
    expect(redDeer).toMatchObject({
      marginPct: 35,
      discountPct: 5,
      productGroupTerms: [{ productGroup: 'Hose', marginPct: 40 }],
    });
  });

  it('has a few dozen assemblies, some revised and some with built units', async () => {
    const assemblies = await get('hoseassemblies?itemsPerPage=100');
    expect(assemblies.total).toBe(DEMO_ASSEMBLIES.length);
    expect(assemblies.total).toBeGreaterThanOrEqual(24);
    const items = assemblies.items as { _id: string; revision: string; hosePartNumber: string }[];
    expect(new Set(items.map((a) => a.hosePartNumber)).size).toBeGreaterThanOrEqual(5);
    expect(items.filter((a) => a.revision === 'B')).toHaveLength(3);
    const withSerials = [];
    for (const item of items) {
      const assembly = await get(`hoseassembly/${item._id}`);
      if (assembly.serials.length > 0) withSerials.push(assembly.serials.length);
    }
    // Five built outside a work order, and the worked example built by the completed work order.
    expect(withSerials.length).toBeGreaterThanOrEqual(5);
  });

  it('has kits of those assemblies, some released', async () => {
    const kits = await get('hosekits?itemsPerPage=100');
    expect(kits.total).toBe(DEMO_KITS.length);
    expect(kits.items.filter((k: { released: boolean }) => k.released)).toHaveLength(2);
    const kit = await get(`hosekit/${kits.items[0]._id}`);
    expect(kit.lines.some((l: { lineType: string }) => l.lineType === 'hoseAssembly')).toBe(true);
  });

  it('has a work order in every status', async () => {
    for (const status of WORK_ORDER_STATUSES) {
      const orders = await get(`workorders?status=${status}`);
      expect(orders.total, status).toBeGreaterThan(0);
    }
    const [inProgress] = (await get('workorders?status=inProgress')).items;
    const order = await get(`workorder/${inProgress._id}`);
    expect(order.units.length).toBeGreaterThan(0);
    expect(order.units.every((u: { serialId: string }) => u.serialId)).toBe(true);
  });

  it('has estimates in each status and a published price list', async () => {
    for (const status of ESTIMATE_STORED_STATUSES) {
      const estimates = await get(`salesestimates?status=${status}`);
      expect(estimates.total, status).toBeGreaterThan(0);
    }
    const [accepted] = (await get('salesestimates?status=accepted')).items;
    expect(accepted.customer.name).toBe('Northline Forestry');
    // Accepting made its work order.
    const fromEstimate = await get(`workorders?customerId=${accepted.customer._id}`);
    expect(fromEstimate.total).toBeGreaterThan(0);

    const lists = await get('pricelists');
    expect(lists.items.map((l: { name: string }) => l.name)).toEqual([DEMO_PRICE_LIST]);
    const items = await get(`pricelist/${lists.items[0]._id}/items?itemsPerPage=100`);
    expect(items.total).toBe(9);
  });

  it('is seen by no other organisation', async () => {
    const other = await createTenant(t, { tier: 'enterprise', name: 'Other Hydraulics' });
    for (const url of [
      'customers',
      'hoseassemblies',
      'hosekits',
      'warehouses',
      'inventory',
      'inventory/pieces',
      'workorders',
      'salesestimates',
      'pricelists',
    ]) {
      expect((await getAs(other.adminToken, url)).total, url).toBe(0);
    }
  });
});
