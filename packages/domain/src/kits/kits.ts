/**
 * Hose kits: a named set of hose assemblies, components and other items with quantities, usually for one
 * machine of one customer. One row per revision like assemblies (ADR 0008): revisions run A, B, ...
 * (`nextRevision`), the title is partNumber + delimiter + revision.
 *
 * The contracts (kit input with its lines, list query), the shapes the API answers with, and the pure
 * roll-up: each line's unit cost, sell price with the customer's terms (`sellPrice`) and extended figures,
 * and the kit's totals. The server prices with it; the web shows what the server priced.
 */
import { z } from 'zod';
import { isoDateTimeSchema, listQuery } from '../api/schemas.ts';
import { COST_UNITS, partNumberSchema } from '../components/components.ts';
import { DEFAULT_REVISION_DELIMITER } from '../constants.ts';
import { convertFromBase } from '../currencies/currencies.ts';
import { type PricingTerms, roundMoney, sellPrice, termsFor } from '../customers/customers.ts';

// ---------------------------------------------------------------------------------------------------------
// Input
// ---------------------------------------------------------------------------------------------------------

export const KIT_LINE_TYPES = ['hoseAssembly', 'component', 'other'] as const;
export type KitLineType = (typeof KIT_LINE_TYPES)[number];

export const MAX_KIT_LINES = 200;
export const MAX_KIT_QUANTITY = 100_000;
export const MAX_KIT_UNIT_COST = 1_000_000;

/** '' and null mean "none". */
const optionalId = z
  .union([z.literal(''), z.null(), z.string().trim()])
  .optional()
  .transform((v) => (v ? v : undefined));

const isUuidText = (v: string) => z.uuid().safeParse(v).success;

export const hoseKitLineInputSchema = z
  .object({
    lineType: z.enum(KIT_LINE_TYPES, {
      error: 'Choose what the line is: a hose assembly, a component or another item',
    }),
    hoseAssemblyId: optionalId,
    componentId: optionalId,
    description: z
      .string({ error: 'The description must be text' })
      .trim()
      .max(500, 'The description must be at most 500 characters')
      .default(''),
    quantity: z
      .number({ error: 'Enter the quantity as a number' })
      .gt(0, 'The quantity must be more than 0')
      .max(MAX_KIT_QUANTITY, `The quantity must be at most ${MAX_KIT_QUANTITY.toLocaleString('en-CA')}`),
    /** The other item's cost; on an assembly or component line it overrides the library's cost. */
    unitCost: z
      .union([
        z.null(),
        z
          .number({ error: 'Enter the unit cost as a number' })
          .min(0, 'The unit cost cannot be negative')
          .max(MAX_KIT_UNIT_COST, 'The unit cost must be at most 1,000,000'),
      ])
      .optional()
      .transform((v) => v ?? null),
  })
  .superRefine((line, ctx) => {
    const need = (path: 'hoseAssemblyId' | 'componentId', message: string) => {
      const value = line[path];
      if (!value || !isUuidText(value)) ctx.addIssue({ code: 'custom', path: [path], message });
    };
    if (line.lineType === 'hoseAssembly') need('hoseAssemblyId', 'Choose the hose assembly');
    if (line.lineType === 'component') need('componentId', 'Choose the component');
    if (line.lineType === 'other') {
      if (!line.description) {
        ctx.addIssue({ code: 'custom', path: ['description'], message: 'Describe the other item' });
      }
      if (line.unitCost === null) {
        ctx.addIssue({ code: 'custom', path: ['unitCost'], message: 'Enter the other item’s unit cost' });
      }
    }
  })
  .transform((line) => ({
    ...line,
    hoseAssemblyId: line.lineType === 'hoseAssembly' ? line.hoseAssemblyId : undefined,
    componentId: line.lineType === 'component' ? line.componentId : undefined,
  }));
export type HoseKitLineInput = z.infer<typeof hoseKitLineInputSchema>;
export type HoseKitLineInputDraft = z.input<typeof hoseKitLineInputSchema>;

export const hoseKitInputSchema = z.object({
  /** Required for a new kit; a revision keeps the part number it has. */
  partNumber: z
    .union([z.literal(''), z.null(), partNumberSchema])
    .optional()
    .transform((v) => (v ? v : undefined)),
  description: z
    .string({ error: 'The description must be text' })
    .trim()
    .max(500, 'The description must be at most 500 characters')
    .default(''),
  customerId: z
    .union([z.literal(''), z.null(), z.uuid({ error: 'Choose the customer' })])
    .optional()
    .transform((v) => (v ? v : undefined)),
  machine: z
    .string({ error: 'The machine must be text' })
    .trim()
    .max(200, 'The machine must be at most 200 characters')
    .default(''),
  notes: z
    .string({ error: 'The notes must be text' })
    .trim()
    .max(4000, 'The notes must be at most 4,000 characters')
    .default(''),
  lines: z
    .array(hoseKitLineInputSchema)
    .max(MAX_KIT_LINES, `A kit can have at most ${MAX_KIT_LINES} lines`)
    .default([]),
});
export type HoseKitInput = z.infer<typeof hoseKitInputSchema>;
export type HoseKitInputDraft = z.input<typeof hoseKitInputSchema>;

