/**
 * Sales estimates (professional and enterprise, ADR 21): what the API answers and accepts. Pricing is
 * `pricing.ts`; every amount here is an integer in the minor units of the estimate's currency (cents).
 */
import { z } from 'zod';
import { isoDateTimeSchema, listQuery } from '../api/schemas.ts';
import { dueDateSchema } from '../workorders/workorders.ts';
import { ESTIMATE_LINE_TYPES, ESTIMATE_STATUSES } from './pricing.ts';

/** The number pattern a new organisation starts with (`organization_settings.estimate_number_pattern`). */
export const DEFAULT_ESTIMATE_NUMBER_PATTERN = 'SE-{00000}';
/** How many days a new estimate is valid for unless the organisation says otherwise. */
export const DEFAULT_ESTIMATE_VALIDITY_DAYS = 30;

/** The edit pages of `/salesestimate/{id}/edit/{editType}`. */
export const ESTIMATE_EDIT_TYPES = ['details', 'lines'] as const;
export type EstimateEditType = (typeof ESTIMATE_EDIT_TYPES)[number];

export const ESTIMATE_LINE_TYPE_LABELS: Readonly<Record<(typeof ESTIMATE_LINE_TYPES)[number], string>> = {
  kit: 'Kit',
  assembly: 'Hose assembly',
  component: 'Component',
  other: 'Other item',
  labour: 'Labour',
  freight: 'Freight',
};

/** Largest amount an estimate line may carry, in minor units (10 million in the currency's major unit). */
const MAX_MINOR = 1_000_000_000;

