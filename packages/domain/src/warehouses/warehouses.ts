/**
 * Warehouses: a building, a yard or a service van that holds stock, each with its locations (bins). One of
 * them is the organisation's default: stock moves from it unless another is named (`/defaultwarehouse`).
 */
import { z } from 'zod';
import { isoDateTimeSchema, listQuery } from '../api/schemas.ts';
import { addressSchema } from '../customers/customers.ts';

export const WAREHOUSE_KINDS = ['warehouse', 'van'] as const;
export type WarehouseKind = (typeof WAREHOUSE_KINDS)[number];

const text = (max: number, label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`);

/** Codes are what a picker and a pick list show: short, no spaces at the ends, unique per organisation. */
export const warehouseCodeSchema = z
  .string({ error: 'Enter the warehouse code' })
  .trim()
  .min(1, 'Enter the warehouse code')
  .max(20, 'The warehouse code must be at most 20 characters')
  .regex(/^[A-Za-z0-9][A-Za-z0-9 ._/-]*$/, 'Use letters, digits, spaces and . _ / - only in the code');

export const locationCodeSchema = z
  .string({ error: 'Enter the location code' })
  .trim()
  .min(1, 'Enter the location code')
  .max(30, 'The location code must be at most 30 characters')
  .regex(
    /^[A-Za-z0-9][A-Za-z0-9 ._/-]*$/,
    'Use letters, digits, spaces and . _ / - only in the location code',
  );

export const warehouseLocationInputSchema = z.object({
  /** An existing location keeps its id (and its stock); left out, a new location. */
  _id: z.uuid({ error: 'This location was not found' }).optional(),
  code: locationCodeSchema,
  name: text(100, 'The location name').default(''),
});
export type WarehouseLocationInput = z.infer<typeof warehouseLocationInputSchema>;

/**
 * What an editor sends. `locations` is the whole list: a location left out is removed, which is refused
 * while it holds stock.
 */
export const warehouseInputSchema = z.object({
  code: warehouseCodeSchema,
  name: z
    .string({ error: 'Enter the warehouse name' })
    .trim()
    .min(1, 'Enter the warehouse name')
    .max(100, 'The warehouse name must be at most 100 characters'),
  kind: z.enum(WAREHOUSE_KINDS, { error: 'A warehouse is a warehouse or a van' }).default('warehouse'),
  region: text(100, 'The region').default(''),
  address: addressSchema.nullable().default(null),
  notes: text(2000, 'The notes').default(''),
  /**
   * True makes it the default (the previous default stops being one); false on the default is refused (make
   * another one the default instead); left out keeps it. An organisation's first warehouse is the default.
   */
  isDefault: z.boolean({ error: 'Default is yes or no' }).optional(),
  active: z.boolean({ error: 'Active is yes or no' }).default(true),
  locations: z
    .array(warehouseLocationInputSchema)
    .max(2000, 'Keep at most 2,000 locations in one warehouse')
    .default([])
    .refine((locations) => new Set(locations.map((l) => l.code.toLowerCase())).size === locations.length, {
      error: 'Each location code can be used once in a warehouse',
    }),
});
export type WarehouseInput = z.infer<typeof warehouseInputSchema>;
export type WarehouseInputDraft = z.input<typeof warehouseInputSchema>;

export const warehouseLocationSchema = z.object({
  _id: z.string(),
  code: z.string(),
  name: z.string(),
});
export type WarehouseLocation = z.infer<typeof warehouseLocationSchema>;

/** A warehouse as the API answers it, with what it holds: stock lines and their value at cost. */
export const warehouseSchema = z.object({
  _id: z.string(),
  code: z.string(),
  name: z.string(),
  kind: z.enum(WAREHOUSE_KINDS),
  region: z.string(),
  address: z
    .object({
      line1: z.string(),
      line2: z.string(),
      city: z.string(),
      region: z.string(),
      postalCode: z.string(),
      country: z.string(),
    })
    .nullable(),
  notes: z.string(),
  isDefault: z.boolean(),
  active: z.boolean(),
  locations: z.array(warehouseLocationSchema),
  /** Stock lines (item and location) with stock other than zero. */
  stockLines: z.number().int(),
  /** On-hand stock at cost, in the base currency. */
  stockValue: z.number(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export type Warehouse = z.infer<typeof warehouseSchema>;

export const WAREHOUSE_SORT_FIELDS = ['code', 'name', 'region', 'kind', 'createdAt'] as const;
export type WarehouseSortField = (typeof WAREHOUSE_SORT_FIELDS)[number];

const booleanText = z
  .enum(['true', 'false'], { error: 'active is true or false' })
  .optional()
  .transform((v) => (v === undefined ? undefined : v === 'true'));

export const warehouseListQuerySchema = listQuery({
  sortFields: WAREHOUSE_SORT_FIELDS,
  defaultSort: 'code',
  defaultItemsPerPage: 25,
  maxItemsPerPage: 500,
  filters: { active: booleanText },
});
export type WarehouseListQuery = z.infer<typeof warehouseListQuerySchema>;
export type WarehouseListQueryInput = z.input<typeof warehouseListQuerySchema>;

const yesNo = z.boolean({ error: 'Write yes or no' });

/**
 * One row of a warehouse import: a warehouse, or one of its locations when `locationCode` is filled (the
 * warehouse is named by its code, in the file or already saved). Re-importing updates by code.
 */
export const warehouseImportRowSchema = z.object({
  code: warehouseCodeSchema,
  name: text(100, 'The warehouse name').optional(),
  kind: z.enum(WAREHOUSE_KINDS, { error: 'Write warehouse or van' }).optional(),
  region: text(100, 'The region').optional(),
  line1: text(200, 'The street address').optional(),
  line2: text(200, 'The second address line').optional(),
  city: text(100, 'The city').optional(),
  addressRegion: text(100, 'The province or state').optional(),
  postalCode: text(20, 'The postal code').optional(),
  country: text(100, 'The country').optional(),
  notes: text(2000, 'The notes').optional(),
  isDefault: yesNo.optional(),
  active: yesNo.optional(),
  locationCode: locationCodeSchema.optional(),
  locationName: text(100, 'The location name').optional(),
});
export type WarehouseImportRow = z.infer<typeof warehouseImportRowSchema>;
