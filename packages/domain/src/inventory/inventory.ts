/**
 * Inventory as a ledger: every movement of stock is a row, and the on-hand figure of each item, warehouse
 * and location is kept in step with it in the same transaction. Parts are counted (`each`); hose and other
 * items bought by length are stocked in millimetres and shown in metres or feet by the reader's units.
 */
import { z } from 'zod';
import { isoDateTimeSchema, listQuery, listResponse } from '../api/schemas.ts';
import { COMPONENT_KINDS, type CostUnit, moneySchema } from '../components/components.ts';
import { importErrorSchema } from '../imports/imports.ts';
import {
  formatStockQuantity,
  type LowStock,
  lowStockSchema,
  MM_PER_UNIT,
  QUANTITY_UNITS,
  type QuantityUnit,
  STOCK_UNITS,
  type StockQuantityResult,
  type StockUnit,
  stockComponentSchema,
  stockLengthUnit,
  stockUnitOf,
  toStockQuantity,
  warehouseRefSchema,
} from './low-stock.ts';
import { batchSchema, dateCodeSchema } from './pieces.ts';

export {
  formatStockQuantity,
  type LowStock,
  lowStockSchema,
  MM_PER_UNIT,
  QUANTITY_UNITS,
  type QuantityUnit,
  STOCK_UNITS,
  type StockQuantityResult,
  type StockUnit,
  stockLengthUnit,
  stockUnitOf,
  toStockQuantity,
};

/** The quantity of `value` (stock unit) in the component's cost unit, for pricing: metres, feet or pieces. */
export function inCostUnits(value: number, stockUnit: StockUnit, costUnit: CostUnit): number {
  if (stockUnit === 'each' || costUnit === 'each') return value;
  return value / MM_PER_UNIT[costUnit];
}

