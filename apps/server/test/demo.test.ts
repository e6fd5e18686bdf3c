/**
 * The demo organisation a new installation creates: the sample catalogue, and warehouses with opening stock
 * written through the ledger (ADR 17), so /warehouses and /inventory have something to show.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { memberships } from '../src/db/schema.ts';
import { seedDemoIfEmpty } from '../src/modules/demo/seed.ts';
import { ledgerTotals } from '../src/modules/inventory/ledger.ts';
import { bearer, createTestApp, mintToken, type TestApp } from './helpers.ts';

const t: TestApp = await createTestApp();
afterAll(() => t.close());

describe('the demo organisation', () => {
  it('has a main shop (the default) and a service van holding opening stock, and is made once', async () => {
    const demo = await seedDemoIfEmpty(t.database, 'demo-Password-1');
    expect(demo).not.toBeNull();
    expect(await seedDemoIfEmpty(t.database, 'demo-Password-1')).toBeNull();
    const { organizationId } = demo!;
    const adminId = await t.database.withTenant(organizationId, async (tx) => {
      const [row] = await tx.select({ userId: memberships.userId }).from(memberships);
      return row!.userId;
    });
    const token = await mintToken(t, { userId: adminId, organizationId });
    const get = async (url: string) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/${url}`, headers: bearer(token) });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };

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
    // 50 m received on the main shop's reel, 15 m of it moved to the van.
    expect(line('GEN-2SN-08', 'MAIN')).toMatchObject({
      onHand: 35_000,
      stockUnit: 'mm',
      location: { code: 'REEL-1' },
    });
    expect(line('GEN-2SN-08', 'VAN-1')).toMatchObject({ onHand: 15_000, location: { code: 'REEL' } });
    expect(line('F-SN-08-FJX90', 'MAIN')).toMatchObject({ onHand: 24, stockUnit: 'each', value: 156 });
    expect(stock.totalValue).toBeGreaterThan(0);

    // The levels are the ledger's sums.
    const totals = await t.database.withTenant(organizationId, (tx) => ledgerTotals(tx, organizationId));
    expect(totals.length).toBe(stock.total);
  });
});
