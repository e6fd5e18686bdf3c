/**
 * What the dashboard shows of stock without the rest of the inventory's contracts: the ledger's units, how
 * a quantity is written, and an item a warehouse holds no more of than its reorder point (`getLowStock`,
 * `getDashboard`). Apart so that a page which shows only these does not load every inventory schema;
 * `inventory.ts` exports them with the rest.
 */
import { z } from 'zod';
import { COMPONENT_KINDS } from '../components/components.ts';
import { MM_PER_INCH, type UnitSystem } from '../units/units.ts';

/** What the ledger counts in: pieces, or millimetres of length. */
export const STOCK_UNITS = ['each', 'mm'] as const;
export type StockUnit = (typeof STOCK_UNITS)[number];

/** The units a quantity may be given in; a length in any of the length units is stored in mm. */
export const QUANTITY_UNITS = ['each', 'mm', 'm', 'ft', 'in'] as const;
export type QuantityUnit = (typeof QUANTITY_UNITS)[number];

export const MM_PER_UNIT: Readonly<Record<Exclude<QuantityUnit, 'each'>, number>> = {
  mm: 1,
  m: 1000,
  ft: 12 * MM_PER_INCH,
  in: MM_PER_INCH,
};

/**
 * Anything costed per metre or foot (bulk hose, sleeve) is stocked by length; the rest by the piece. A hose
 * costed `each` is a pre-cut piece, priced per assembly as one (`computeAssembly`), so it is counted too.
 */
export function stockUnitOf(component: { kind: string; costUnit: string }): StockUnit {
  return component.costUnit === 'm' || component.costUnit === 'ft' ? 'mm' : 'each';
}

export type StockQuantityResult = { ok: true; value: number } | { ok: false; message: string };

/**
 * A quantity as the ledger keeps it: whole pieces, or millimetres (to 0.1 mm). A length needs its unit and a
 * counted part cannot have one; the messages say what to write instead.
 */
export function toStockQuantity(
  quantity: number,
  unit: QuantityUnit,
  stockUnit: StockUnit,
): StockQuantityResult {
  if (stockUnit === 'each') {
    if (unit !== 'each')
      return { ok: false, message: 'This item is counted in pieces: give the quantity as each' };
    if (!Number.isInteger(quantity)) return { ok: false, message: 'Count pieces in whole numbers' };
    return { ok: true, value: quantity };
  }
  if (unit === 'each') {
    return { ok: false, message: 'This item is stocked by length: give the quantity in m, ft, in or mm' };
  }
  return { ok: true, value: Math.round(quantity * MM_PER_UNIT[unit] * 10) / 10 };
}

/** How a reader sees lengths of stock: metres (metric) or feet (imperial). */
export function stockLengthUnit(system: UnitSystem): 'm' | 'ft' {
  return system === 'imperial' ? 'ft' : 'm';
}

/** `12` pieces, `12.50 m` or `41.0 ft`. */
export function formatStockQuantity(value: number, stockUnit: StockUnit, system: UnitSystem): string {
  if (stockUnit === 'each') return `${trimNegativeZero(value)}`;
  const unit = stockLengthUnit(system);
  const shown = value / MM_PER_UNIT[unit];
  return `${trimNegativeZero(Number(shown.toFixed(unit === 'm' ? 2 : 1))).toFixed(unit === 'm' ? 2 : 1)} ${unit}`;
}

function trimNegativeZero(n: number): number {
  return Object.is(n, -0) ? 0 : n;
}

export const stockComponentSchema = z.object({
  _id: z.string(),
  kind: z.enum(COMPONENT_KINDS),
  partNumber: z.string(),
  brand: z.string(),
  description: z.string(),
  costUnit: z.enum(['each', 'ft', 'm']),
});
export const warehouseRefSchema = z.object({ _id: z.string(), code: z.string(), name: z.string() });

/** An item a warehouse holds no more of than its reorder point. */
export const lowStockSchema = z.object({
  component: stockComponentSchema,
  warehouse: warehouseRefSchema,
  onHand: z.number(),
  reorderPoint: z.number(),
  reorderQuantity: z.number().nullable(),
  stockUnit: z.enum(STOCK_UNITS),
  /** How much to order: the reorder quantity, or what brings stock back above the reorder point. */
  suggestedOrder: z.number(),
});
export type LowStock = z.infer<typeof lowStockSchema>;
