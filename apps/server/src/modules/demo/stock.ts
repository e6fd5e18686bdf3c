/**
 * The demo's warehouses and a little stock, so /warehouses and /inventory show what a shop's look like: the
 * main shop (the default) with bins and a hose reel, and a service van. Written through the same services
 * as the API (ADR 17): warehouses with their locations, then receipts into the ledger.
 */
import { warehouseInputSchema } from '@hosewright/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { components } from '../../db/schema.ts';
import { type LedgerEntry, recordMovements } from '../inventory/ledger.ts';
import { createWarehouse } from '../warehouses/service.ts';

/** Part number -> what the main shop holds, where, and at what cost (per the item's cost unit). */
const MAIN_STOCK = [
  { partNumber: 'GEN-2SN-08', location: 'REEL-1', quantity: 50_000, unitCost: 4.2 },
  { partNumber: 'GEN-2SN-06', location: 'REEL-2', quantity: 30_000, unitCost: 3.6 },
  { partNumber: 'F-SN-08-FJX90', location: 'A1', quantity: 24, unitCost: 6.5 },
  { partNumber: 'F-SN-08-FJX', location: 'A1', quantity: 18, unitCost: 5.4 },
  { partNumber: 'FER-SN-08', location: 'A2', quantity: 40, unitCost: 1.1 },
] as const;

export async function seedDemoStock(tx: Tx, organizationId: string, userId: string): Promise<void> {
  const main = await createWarehouse(
    tx,
    organizationId,
    warehouseInputSchema.parse({
      code: 'MAIN',
      name: 'Main shop',
      region: 'Head office',
      locations: [
        { code: 'A1', name: 'Fittings, bay A shelf 1' },
        { code: 'A2', name: 'Ferrules, bay A shelf 2' },
        { code: 'REEL-1', name: 'Hose reel rack 1' },
        { code: 'REEL-2', name: 'Hose reel rack 2' },
      ],
    }),
  );
  const van = await createWarehouse(
    tx,
    organizationId,
    warehouseInputSchema.parse({
      code: 'VAN-1',
      name: 'Service van 1',
      kind: 'van',
      locations: [{ code: 'REEL', name: 'Hose reel' }],
    }),
  );
  const parts = await tx
    .select({ id: components.id, partNumber: components.partNumber })
    .from(components)
    .where(
      and(
        eq(components.organizationId, organizationId),
        inArray(
          components.partNumber,
          MAIN_STOCK.map((s) => s.partNumber),
        ),
      ),
    );
  const idOf = new Map(parts.map((p) => [p.partNumber, p.id]));
  const locationOf = new Map(main.locations.map((l) => [l.code, l._id]));
  const entries: LedgerEntry[] = [];
  for (const stock of MAIN_STOCK) {
    const componentId = idOf.get(stock.partNumber);
    if (!componentId) continue;
    entries.push({
      type: 'receipt',
      componentId,
      warehouseId: main._id,
      locationId: locationOf.get(stock.location) ?? null,
      quantity: stock.quantity,
      unitCost: stock.unitCost,
      reference: 'Opening stock',
    });
  }
  const hose = idOf.get('GEN-2SN-08');
  if (hose) {
    entries.push({
      type: 'transfer',
      componentId: hose,
      from: { warehouseId: main._id, locationId: locationOf.get('REEL-1') ?? null },
      to: { warehouseId: van._id, locationId: van.locations[0]?._id ?? null },
      quantity: 15_000,
      notes: 'Stocking the van',
    });
  }
  await recordMovements(tx, organizationId, userId, entries);
}
