/**
 * Hose kits (issue 6; DOMAIN.md "Hose kit" and "Pricing"): a named set of hose assemblies, components and
 * other items with quantities, usually for one machine of one customer. One row per revision like
 * assemblies: revisions run A, B, ... (`nextRevision`), the title is partNumber + delimiter + revision.
 *
 * The contracts (kit input with its lines, list query), the shapes the API answers with, and the pure
 * roll-up: each line's unit cost, sell price with the customer's terms (`sellPrice`) and extended figures,
 * and the kit's totals. The server prices with it; the web shows what the server priced.
 */
import { z } from 'zod';
import { type CostUnit, partNumberSchema } from '../components/components.ts';
import { DEFAULT_REVISION_DELIMITER } from '../constants.ts';
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

export interface KitRollupLine {
  unitCost: number | null;
  /** The sell price of one, with the customer's terms for the line's product group. */
  unitPrice: number | null;
  extendedCost: number | null;
  extendedPrice: number | null;
  /** The terms applied (percent): margin of the sell price, then the discount off it. */
  marginPct: number;
  discountPct: number;
}

export interface KitTotals {
  cost: number;
  price: number;
  /** Lines whose cost is unknown (left out of the totals). */
  linesWithoutCost: number;
  /** (price - cost) / price, percent; null when the price is 0. */
  marginPct: number | null;
}

export interface KitRollup {
  lines: KitRollupLine[];
  totals: KitTotals;
}

/** Prices every line with the customer's terms (no terms: the default margin) and adds the kit up. */
export function rollUpKit(lines: readonly KitRollupInput[], terms?: PricingTerms | null): KitRollup {
  let cost = 0;
  let price = 0;
  let linesWithoutCost = 0;
  const priced = lines.map((line): KitRollupLine => {
    const applied = termsFor(terms, line.productGroup);
    if (line.unitCost === null || !Number.isFinite(line.unitCost)) {
      linesWithoutCost += 1;
      return { unitCost: null, unitPrice: null, extendedCost: null, extendedPrice: null, ...applied };
    }
    const unitPrice = sellPrice(line.unitCost, terms, line.productGroup);
    const extendedCost = roundMoney(line.unitCost * line.quantity);
    const extendedPrice = roundMoney(unitPrice * line.quantity);
    cost += extendedCost;
    price += extendedPrice;
    return { unitCost: line.unitCost, unitPrice, extendedCost, extendedPrice, ...applied };
  });
  cost = roundMoney(cost);
  price = roundMoney(price);
  return {
    lines: priced,
    totals: {
      cost,
      price,
      linesWithoutCost,
      marginPct: price > 0 ? roundMoney(((price - cost) / price) * 100) : null,
    },
  };
}

// ---------------------------------------------------------------------------------------------------------
// API contracts
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

/** `GET /api/v1/hosekits`: latest revisions; free text over part number, description and machine. */
export const hoseKitListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  itemsPerPage: z.coerce.number().int().min(1).max(500).default(25),
  sort: z
    .enum(HOSE_KIT_SORT_FIELDS, { error: `Sort by one of ${HOSE_KIT_SORT_FIELDS.join(', ')}` })
    .default('updatedAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
  q: z.string().trim().max(100, { error: 'Search for at most 100 characters' }).optional(),
  customerId: z.uuid({ error: 'customerId must be a customer id' }).optional(),
});
export type HoseKitListQuery = z.infer<typeof hoseKitListQuerySchema>;
export type HoseKitListQueryInput = z.input<typeof hoseKitListQuerySchema>;

/** The assembly a line names, as it is today. */
export interface KitLineAssembly {
  _id: string;
  partNumber: string;
  revision: string;
  title: string;
  description: string;
  cost: number | null;
  workingPressurePsi: number | null;
  overallLengthMm: number | null;
  latest: boolean;
}

/** The component a line names, as it is today. */
export interface KitLineComponent {
  _id: string;
  kind: string;
  partNumber: string;
  brand: string;
  description: string;
  cost: number | null;
  costUnit: CostUnit;
  productGroup: string | null;
}

/** One line as the API answers it: what was saved, what it names, and its price. */
export interface HoseKitLine extends KitRollupLine {
  _id: string;
  position: number;
  lineType: KitLineType;
  hoseAssemblyId: string | null;
  componentId: string | null;
  /** What the line says (for an assembly or component: its own description unless one was typed). */
  description: string;
  /** The part number to show ('' for an other item). */
  partNumber: string;
  quantity: number;
  /** The cost override saved on the line (the other item's cost). */
  unitCostOverride: number | null;
  productGroup: string | null;
  assembly: KitLineAssembly | null;
  component: KitLineComponent | null;
}

export interface HoseKitRevisionSummary {
  _id: string;
  revision: string;
  title: string;
  latest: boolean;
  released: boolean;
  createdAt: string;
}

/** `GET /api/v1/hosekit/{id}` (any revision). */
export interface HoseKit {
  _id: string;
  partNumber: string;
  revision: string;
  title: string;
  latest: boolean;
  released: boolean;
  description: string;
  customerId: string | null;
  customerName: string | null;
  /** The customer's currency (ISO 4217), the prices' currency; null without a customer. */
  currency: string | null;
  machine: string;
  notes: string;
  lines: HoseKitLine[];
  totals: KitTotals;
  /** Every revision of this part number, newest first. */
  revisions: HoseKitRevisionSummary[];
  createdAt: string;
  updatedAt: string;
  createdByName: string | null;
}

/** `POST /api/v1/hosekits/compute`: the lines and totals an input would give, priced, nothing saved. */
export interface HoseKitComputeResponse {
  lines: Omit<HoseKitLine, '_id'>[];
  totals: KitTotals;
  /** The customer's currency; null without a customer. */
  currency: string | null;
}

export interface HoseKitListItem {
  _id: string;
  partNumber: string;
  revision: string;
  title: string;
  released: boolean;
  description: string;
  machine: string;
  customerId: string | null;
  customerName: string | null;
  lineCount: number;
  createdAt: string;
  updatedAt: string;
}