const text = (max: number, label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`);

/** A calendar day, `2026-12-01`. */
export const estimateDaySchema = dueDateSchema;

const minorAmount = (label: string) =>
  z
    .number({ error: `Enter ${label} as a whole number of cents` })
    .int(`Enter ${label} as a whole number of cents`)
    .min(0, `${label} cannot be negative`)
    .max(MAX_MINOR, `${label} is too large`);

const lineQuantity = z
  .number({ error: 'Enter the quantity as a number' })
  .positive('The quantity must be more than 0')
  .max(1_000_000, 'The quantity must be at most 1,000,000')
  .refine(
    (v) => Math.abs(Math.round(v * 1000) - v * 1000) < 1e-6,
    'Use at most 3 decimal places in the quantity',
  );

/**
 * One line as the editor sends it. Kits, assemblies and components name their item; an other item may name
 * one (a component of kind otherItem) or be free text with a typed price; labour is priced by the
 * organisation's labour rate; freight needs a typed price.
 */
export const estimateLineInputSchema = z
  .object({
    type: z.enum(ESTIMATE_LINE_TYPES, {
      error: 'The line type is kit, assembly, component, other, labour or freight',
    }),
    itemId: z.uuid({ error: 'This item was not found' }).nullable().default(null),
    /** Left out: the item's own description (free text for other items, labour and freight). */
    description: text(500, 'The description').default(''),
    quantity: lineQuantity,
    /** A price typed on the line, minor units; it wins over every other price. */
    unitPriceOverride: minorAmount('the price').nullable().default(null),
  })
  .superRefine((line, ctx) => {
    if ((line.type === 'kit' || line.type === 'assembly' || line.type === 'component') && !line.itemId) {
      ctx.addIssue({ code: 'custom', path: ['itemId'], message: `Choose the ${line.type} this line sells` });
    }
    if ((line.type === 'labour' || line.type === 'freight') && line.itemId) {
      ctx.addIssue({ code: 'custom', path: ['itemId'], message: `A ${line.type} line sells no item` });
    }
    if (line.type === 'other' && !line.itemId && !line.description) {
      ctx.addIssue({ code: 'custom', path: ['description'], message: 'Describe the item this line sells' });
    }
  });
export type EstimateLineInputBody = z.infer<typeof estimateLineInputSchema>;
export type EstimateLineInputDraft = z.input<typeof estimateLineInputSchema>;

const linesInput = z.array(estimateLineInputSchema).max(500, 'Keep at most 500 lines on one estimate');

export const estimateContactSchema = z.object({
  name: text(200, 'The contact name').min(1, 'Enter the contact’s name'),
  email: text(254, 'The email')
    .default('')
    .refine((v) => v === '' || z.email().safeParse(v).success, 'Enter an email such as buyer@acme.com'),
  phone: text(40, 'The phone number').default(''),
});
export type EstimateContact = z.infer<typeof estimateContactSchema>;

const estimateDetailsShape = {
  contact: estimateContactSchema.nullable().optional(),
  /** Left out: today (the organisation's day). It picks the price list version. */
  estimateDate: estimateDaySchema.optional(),
  /** Left out: the estimate date plus the organisation's validity days. */
  validUntil: estimateDaySchema.nullable().optional(),
  description: text(200, 'The description').optional(),
  notes: text(2000, 'The notes').optional(),
  /** Left out: the organisation's estimate terms. */
  terms: text(4000, 'The terms').optional(),
};

export const estimateCreateSchema = z.object({
  customerId: z.uuid({ error: 'Choose the customer this estimate is for' }),
  ...estimateDetailsShape,
  lines: linesInput.default([]),
});
export type EstimateCreate = z.infer<typeof estimateCreateSchema>;
export type EstimateCreateInput = z.input<typeof estimateCreateSchema>;

/** Only a draft changes; the customer too (its currency then prices every line again). */
export const estimateUpdateSchema = z.object({
  customerId: z.uuid({ error: 'This customer was not found' }).optional(),
  ...estimateDetailsShape,
  lines: linesInput.optional(),
});
export type EstimateUpdate = z.infer<typeof estimateUpdateSchema>;

/** The editor's live prices: the lines priced for the customer on the date, nothing saved. */
export const estimatePriceRequestSchema = z.object({
  customerId: z.uuid({ error: 'Choose the customer this estimate is for' }),
  estimateDate: estimateDaySchema.optional(),
  lines: linesInput,
});
export type EstimatePriceRequest = z.infer<typeof estimatePriceRequestSchema>;

// A plain union: two variants share the source 'default' (told apart by `basis`), which a discriminated
// union on 'source' refuses.
export const pricedBySchema = z.union([
  z.object({
    source: z.literal('priceList'),
    priceListId: z.string(),
    priceListName: z.string(),
    versionId: z.string(),
    effectiveFrom: z.string(),
    minQuantity: z.number().nullable(),
  }),
  z.object({
    source: z.literal('customerTerms'),
    marginPct: z.number(),
    discountPct: z.number(),
    productGroup: z.string().nullable(),
  }),
  z.object({ source: z.literal('default'), basis: z.literal('defaultMargin'), marginPct: z.number() }),
  z.object({ source: z.literal('default'), basis: z.literal('labourRate') }),
  z.object({ source: z.literal('manual') }),
  z.object({ source: z.literal('none'), reason: z.string() }),
]);

export const estimateLineSchema = z.object({
  _id: z.string(),
  position: z.number().int(),
  type: z.enum(ESTIMATE_LINE_TYPES),
  itemId: z.string().nullable(),
  /** The item's part number (a kit's or assembly's with its revision); empty for labour and freight. */
  partNumber: z.string(),
  description: z.string(),
  productGroup: z.string().nullable(),
  quantity: z.number(),
  /** Minor units; null when nothing could price the line (it counts 0). */
  unitPrice: z.number().int().nullable(),
  unitPriceOverride: z.number().int().nullable(),
  lineTotal: z.number().int(),
  /** The cost when priced, in the estimate's currency, minor units; null when unknown. */
  unitCost: z.number().int().nullable(),
  marginPct: z.number().nullable(),
  /** Margin below the organisation's target margin. */
  belowTargetMargin: z.boolean(),
  pricedBy: pricedBySchema,
  /** `describePricedBy`: what the screen shows beside the price. */
  pricedByText: z.string(),
});
export type EstimateLine = z.infer<typeof estimateLineSchema>;

export const estimateTaxSchema = z.object({
  name: z.string(),
  ratePct: z.number(),
  amount: z.number().int(),
});

/** The money of an estimate (also what the editor's live pricing answers). */
export const estimateTotalsShape = {
  currency: z.string(),
  subtotal: z.number().int(),
  minimumChargeAdjustment: z.number().int(),
  taxes: z.array(estimateTaxSchema),
  taxTotal: z.number().int(),
  total: z.number().int(),
  taxExempt: z.boolean(),
};

export const estimatePricingSchema = z.object({
  ...estimateTotalsShape,
  lines: z.array(estimateLineSchema),
});
export type EstimatePricingAnswer = z.infer<typeof estimatePricingSchema>;

const personSchema = z.object({ _id: z.string(), name: z.string() }).nullable();

export const estimateSchema = z.object({
  _id: z.string(),
  number: z.string(),
  revision: z.number().int(),
  /** The revision this one revises (it stays as it was sent). */
  previousId: z.string().nullable(),
  /** A later revision of the same number, when there is one. */
  laterRevision: z.object({ _id: z.string(), revision: z.number().int() }).nullable(),
  /** `estimateStatusOn` today: a sent estimate past its validity is expired. */
  status: z.enum(ESTIMATE_STATUSES),
  customer: z.object({ _id: z.string(), name: z.string() }).nullable(),
  contact: z.object({ name: z.string(), email: z.string(), phone: z.string() }).nullable(),
  estimateDate: z.string(),
  validUntil: z.string().nullable(),
  description: z.string(),
  notes: z.string(),
  terms: z.string(),
  ...estimateTotalsShape,
  lines: z.array(estimateLineSchema),
  /** How many lines are below the target margin, and how many nothing could price. */
  belowTargetCount: z.number().int(),
  unpricedCount: z.number().int(),
  /** The work orders accepting it made. */
  workOrders: z.array(z.object({ _id: z.string(), number: z.string(), status: z.string() })),
  sentAt: isoDateTimeSchema.nullable(),
  sentTo: z.string().nullable(),
  decidedAt: isoDateTimeSchema.nullable(),
  createdBy: personSchema,
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export type Estimate = z.infer<typeof estimateSchema>;

export const estimateSummarySchema = estimateSchema
  .pick({
    _id: true,
    number: true,
    revision: true,
    status: true,
    customer: true,
    currency: true,
    estimateDate: true,
    validUntil: true,
    description: true,
    total: true,
    createdAt: true,
    updatedAt: true,
  })
  .extend({ lineCount: z.number().int() });
export type EstimateSummary = z.infer<typeof estimateSummarySchema>;

export const ESTIMATE_SORT_FIELDS = [
  'number',
  'estimateDate',
  'validUntil',
  'total',
  'status',
  'createdAt',
] as const;

export const estimateListQuerySchema = listQuery({
  sortFields: ESTIMATE_SORT_FIELDS,
  defaultSort: 'createdAt',
  defaultOrder: 'desc',
  defaultItemsPerPage: 25,
  maxItemsPerPage: 200,
  filters: {
    status: z
      .enum(ESTIMATE_STATUSES, { error: `The status is one of ${ESTIMATE_STATUSES.join(', ')}` })
      .optional(),
    customerId: z.uuid({ error: 'This customer was not found' }).optional(),
    /** `true`: every revision; otherwise only the latest revision of each number. */
    allRevisions: z
      .enum(['true', 'false'], { error: 'allRevisions is true or false' })
      .optional()
      .transform((v) => v === 'true'),
  },
});
export type EstimateListQuery = z.infer<typeof estimateListQuerySchema>;
export type EstimateListQueryInput = z.input<typeof estimateListQuerySchema>;

/** Sending: to the estimate's contact unless another address is given, with an optional message. */
export const estimateSendSchema = z.object({
  to: text(254, 'The email')
    .refine((v) => z.email().safeParse(v).success, 'Enter an email such as buyer@acme.com')
    .optional(),
  message: text(2000, 'The message').default(''),
});
export type EstimateSend = z.infer<typeof estimateSendSchema>;

/** Accepting: work orders one per assembly line or one for the whole estimate, from a warehouse. */
export const ESTIMATE_ACCEPT_SPLITS = ['perAssembly', 'perEstimate'] as const;
export const estimateAcceptSchema = z.object({
  workOrders: z
    .enum(ESTIMATE_ACCEPT_SPLITS, { error: 'Make one work order per assembly line or one per estimate' })
    .default('perEstimate'),
  /** Left out: the default warehouse. */
  warehouseId: z.uuid({ error: 'This warehouse was not found' }).optional(),
  dueDate: dueDateSchema.nullable().default(null),
});
export type EstimateAccept = z.infer<typeof estimateAcceptSchema>;

export const estimateDeclineSchema = z.object({ reason: text(500, 'The reason').default('') });

/** What changed since the estimate was priced, line by line (`recheckSalesEstimate`). */
export const ESTIMATE_CHANGE_KINDS = ['discontinued', 'missing', 'revised', 'priceUp', 'priceDown'] as const;
export type EstimateChangeKind = (typeof ESTIMATE_CHANGE_KINDS)[number];

export const estimateRecheckSchema = z.object({
  /** Nothing changed: the estimate still holds at today's catalogue and prices. */
  upToDate: z.boolean(),
  /** The date the prices were checked on (today). */
  checkedOn: z.string(),
  changes: z.array(
    z.object({
      lineId: z.string(),
      position: z.number().int(),
      partNumber: z.string(),
      kind: z.enum(ESTIMATE_CHANGE_KINDS),
      /** A sentence for the screen: 'GEN-2SN-08 is no longer sold', 'A newer revision B exists'. */
      message: z.string(),
      oldUnitPrice: z.number().int().nullable(),
      newUnitPrice: z.number().int().nullable(),
    }),
  ),
  totalBefore: z.number().int(),
  totalAfter: z.number().int(),
  currency: z.string(),
});
export type EstimateRecheck = z.infer<typeof estimateRecheckSchema>;

/** The object path of an estimate in the web app. */
export function estimatePath(id: string): string {
  return `/salesestimate/${id}`;
}
