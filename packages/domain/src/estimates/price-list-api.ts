/**
 * Price lists (enterprise, ADR 21) as the API answers and accepts them. Prices are integers in the minor
 * units of the list's currency. A list has dated versions; at most one draft is being built (by an import or
 * item by item) and is published with its first day after a review of its differences.
 */
import { z } from 'zod';
import { isoDateTimeSchema, listQuery } from '../api/schemas.ts';
import { currencyCodeSchema } from '../currencies/currencies.ts';
import { dueDateSchema } from '../workorders/workorders.ts';
import { PRICE_LIST_ITEM_TYPES } from './price-lists.ts';

const text = (max: number, label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`);

const minorPrice = z
  .number({ error: 'Enter the price as a whole number of cents' })
  .int('Enter the price as a whole number of cents')
  .min(0, 'The price cannot be negative')
  .max(1_000_000_000, 'The price is too large');

export const quantityBreakSchema = z.object({
  minQuantity: z
    .number({ error: 'Enter the break quantity as a number' })
    .positive('A break starts above 0')
    .max(1_000_000, 'A break quantity must be at most 1,000,000'),
  unitPrice: minorPrice,
});

const breaksSchema = z
  .array(quantityBreakSchema)
  .max(10, 'Keep at most 10 quantity breaks')
  .refine(
    (breaks) => new Set(breaks.map((b) => b.minQuantity)).size === breaks.length,
    'Each break quantity can appear once',
  )
  .default([]);

export const priceListInputSchema = z.object({
  name: text(100, 'The name').min(1, 'Name the price list'),
  /** Left out: the organisation's base currency. Fixed once a version is published. */
  currency: currencyCodeSchema.optional(),
  description: text(500, 'The description').default(''),
  /** The customers whose estimates it prices (replaces the list's customers). */
  customerIds: z
    .array(z.uuid({ error: 'This customer was not found' }))
    .max(10_000)
    .optional(),
});
export type PriceListInput = z.infer<typeof priceListInputSchema>;

export const priceListUpdateSchema = priceListInputSchema.partial().extend({
  description: text(500, 'The description').optional(),
});
export type PriceListUpdate = z.infer<typeof priceListUpdateSchema>;

export const priceListVersionSchema = z.object({
  _id: z.string(),
  /** Null for the draft. */
  effectiveFrom: z.string().nullable(),
  publishedAt: isoDateTimeSchema.nullable(),
  publishedBy: z.object({ _id: z.string(), name: z.string() }).nullable(),
  itemCount: z.number().int(),
  note: z.string(),
  /** The version pricing today's estimates. */
  inForce: z.boolean(),
});
export type PriceListVersionInfo = z.infer<typeof priceListVersionSchema>;

export const priceListSummarySchema = z.object({
  _id: z.string(),
  name: z.string(),
  currency: z.string(),
  description: z.string(),
  /** The version in force today, or null before the first is effective. */
  inForce: z.object({ _id: z.string(), effectiveFrom: z.string(), itemCount: z.number().int() }).nullable(),
  /** The draft being built, ready to review and publish. */
  draft: z.object({ _id: z.string(), itemCount: z.number().int() }).nullable(),
  customerCount: z.number().int(),
  updatedAt: isoDateTimeSchema,
});
export type PriceListSummary = z.infer<typeof priceListSummarySchema>;

export const priceListSchema = priceListSummarySchema.extend({
  /** Newest first; the draft, if any, first of all. */
  versions: z.array(priceListVersionSchema),
  customers: z.array(z.object({ _id: z.string(), name: z.string() })),
  /** Items of the version in force below the target margin at today's cost (`listPriceListAlerts`). */
  alertCount: z.number().int(),
  targetMarginPct: z.number(),
  createdAt: isoDateTimeSchema,
});
export type PriceListDetail = z.infer<typeof priceListSchema>;

export const priceListItemSchema = z.object({
  itemType: z.enum(PRICE_LIST_ITEM_TYPES),
  itemId: z.string(),
  partNumber: z.string(),
  description: z.string(),
  unitPrice: z.number().int(),
  breaks: z.array(z.object({ minQuantity: z.number(), unitPrice: z.number().int() })),
  /** Today's cost in the list's currency, minor units; null when unknown. */
  unitCost: z.number().int().nullable(),
  marginPct: z.number().nullable(),
  belowTargetMargin: z.boolean(),
});
export type PriceListItemRow = z.infer<typeof priceListItemSchema>;

export const PRICE_LIST_SORT_FIELDS = ['name', 'currency', 'updatedAt'] as const;
export const priceListListQuerySchema = listQuery({
  sortFields: PRICE_LIST_SORT_FIELDS,
  defaultSort: 'name',
  defaultOrder: 'asc',
  defaultItemsPerPage: 25,
  maxItemsPerPage: 200,
  filters: {},
});

export const PRICE_LIST_ITEM_SORT_FIELDS = ['partNumber', 'unitPrice', 'marginPct'] as const;
export const priceListItemsQuerySchema = listQuery({
  sortFields: PRICE_LIST_ITEM_SORT_FIELDS,
  defaultSort: 'partNumber',
  defaultOrder: 'asc',
  defaultItemsPerPage: 50,
  maxItemsPerPage: 500,
  filters: {
    /** Left out: the version in force today (or the draft when nothing is published). */
    versionId: z.uuid({ error: 'This version was not found' }).optional(),
    belowTarget: z
      .enum(['true', 'false'], { error: 'belowTarget is true or false' })
      .optional()
      .transform((v) => v === 'true'),
  },
});
export type PriceListItemsQuery = z.infer<typeof priceListItemsQuerySchema>;

/** One item's price in the draft (made from the version in force when there is no draft yet). */
export const priceListItemInputSchema = z.object({
  itemType: z.enum(PRICE_LIST_ITEM_TYPES, { error: 'The item is a component, an assembly or a kit' }),
  itemId: z.uuid({ error: 'This item was not found' }),
  unitPrice: minorPrice,
  breaks: breaksSchema,
});
export type PriceListItemInput = z.infer<typeof priceListItemInputSchema>;

export const priceListItemRefSchema = priceListItemInputSchema.pick({ itemType: true, itemId: true });

export const priceListReviewQuerySchema = z.object({
  /** The day the draft would take effect; left out, today. It picks the version compared against. */
  effectiveFrom: dueDateSchema.optional(),
});

const reviewItem = z.object({
  itemType: z.enum(PRICE_LIST_ITEM_TYPES),
  itemId: z.string(),
  partNumber: z.string(),
  description: z.string(),
  unitPrice: z.number().int(),
});

/** What publishing the draft would change against the version in force on its day (`diffPriceListItems`). */
export const priceListReviewSchema = z.object({
  draftId: z.string(),
  comparedWith: z.object({ _id: z.string(), effectiveFrom: z.string() }).nullable(),
  added: z.array(reviewItem),
  removed: z.array(reviewItem),
  changed: z.array(
    z.object({
      itemType: z.enum(PRICE_LIST_ITEM_TYPES),
      itemId: z.string(),
      partNumber: z.string(),
      description: z.string(),
      oldUnitPrice: z.number().int(),
      newUnitPrice: z.number().int(),
      change: z.number().int(),
      changePct: z.number().nullable(),
      direction: z.enum(['up', 'down', 'same']),
      breaksChanged: z.boolean(),
    }),
  ),
  unchangedCount: z.number().int(),
  upCount: z.number().int(),
  downCount: z.number().int(),
  /** Draft items below the target margin at today's cost. */
  alertCount: z.number().int(),
});
export type PriceListReview = z.infer<typeof priceListReviewSchema>;

export const priceListPublishSchema = z.object({
  /** The first day the new version prices estimates: today or later. */
  effectiveFrom: dueDateSchema,
  note: text(500, 'The note').default(''),
});
export type PriceListPublish = z.infer<typeof priceListPublishSchema>;

export const marginAlertSchema = z.object({
  itemType: z.enum(PRICE_LIST_ITEM_TYPES),
  itemId: z.string(),
  partNumber: z.string(),
  description: z.string(),
  unitPrice: z.number().int(),
  minQuantity: z.number().nullable(),
  unitCost: z.number().int(),
  marginPct: z.number().nullable(),
  targetMarginPct: z.number(),
});

export const priceListAlertsSchema = z.object({
  targetMarginPct: z.number(),
  versionId: z.string().nullable(),
  alerts: z.array(marginAlertSchema),
});

/** The object path of a price list in the web app. */
export function priceListPath(id: string): string {
  return `/pricelist/${id}`;
}