const uuidOf = (what: string) => z.uuid({ error: `${what} was not found` });
const text = (max: number, label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`);
/** Left out or empty, `empty` says what to write. */
const required = (max: number, label: string, empty: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? empty : `${label} must be text`) })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .min(1, empty);

const quantityNumber = z
  .number({ error: 'Enter the quantity as a number' })
  .refine((v) => Number.isFinite(v), 'Enter the quantity as a number')
  .refine((v) => Math.abs(v) <= 100_000_000, 'The quantity is too large');
const positiveQuantity = quantityNumber.refine((v) => v > 0, 'The quantity must be more than 0');
const quantityUnit = z.enum(QUANTITY_UNITS, {
  error: 'Give the unit of the quantity: each for pieces, or m, ft, in or mm for a length',
});

/** Where stock is: a warehouse, and a location in it or none. */
export const stockPlaceInputSchema = z.object({
  warehouseId: uuidOf('This warehouse'),
  locationId: uuidOf('This location').nullable().default(null),
});

const itemAt = {
  componentId: uuidOf('This item'),
  warehouseId: uuidOf('This warehouse'),
  locationId: uuidOf('This location').nullable().default(null),
  unit: quantityUnit,
};

/**
 * Hose stocked by length (ADR 19): what comes in may say its batch and date code (the month it was made);
 * what goes out may name the piece it is cut from (else the pick order chooses).
 */
const hoseOrigin = { batch: batchSchema.optional(), dateCode: dateCodeSchema.optional() };
const pieceId = uuidOf('This piece of hose').optional();

/**
 * A movement a person records. Receipts and returns bring stock in at a cost per the item's cost unit (each,
 * m or ft; left out, the item's cost); an adjustment is signed and needs its reason; scrap takes stock out
 * with its reason; a transfer moves stock between warehouses or locations at its average cost. Consumption
 * (work orders) and counts (stock takes) are written by those, not by this call.
 */
export const stockMovementInputSchema = z.discriminatedUnion(
  'type',
  [
    z.object({
      type: z.literal('receipt'),
      ...itemAt,
      quantity: positiveQuantity,
      unitCost: moneySchema.optional(),
      ...hoseOrigin,
      reference: text(100, 'The reference').default(''),
      notes: text(500, 'The notes').default(''),
    }),
    z.object({
      type: z.literal('return'),
      ...itemAt,
      quantity: positiveQuantity,
      unitCost: moneySchema.optional(),
      ...hoseOrigin,
      reference: text(100, 'The reference').default(''),
      notes: text(500, 'The notes').default(''),
    }),
    z.object({
      type: z.literal('adjustment'),
      ...itemAt,
      quantity: quantityNumber.refine((v) => v !== 0, 'An adjustment must change the quantity'),
      unitCost: moneySchema.optional(),
      ...hoseOrigin,
      pieceId,
      reason: required(200, 'The reason', 'Say why the stock is adjusted'),
      notes: text(500, 'The notes').default(''),
    }),
    z.object({
      type: z.literal('scrap'),
      ...itemAt,
      quantity: positiveQuantity,
      pieceId,
      reason: required(200, 'The reason', 'Say why the stock is scrapped'),
      notes: text(500, 'The notes').default(''),
    }),
    z
      .object({
        type: z.literal('transfer'),
        componentId: uuidOf('This item'),
        from: stockPlaceInputSchema,
        to: stockPlaceInputSchema,
        quantity: positiveQuantity,
        unit: quantityUnit,
        pieceId,
        notes: text(500, 'The notes').default(''),
      })
      .refine((t) => t.from.warehouseId !== t.to.warehouseId || t.from.locationId !== t.to.locationId, {
        error: 'Transfer to another warehouse or location',
        path: ['to'],
      }),
  ],
  { error: 'The movement type is receipt, return, adjustment, scrap or transfer' },
);
export type StockMovementInput = z.infer<typeof stockMovementInputSchema>;
export type StockMovementInputDraft = z.input<typeof stockMovementInputSchema>;

export const STOCK_MOVEMENT_TYPES = [
  'receipt',
  'return',
  'adjustment',
  'scrap',
  'transfer',
  'consumption',
  'count',
] as const;
export type StockMovementType = (typeof STOCK_MOVEMENT_TYPES)[number];

const locationRefSchema = z.object({ _id: z.string(), code: z.string(), name: z.string() });

/** One piece of hose at a place, as the inventory and a work order's picks show it. */
export const hosePieceSchema = z.object({
  _id: z.string(),
  component: stockComponentSchema,
  warehouse: warehouseRefSchema,
  location: locationRefSchema.nullable(),
  /** Millimetres. */
  length: z.number(),
  receivedLength: z.number(),
  /** What released work orders hold of it, mm. */
  reserved: z.number(),
  batch: z.string(),
  dateCode: z.string().nullable(),
  /** The last month it may be used (`useByOf` in pieces.ts); null without a date code. */
  useBy: z.string().nullable(),
  remnant: z.boolean(),
  pastShelfLife: z.boolean(),
  receivedAt: isoDateTimeSchema,
});
export type HosePiece = z.infer<typeof hosePieceSchema>;

/** One row of the ledger. `quantity` and `value` are signed: in is positive, out negative. */
export const stockMovementSchema = z.object({
  _id: z.string(),
  type: z.enum(STOCK_MOVEMENT_TYPES),
  component: stockComponentSchema,
  warehouse: warehouseRefSchema,
  location: locationRefSchema.nullable(),
  quantity: z.number(),
  stockUnit: z.enum(STOCK_UNITS),
  /** At cost, in the base currency. */
  value: z.number(),
  /** The on-hand figure of this item, warehouse and location just after the movement. */
  onHandAfter: z.number(),
  reason: z.string(),
  reference: z.string(),
  notes: z.string(),
  /** The two rows of one transfer share it. */
  groupId: z.string().nullable(),
  createdBy: z.object({ _id: z.string(), name: z.string() }).nullable(),
  createdAt: isoDateTimeSchema,
});
export type StockMovement = z.infer<typeof stockMovementSchema>;

/** The on-hand stock of one item in one warehouse and location. */
export const stockLevelSchema = z.object({
  _id: z.string(),
  component: stockComponentSchema,
  warehouse: warehouseRefSchema,
  location: locationRefSchema.nullable(),
  onHand: z.number(),
  /** Held here for released work orders (ADR 18), in the stock unit; what is free is on hand less this. */
  reserved: z.number(),
  stockUnit: z.enum(STOCK_UNITS),
  /** At cost, in the base currency. */
  value: z.number(),
  /** Per the component's cost unit; null with nothing on hand. */
  averageCost: z.number().nullable(),
  /** Of the item in this warehouse (all its locations), in the stock unit; null when none is set. */
  reorderPoint: z.number().nullable(),
  /** What to order when it is low, in the stock unit; null when none is set. */
  reorderQuantity: z.number().nullable(),
  /** The warehouse holds no more of the item than its reorder point. */
  low: z.boolean(),
  updatedAt: isoDateTimeSchema,
});
export type StockLevel = z.infer<typeof stockLevelSchema>;

export const inventoryListSchema = listResponse(stockLevelSchema).extend({
  /** Of every line the filters select, not just this page. */
  totalValue: z.number(),
  currency: z.string(),
});
export type InventoryList = z.infer<typeof inventoryListSchema>;

const trueFalse = (name: string) =>
  z
    .enum(['true', 'false'], { error: `${name} is true or false` })
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true'));

export const INVENTORY_SORT_FIELDS = ['partNumber', 'warehouse', 'onHand', 'value', 'updatedAt'] as const;

export const inventoryListQuerySchema = listQuery({
  sortFields: INVENTORY_SORT_FIELDS,
  defaultSort: 'partNumber',
  defaultItemsPerPage: 50,
  maxItemsPerPage: 500,
  filters: {
    warehouseId: uuidOf('This warehouse').optional(),
    kind: z.enum(COMPONENT_KINDS, { error: 'Choose a component kind' }).optional(),
    /** Only lines at or below their reorder point. */
    low: trueFalse('low'),
  },
});
export type InventoryListQuery = z.infer<typeof inventoryListQuerySchema>;
export type InventoryListQueryInput = z.input<typeof inventoryListQuerySchema>;

export const stockMovementListQuerySchema = listQuery({
  sortFields: ['createdAt'],
  defaultSort: 'createdAt',
  defaultOrder: 'desc',
  defaultItemsPerPage: 50,
  maxItemsPerPage: 500,
  filters: {
    componentId: uuidOf('This item').optional(),
    warehouseId: uuidOf('This warehouse').optional(),
    type: z.enum(STOCK_MOVEMENT_TYPES, { error: 'Choose a movement type' }).optional(),
  },
});
export type StockMovementListQuery = z.infer<typeof stockMovementListQuerySchema>;
export type StockMovementListQueryInput = z.input<typeof stockMovementListQuerySchema>;

/** What recording a movement answers: its rows (two for a transfer) and the stock they leave. */
export const stockMovementResultSchema = z.object({
  movements: z.array(stockMovementSchema),
  levels: z.array(stockLevelSchema),
});
export type StockMovementResult = z.infer<typeof stockMovementResultSchema>;

/** The reorder point and quantity of an item in a warehouse; null clears them. */
export const reorderPointInputSchema = z.object({
  componentId: uuidOf('This item'),
  warehouseId: uuidOf('This warehouse'),
  reorderPoint: quantityNumber.refine((v) => v >= 0, 'The reorder point cannot be negative').nullable(),
  reorderQuantity: positiveQuantity.nullable().default(null),
  unit: quantityUnit,
});
export type ReorderPointInput = z.infer<typeof reorderPointInputSchema>;

export const reorderPointSchema = z.object({
  componentId: z.string(),
  warehouseId: z.string(),
  reorderPoint: z.number().nullable(),
  reorderQuantity: z.number().nullable(),
  stockUnit: z.enum(STOCK_UNITS),
});
export type ReorderPoint = z.infer<typeof reorderPointSchema>;

export const lowStockQuerySchema = listQuery({
  sortFields: ['partNumber', 'warehouse'],
  defaultSort: 'partNumber',
  defaultItemsPerPage: 50,
  maxItemsPerPage: 500,
  filters: { warehouseId: uuidOf('This warehouse').optional() },
});
export type LowStockQuery = z.infer<typeof lowStockQuerySchema>;

/**
 * One row of a stock take (`/inventory/import`): the counted quantity of an item (by part number, and brand
 * when two share one) in a warehouse (by code) and location (by code, or none). The count replaces what the
 * ledger says; the difference is written as a `count` movement. A length needs its unit.
 */
export const stockCountImportRowSchema = z.object({
  partNumber: required(64, 'The part number', 'Enter the part number'),
  brand: text(40, 'The brand').optional(),
  warehouseCode: required(20, 'The warehouse code', 'Enter the warehouse code'),
  locationCode: text(30, 'The location code').optional(),
  counted: z
    .number({ error: 'Enter the counted quantity as a number' })
    .min(0, 'The counted quantity cannot be negative')
    .max(100_000_000, 'The counted quantity is too large'),
  unit: quantityUnit.optional(),
});
export type StockCountImportRow = z.infer<typeof stockCountImportRowSchema>;

/** One line a stock take would change, before it commits. */
export const stockCountDifferenceSchema = z.object({
  component: stockComponentSchema,
  warehouse: warehouseRefSchema,
  location: locationRefSchema.nullable(),
  onHand: z.number(),
  counted: z.number(),
  /** counted - onHand, in the stock unit. */
  difference: z.number(),
  stockUnit: z.enum(STOCK_UNITS),
  /** At the line's average cost (or the item's cost), in the base currency. */
  valueDifference: z.number(),
});
export type StockCountDifference = z.infer<typeof stockCountDifferenceSchema>;

/** What checking a stock take answers: its problems by row, or what it would change. Nothing is written. */
export const stockCountCheckSchema = z.object({
  rowsTotal: z.number().int(),
  errors: z.array(importErrorSchema),
  differences: z.array(stockCountDifferenceSchema),
  /** Counted lines that already match the ledger. */
  unchanged: z.number().int(),
  totalValueDifference: z.number(),
  currency: z.string(),
});
export type StockCountCheck = z.infer<typeof stockCountCheckSchema>;

export const hosePieceListQuerySchema = listQuery({
  sortFields: ['partNumber', 'length', 'dateCode', 'receivedAt'],
  defaultSort: 'partNumber',
  defaultItemsPerPage: 50,
  maxItemsPerPage: 500,
  filters: {
    componentId: uuidOf('This item').optional(),
    warehouseId: uuidOf('This warehouse').optional(),
    /** Only remnants (pieces shorter than the organisation's remnant length). */
    remnants: trueFalse('remnants'),
    /** Only pieces past their shelf life. */
    pastShelfLife: trueFalse('pastShelfLife'),
  },
});
export type HosePieceListQuery = z.infer<typeof hosePieceListQuerySchema>;
export type HosePieceListQueryInput = z.input<typeof hosePieceListQuerySchema>;
