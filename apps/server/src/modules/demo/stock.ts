/**
 * The demo's warehouses and stock, so /warehouses and /inventory show what a shop's look like: the main shop
 * (the default) with bins, hose reels and a couple of remnants, and a service van. Written through the same services
 * as the API (ADR 17): warehouses with their locations, then receipts into the ledger.
 */
import { warehouseInputSchema } from '@hosewright/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { components } from '../../db/schema.ts';
import { type LedgerEntry, recordMovements } from '../inventory/ledger.ts';
import { createWarehouse } from '../warehouses/service.ts';

/**
 * Part number -> what the main shop holds, where, and at what cost (per the item's cost unit); hose by the
 * reel (mm) with its batch and date code.
 */
const MAIN_STOCK = [
  {
    partNumber: 'GEN-2SN-08',
    location: 'REEL-1',
    quantity: 50_000,
    unitCost: 4.2,
    batch: 'B-2506',
    dateCode: '2025-06',
  },
  {
    partNumber: 'GEN-2SN-06',
    location: 'REEL-2',
    quantity: 30_000,
    unitCost: 3.6,
    batch: 'B-2509',
    dateCode: '2025-09',
  },
  {
    partNumber: 'GEN-1SN-04',
    location: 'REEL-2',
    quantity: 25_000,
    unitCost: 2.4,
    batch: 'B-2511',
    dateCode: '2025-11',
  },
  {
    partNumber: 'GEN-R15-10',
    location: 'REEL-3',
    quantity: 20_000,
    unitCost: 9.8,
    batch: 'B-2504',
    dateCode: '2025-04',
  },
  { partNumber: 'F-SN-08-FJX90', location: 'A1', quantity: 24, unitCost: 6.5 },
  { partNumber: 'F-SN-08-FJX', location: 'A1', quantity: 18, unitCost: 5.4 },
  { partNumber: 'F-SN-08-FFOR', location: 'A1', quantity: 12, unitCost: 3.4 },
  { partNumber: 'F-SN-08-MORB', location: 'A1', quantity: 10, unitCost: 3 },
  { partNumber: 'F-SN-06-FJX', location: 'A3', quantity: 20, unitCost: 2.4 },
  { partNumber: 'F-SN-06-FJX90', location: 'A3', quantity: 8, unitCost: 4.6 },
  { partNumber: 'F-SN-04-FJX', location: 'A3', quantity: 16, unitCost: 2.1 },
  { partNumber: 'F-XS-10-FJX', location: 'B1', quantity: 6, unitCost: 9.4 },
  { partNumber: 'FER-SN-08', location: 'A2', quantity: 40, unitCost: 1.1 },
  { partNumber: 'FER-SN-06', location: 'A2', quantity: 30, unitCost: 0.9 },
  { partNumber: 'FER-SN-04', location: 'A2', quantity: 20, unitCost: 0.7 },
  { partNumber: 'FER-XS-10', location: 'B1', quantity: 6, unitCost: 3.9 },
] as const;

/**
 * Offcuts kept from earlier jobs: pieces shorter than the organisation's remnant length (1,500 mm unless
 * set otherwise, ADR 19), so the Hose pieces tab shows remnants.
 */
const REMNANTS = [
  { partNumber: 'GEN-2SN-06', location: 'REEL-2', quantity: 900, batch: 'B-2502', dateCode: '2025-02' },
  { partNumber: 'GEN-R15-10', location: 'REEL-3', quantity: 1_200, batch: 'B-2410', dateCode: '2024-10' },
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
        { code: 'REEL-3', name: 'Hose reel rack 3' },
        { code: 'A3', name: 'Small fittings, bay A shelf 3' },
        { code: 'B1', name: 'Spiral fittings, bay B shelf 1' },
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
          MAIN_STOCK.map((s) => s.partNumber as string),
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
      ...('batch' in stock ? { batch: stock.batch, dateCode: stock.dateCode } : {}),
      reference: 'Opening stock',
    });
  }
  for (const remnant of REMNANTS) {
    const componentId = idOf.get(remnant.partNumber);
    if (!componentId) continue;
    entries.push({
      type: 'return',
      componentId,
      warehouseId: main._id,
      locationId: locationOf.get(remnant.location) ?? null,
      quantity: remnant.quantity,
      batch: remnant.batch,
      dateCode: remnant.dateCode,
      reference: 'Offcut kept',
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