/** "Line 3: Choose the component" from an issue path such as ['lines', 2, 'componentId']. */
export function kitIssueMessage(path: readonly PropertyKey[], message: string): string {
  if (path[0] === 'lines' && typeof path[1] === 'number') return `Line ${path[1] + 1}: ${message}`;
  return message;
}

// ---------------------------------------------------------------------------------------------------------
// Title and roll-up
// ---------------------------------------------------------------------------------------------------------

/** partNumber + revisionDelimiter + revision ('KIT-100' + '_' + 'B' = 'KIT-100_B'). */
export function kitTitle(
  partNumber: string,
  revision: string,
  delimiter = DEFAULT_REVISION_DELIMITER,
): string {
  return `${partNumber}${delimiter}${revision}`;
}

/** What the roll-up needs of one line: its quantity, its unit cost (null: unknown) and product group. */
export interface KitRollupInput {
  quantity: number;
  unitCost: number | null;
  productGroup?: string | null;
}

export const kitRollupLineSchema = z.object({
  unitCost: z.number().nullable(),
  /** The sell price of one, with the customer's terms for the line's product group. */
  unitPrice: z.number().nullable(),
  extendedCost: z.number().nullable(),
  extendedPrice: z.number().nullable(),
  /** The terms applied (percent): margin of the sell price, then the discount off it. */
  marginPct: z.number(),
  discountPct: z.number(),
});
export type KitRollupLine = z.infer<typeof kitRollupLineSchema>;

export const kitTotalsSchema = z.object({
  cost: z.number(),
  price: z.number(),
  /** Lines whose cost is unknown (left out of the totals). */
  linesWithoutCost: z.number().int(),
  /** (price - cost) / price, percent; null when the price is 0. */
  marginPct: z.number().nullable(),
});
export type KitTotals = z.infer<typeof kitTotalsSchema>;

export interface KitRollup {
  lines: KitRollupLine[];
  totals: KitTotals;
}

/** How a kit is priced besides the customer's terms: the organisation's default margin, the currency's rate. */
export interface KitPricingOptions {
  /** The organisation's default margin (`DEFAULT_MARGIN_PCT` when absent). */
  defaultMarginPct?: number;
  /** Units of the prices' currency one base unit buys (`currencies.rate`); 1 in the base currency. */
  rate?: number;
}

/**
 * Prices every line with the customer's terms (no terms: the default margin) and adds the kit up. Costs are
 * in the base currency; prices are the base price converted at `rate` (`convertFromBase`). The kit's margin
 * compares price and cost in the base currency.
 */
export function rollUpKit(
  lines: readonly KitRollupInput[],
  terms?: PricingTerms | null,
  options: KitPricingOptions = {},
): KitRollup {
  const rate = options.rate ?? 1;
  let cost = 0;
  let price = 0;
  let basePrice = 0;
  let linesWithoutCost = 0;
  const priced = lines.map((line): KitRollupLine => {
    const applied = termsFor(terms, line.productGroup, options.defaultMarginPct);
    if (line.unitCost === null || !Number.isFinite(line.unitCost)) {
      linesWithoutCost += 1;
      return { unitCost: null, unitPrice: null, extendedCost: null, extendedPrice: null, ...applied };
    }
    const unitBasePrice = sellPrice(line.unitCost, terms, line.productGroup, options.defaultMarginPct);
    const unitPrice = convertFromBase(unitBasePrice, rate);
    const extendedCost = roundMoney(line.unitCost * line.quantity);
    const extendedPrice = roundMoney(unitPrice * line.quantity);
    cost += extendedCost;
    price += extendedPrice;
    basePrice += roundMoney(unitBasePrice * line.quantity);
    return { unitCost: line.unitCost, unitPrice, extendedCost, extendedPrice, ...applied };
  });
  cost = roundMoney(cost);
  price = roundMoney(price);
  basePrice = roundMoney(basePrice);
  return {
    lines: priced,
    totals: {
      cost,
      price,
      linesWithoutCost,
      marginPct: basePrice > 0 ? roundMoney(((basePrice - cost) / basePrice) * 100) : null,
    },
  };
}

// ---------------------------------------------------------------------------------------------------------
// What the API takes and answers (the endpoints are in contracts.ts)
// ---------------------------------------------------------------------------------------------------------

export const HOSE_KIT_SORT_FIELDS = [
  'partNumber',
  'description',
  'machine',
  'customerName',
  'createdAt',
  'updatedAt',
] as const;
export type HoseKitSortField = (typeof HOSE_KIT_SORT_FIELDS)[number];

