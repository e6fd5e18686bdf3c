/**
 * The stock take (`stockCount` import target, `stockCountImportRowSchema`): each row is what was counted of
 * an item (by part number, and brand when two share one) in a warehouse and location (by code). Rows are
 * resolved to the organisation's items and places here, once for the import's `check`, its `write` and the
 * `checkStockCount` preview, so the three agree on what a row means.
 */
import { QUANTITY_UNITS, type StockCountCheck, type StockUnit, stockUnitOf } from '@hosewright/domain';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import type { ImportError } from '../imports/types.ts';
import { movementValue, placeName, roundQuantity } from './ledger.ts';
import { stockQuantityOf } from './service.ts';

/** The parts of a row `resolveCountRows` reads (a keyed row's ref, or a parsed row). */
export interface CountRowRef {
  row: number;
  partNumber: string;
  brand?: string;
  warehouseCode: string;
  locationCode?: string;
  counted?: number;
  unit?: string;
}

interface ItemRow {
  id: string;
  kind: string;
  part_number: string;
  brand: string;
  description: string;
  cost_unit: string;
  cost: string | null;
}

export interface ResolvedCount {
  row: number;
  component: {
    id: string;
    kind: string;
    partNumber: string;
    brand: string;
    description: string;
    costUnit: 'each' | 'm' | 'ft';
    cost: number | null;
    stockUnit: StockUnit;
  };
  warehouse: { id: string; code: string; name: string; active: boolean };
  location: { id: string; code: string; name: string } | null;
  /** In the stock unit; undefined when the row gave no count (a key-only check). */
  counted?: number;
}

const lower = (s: string | undefined) => (s ?? '').trim().toLowerCase();
const json = (values: string[]) => JSON.stringify([...new Set(values)]);

/**
 * Every row's item, warehouse and location, or its problems (on the field they are about): an unknown part
 * number, one several brands share without the brand to choose, an unknown warehouse or location code, a
 * length without its unit; the same item and place counted twice.
 */
export async function resolveCountRows(
  tx: Tx,
  organizationId: string,
  rows: readonly CountRowRef[],
): Promise<{ resolved: ResolvedCount[]; errors: ImportError[] }> {
  const items = await queryRows<ItemRow>(
    tx,
    sql`select id, kind, part_number, brand, description, cost_unit, cost::text from components
        where organization_id = ${organizationId}
          and lower(part_number) in (select jsonb_array_elements_text(${json(rows.map((r) => lower(r.partNumber)))}::jsonb))`,
  );
  const byPart = new Map<string, ItemRow[]>();
  for (const item of items) {
    const key = lower(item.part_number);
    byPart.set(key, [...(byPart.get(key) ?? []), item]);
  }
  const houses = await queryRows<{ id: string; code: string; name: string; active: boolean }>(
    tx,
    sql`select id, code, name, active from warehouses
        where organization_id = ${organizationId}
          and lower(code) in (select jsonb_array_elements_text(${json(rows.map((r) => lower(r.warehouseCode)))}::jsonb))`,
  );
  const houseByCode = new Map(houses.map((w) => [lower(w.code), w]));
  const places = await queryRows<{ id: string; warehouse_id: string; code: string; name: string }>(
    tx,
    sql`select id, warehouse_id, code, name from warehouse_locations
        where organization_id = ${organizationId}
          and warehouse_id in (select jsonb_array_elements_text(${json(houses.map((w) => w.id))}::jsonb)::uuid)`,
  );
  const placeByKey = new Map(places.map((p) => [`${p.warehouse_id}|${lower(p.code)}`, p]));

  const resolved: ResolvedCount[] = [];
  const errors: ImportError[] = [];
  const firstRowOfPlace = new Map<string, number>();
  for (const r of rows) {
    const before = errors.length;
    const candidates = byPart.get(lower(r.partNumber)) ?? [];
    const brand = lower(r.brand);
    const matching = brand ? candidates.filter((c) => lower(c.brand) === brand) : candidates;
    let item: ItemRow | undefined;
    if (matching.length === 1) item = matching[0];
    else if (matching.length === 0) {
      errors.push(
        brand && candidates.length > 0
          ? {
              row: r.row,
              column: 'brand',
              message: `No item has part number ${r.partNumber} of brand ${r.brand}; it is of ${brandList(candidates)}.`,
            }
          : {
              row: r.row,
              column: 'partNumber',
              message: `No item has part number ${r.partNumber}. Check the part number, or add the item first.`,
            },
      );
    } else {
      errors.push({
        row: r.row,
        column: brand ? 'partNumber' : 'brand',
        message: brand
          ? `More than one item has part number ${r.partNumber} of brand ${r.brand}; count them apart in the app.`
          : `Part number ${r.partNumber} belongs to more than one brand (${brandList(matching)}). Say which in a brand column.`,
      });
    }
    const warehouse = houseByCode.get(lower(r.warehouseCode));
    if (!warehouse) {
      errors.push({
        row: r.row,
        column: 'warehouseCode',
        message: `No warehouse has the code ${r.warehouseCode}. Check the code, or add the warehouse first.`,
      });
    }
    let location: { id: string; code: string; name: string } | null = null;
    if (warehouse && r.locationCode) {
      const found = placeByKey.get(`${warehouse.id}|${lower(r.locationCode)}`);
      if (found) location = { id: found.id, code: found.code, name: found.name };
      else {
        errors.push({
          row: r.row,
          column: 'locationCode',
          message: `Warehouse ${warehouse.code} has no location ${r.locationCode}. Check the code, or add the location to the warehouse first.`,
        });
      }
    }
    if (!item || !warehouse || errors.length > before) continue;
    const component = {
      id: item.id,
      kind: item.kind,
      partNumber: item.part_number,
      brand: item.brand,
      description: item.description,
      costUnit: item.cost_unit as 'each' | 'm' | 'ft',
      cost: item.cost === null ? null : Number(item.cost),
      stockUnit: stockUnitOf({ kind: item.kind, costUnit: item.cost_unit }),
    };
    let counted: number | undefined;
    if (component.stockUnit === 'mm' && !r.unit) {
      errors.push({
        row: r.row,
        column: 'unit',
        message: `${component.partNumber} is stocked by length: give the unit of the count (m, ft, in or mm).`,
      });
      continue;
    }
    // A unit that is none of the units is the row's own error (the contract's message).
    const unit = QUANTITY_UNITS.find((u) => u === lower(r.unit));
    if (r.counted !== undefined && Number.isFinite(r.counted) && (unit || !r.unit)) {
      try {
        counted = stockQuantityOf(component, r.counted, unit ?? 'each', 'counted');
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        errors.push({ row: r.row, column: unit && unit !== 'each' ? 'unit' : 'counted', message });
        continue;
      }
    }
    const placeKey = `${component.id}|${warehouse.id}|${location?.id ?? ''}`;
    const first = firstRowOfPlace.get(placeKey);
    if (first !== undefined) {
      errors.push({
        row: r.row,
        column: 'partNumber',
        message: `${component.partNumber} in ${placeName(warehouse, location)} is counted twice; first on row ${first}.`,
      });
      continue;
    }
    firstRowOfPlace.set(placeKey, r.row);
    resolved.push({ row: r.row, component, warehouse, location, counted });
  }
  return { resolved, errors };
}