/** The `listHoseKits` query: latest revisions; free text over part number, description and machine. */
export const hoseKitListQuerySchema = listQuery({
  sortFields: HOSE_KIT_SORT_FIELDS,
  defaultSort: 'updatedAt',
  defaultOrder: 'desc',
  defaultItemsPerPage: 25,
  maxItemsPerPage: 500,
  filters: { customerId: z.uuid({ error: 'customerId must be a customer id' }).optional() },
});
export type HoseKitListQuery = z.infer<typeof hoseKitListQuerySchema>;
export type HoseKitListQueryInput = z.input<typeof hoseKitListQuerySchema>;

/** The assembly a line names, as it is today. */
export const kitLineAssemblySchema = z.object({
  _id: z.string(),
  partNumber: z.string(),
  revision: z.string(),
  title: z.string(),
  description: z.string(),
  cost: z.number().nullable(),
  workingPressurePsi: z.number().nullable(),
  overallLengthMm: z.number().nullable(),
  latest: z.boolean(),
});
export type KitLineAssembly = z.infer<typeof kitLineAssemblySchema>;

/** The component a line names, as it is today. */
export const kitLineComponentSchema = z.object({
  _id: z.string(),
  kind: z.string(),
  partNumber: z.string(),
  brand: z.string(),
  description: z.string(),
  cost: z.number().nullable(),
  costUnit: z.enum(COST_UNITS),
  productGroup: z.string().nullable(),
});
export type KitLineComponent = z.infer<typeof kitLineComponentSchema>;

/** One line as the API answers it: what was saved, what it names, and its price. */
export const hoseKitLineSchema = kitRollupLineSchema.extend({
  _id: z.string(),
  position: z.number().int(),
  lineType: z.enum(KIT_LINE_TYPES),
  hoseAssemblyId: z.string().nullable(),
  componentId: z.string().nullable(),
  /** What the line says (for an assembly or component: its own description unless one was typed). */
  description: z.string(),
  /** The part number to show ('' for an other item). */
  partNumber: z.string(),
  quantity: z.number(),
  /** The cost override saved on the line (the other item's cost). */
  unitCostOverride: z.number().nullable(),
  productGroup: z.string().nullable(),
  assembly: kitLineAssemblySchema.nullable(),
  component: kitLineComponentSchema.nullable(),
});
export type HoseKitLine = z.infer<typeof hoseKitLineSchema>;

export const hoseKitRevisionSummarySchema = z.object({
  _id: z.string(),
  revision: z.string(),
  title: z.string(),
  latest: z.boolean(),
  released: z.boolean(),
  createdAt: isoDateTimeSchema,
  /** Whether a picture is stored under this revision's id (`getImage`). */
  hasPicture: z.boolean(),
});
export type HoseKitRevisionSummary = z.infer<typeof hoseKitRevisionSummarySchema>;

/** One revision of a kit (`getHoseKit`, and what saving or releasing answers). */
export const hoseKitSchema = z.object({
  _id: z.string(),
  partNumber: z.string(),
  revision: z.string(),
  title: z.string(),
  latest: z.boolean(),
  released: z.boolean(),
  description: z.string(),
  customerId: z.string().nullable(),
  customerName: z.string().nullable(),
  /** The prices' currency (ISO 4217): the customer's, or the organisation's base currency. */
  currency: z.string(),
  /** The costs' currency: the organisation's base currency. */
  costCurrency: z.string(),
  machine: z.string(),
  notes: z.string(),
  lines: z.array(hoseKitLineSchema),
  totals: kitTotalsSchema,
  /** Every revision of this part number, newest first. */
  revisions: z.array(hoseKitRevisionSummarySchema),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
  createdByName: z.string().nullable(),
});
export type HoseKit = z.infer<typeof hoseKitSchema>;

/** `computeHoseKit`: the lines and totals an input would give, priced, nothing saved. */
export const hoseKitComputeResponseSchema = z.object({
  lines: z.array(hoseKitLineSchema.omit({ _id: true })),
  totals: kitTotalsSchema,
  /** The prices' currency: the customer's, or the organisation's base currency. */
  currency: z.string(),
  /** The costs' currency: the organisation's base currency. */
  costCurrency: z.string(),
});
export type HoseKitComputeResponse = z.infer<typeof hoseKitComputeResponseSchema>;

export const hoseKitListItemSchema = z.object({
  _id: z.string(),
  partNumber: z.string(),
  revision: z.string(),
  title: z.string(),
  released: z.boolean(),
  description: z.string(),
  machine: z.string(),
  customerId: z.string().nullable(),
  customerName: z.string().nullable(),
  lineCount: z.number().int(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export type HoseKitListItem = z.infer<typeof hoseKitListItemSchema>;