function brandList(items: readonly ItemRow[]): string {
  return [...new Set(items.map((i) => i.brand || '(no brand)'))].sort().join(', ');
}

/**
 * What the counted rows would change against the ledger now: each line whose count differs, with the
 * difference and its value at the line's average cost (the item's cost when nothing is on hand).
 */
export async function countDifferences(
  tx: Tx,
  organizationId: string,
  resolved: readonly ResolvedCount[],
): Promise<Pick<StockCountCheck, 'differences' | 'unchanged' | 'totalValueDifference'>> {
  const places = resolved.map((r) => ({
    c: r.component.id,
    w: r.warehouse.id,
    l: r.location?.id ?? null,
  }));
  const levels = await queryRows<{ c: string; w: string; l: string | null; on_hand: string; value: string }>(
    tx,
    sql`select s.component_id as c, s.warehouse_id as w, s.location_id as l, s.on_hand::text, s.value::text
        from stock_levels s
        join jsonb_to_recordset(${JSON.stringify(places)}::jsonb) as x(c uuid, w uuid, l uuid)
          on s.component_id = x.c and s.warehouse_id = x.w and s.location_id is not distinct from x.l
        where s.organization_id = ${organizationId}`,
  );
  const byPlace = new Map(levels.map((l) => [`${l.c}|${l.w}|${l.l ?? ''}`, l]));
  const differences: StockCountCheck['differences'] = [];
  let unchanged = 0;
  let total = 0;
  for (const r of resolved) {
    const level = byPlace.get(`${r.component.id}|${r.warehouse.id}|${r.location?.id ?? ''}`);
    const current = { onHand: Number(level?.on_hand ?? 0), value: Number(level?.value ?? 0) };
    const counted = r.counted ?? 0;
    const difference = roundQuantity(counted - current.onHand);
    if (difference === 0) {
      unchanged += 1;
      continue;
    }
    const valueDifference = movementValue(r.component, current, difference);
    total += valueDifference;
    differences.push({
      component: {
        _id: r.component.id,
        kind: r.component.kind as StockCountCheck['differences'][number]['component']['kind'],
        partNumber: r.component.partNumber,
        brand: r.component.brand,
        description: r.component.description,
        costUnit: r.component.costUnit,
      },
      warehouse: { _id: r.warehouse.id, code: r.warehouse.code, name: r.warehouse.name },
      location: r.location ? { _id: r.location.id, code: r.location.code, name: r.location.name } : null,
      onHand: current.onHand,
      counted,
      difference,
      stockUnit: r.component.stockUnit,
      valueDifference,
    });
  }
  return { differences, unchanged, totalValueDifference: Math.round(total * 10_000) / 10_000 };
}
