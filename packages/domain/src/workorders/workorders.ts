/**
 * Work orders: the shop floor's instruction to build hose assemblies. A work order is made from assemblies
 * with quantities, from a kit (its assembly lines, times the number of kits) or from a scanned tag (a
 * reorder: each new unit's serial is linked to the scanned one). It goes draft -> released -> in progress ->
 * completed, or is cancelled. Release reserves the stock it needs and gives each unit its serial; every unit
 * is built step by step at the bench with its measurements kept; completion consumes the stock in one
 * transaction.
 */
import { z } from 'zod';
import { isoDateTimeSchema, listQuery } from '../api/schemas.ts';
import { COMPONENT_KINDS } from '../components/components.ts';
import { STOCK_UNITS } from '../inventory/inventory.ts';
import { MM_PER_INCH, PSI_PER_BAR } from '../units/units.ts';
import { WORK_ORDER_STATUSES, type WorkOrderStatus } from './status.ts';

export { WORK_ORDER_STATUSES, type WorkOrderStatus } from './status.ts';

export const WORK_ORDER_STATUS_LABELS: Readonly<Record<WorkOrderStatus, string>> = {
  draft: 'Draft',
  released: 'Released',
  inProgress: 'In progress',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

export const WORK_ORDER_PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
export type WorkOrderPriority = (typeof WORK_ORDER_PRIORITIES)[number];

/** What a work order can be made from (the choices of `createWorkOrder`). */
export const WORK_ORDER_SOURCES = ['assemblies', 'kit', 'reorder'] as const;
export type WorkOrderSource = (typeof WORK_ORDER_SOURCES)[number];
/** Where a work order came from: one of those, or an accepted sales estimate (ADR 21). */
export const WORK_ORDER_ORIGINS = [...WORK_ORDER_SOURCES, 'estimate'] as const;
export type WorkOrderOrigin = (typeof WORK_ORDER_ORIGINS)[number];

/** The edit pages of `/workorder/{id}/edit/{editType}`. */
export const WORK_ORDER_EDIT_TYPES = ['details', 'lines'] as const;
export type WorkOrderEditType = (typeof WORK_ORDER_EDIT_TYPES)[number];

/** The number pattern a new organisation starts with (`organization_settings.work_order_number_pattern`). */
export const DEFAULT_WORK_ORDER_NUMBER_PATTERN = 'WO-{00000}';

/**
 * The steps of building one unit at the bench, in order. `skive` is a step only when the hose must be
 * skived; every other step is always done.
 */
export const BUILD_STEPS = ['cut', 'skive', 'assemble', 'crimp', 'clean', 'cap', 'test', 'tag'] as const;
export type BuildStep = (typeof BUILD_STEPS)[number];

export const BUILD_STEP_LABELS: Readonly<Record<BuildStep, string>> = {
  cut: 'Cut',
  skive: 'Skive',
  assemble: 'Assemble',
  crimp: 'Crimp',
  clean: 'Clean',
  cap: 'Cap',
  test: 'Proof test',
  tag: 'Tag',
};

/** The steps a unit needs: all of them, without skive when the hose is not skived. */
export function requiredBuildSteps(skive: boolean): BuildStep[] {
  return BUILD_STEPS.filter((s) => s !== 'skive' || skive);
}

/** A proof test holds for 30 to 60 s by default; a customer may ask for up to 5 minutes (NAHAD retest). */
export const PROOF_TEST_MIN_HOLD_S = 30;
export const PROOF_TEST_MAX_HOLD_S = 300;
/** The default test pressure is twice the assembly's maximum working pressure; never below 1.5 times. */
export const PROOF_TEST_FACTOR = 2;
export const PROOF_TEST_MIN_FACTOR = 1.5;

export function defaultTestPressurePsi(workingPressurePsi: number): number {
  return Math.round(workingPressurePsi * PROOF_TEST_FACTOR);
}

export interface CrimpTarget {
  targetMm: number;
  toleranceMm: number;
}

/** How far outside its tolerance a measured crimp diameter is, in mm: 0 inside, positive over or under. */
export function crimpDeviationMm(measuredMm: number, target: CrimpTarget): number {
  const off = Math.abs(measuredMm - target.targetMm) - target.toleranceMm;
  // A hundredth of a micrometre of float noise is not a deviation.
  return off > 1e-6 ? Math.round(off * 1000) / 1000 : 0;
}

// ---------------------------------------------------------------------------------------------------------
// Measurements: a number and its unit, never a bare number
// ---------------------------------------------------------------------------------------------------------

const measuredNumber = (what: string) =>
  z
    .number({ error: `Enter the ${what} as a number` })
    .refine((v) => Number.isFinite(v), `Enter the ${what} as a number`)
    .refine((v) => v > 0, `The ${what} must be more than 0`);

/** A length the bench measured: `{ value, unit }` with the unit mm, in, m or ft. */
export const measuredLengthSchema = z.object(
  {
    value: measuredNumber('length'),
    unit: z.enum(['mm', 'in', 'm', 'ft'], { error: 'Give the unit of the length: mm, in, m or ft' }),
  },
  { error: 'Give the length with its unit, e.g. { "value": 890, "unit": "mm" }' },
);
export type MeasuredLength = z.infer<typeof measuredLengthSchema>;

/** A crimp diameter: `{ value, unit }` with the unit mm or in. */
export const measuredDiameterSchema = z.object(
  {
    value: measuredNumber('diameter').refine((v) => v < 1000, 'The diameter is too large'),
    unit: z.enum(['mm', 'in'], { error: 'Give the unit of the diameter: mm or in' }),
  },
  { error: 'Give the diameter with its unit, e.g. { "value": 24.6, "unit": "mm" }' },
);
export type MeasuredDiameter = z.infer<typeof measuredDiameterSchema>;

/** A test pressure: `{ value, unit }` with the unit psi or bar. */
export const measuredPressureSchema = z.object(
  {
    value: measuredNumber('pressure').refine((v) => v < 1_000_000, 'The pressure is too large'),
    unit: z.enum(['psi', 'bar'], { error: 'Give the unit of the pressure: psi or bar' }),
  },
  { error: 'Give the pressure with its unit, e.g. { "value": 8000, "unit": "psi" }' },
);
export type MeasuredPressure = z.infer<typeof measuredPressureSchema>;

const MM_PER: Readonly<Record<MeasuredLength['unit'], number>> = {
  mm: 1,
  in: MM_PER_INCH,
  m: 1000,
  ft: 12 * MM_PER_INCH,
};
export function measuredLengthMm(length: MeasuredLength | MeasuredDiameter): number {
  return length.value * MM_PER[length.unit];
}
export function measuredPressurePsi(pressure: MeasuredPressure): number {
  return pressure.unit === 'psi' ? pressure.value : pressure.value * PSI_PER_BAR;
}

// ---------------------------------------------------------------------------------------------------------
// What clients send
// ---------------------------------------------------------------------------------------------------------

const text = (max: number, label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`);

/** A calendar day, `2026-12-01`. */
export const dueDateSchema = z
  .string({ error: 'Write the due date as YYYY-MM-DD' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Write the due date as YYYY-MM-DD')
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), 'This due date is not a day of the calendar');

const unitsQuantity = z
  .number({ error: 'Enter how many to build' })
  .int('Build whole units')
  .min(1, 'Build at least 1')
  .max(1000, 'Build at most 1,000 units on one line');

export const workOrderLineInputSchema = z.object({
  hoseAssemblyId: z.uuid({ error: 'This hose assembly was not found' }),
  quantity: unitsQuantity,
});
export type WorkOrderLineInput = z.infer<typeof workOrderLineInputSchema>;

/** The fields every work order has, whatever it was made from. */
const workOrderDetailsShape = {
  /** Left out: the assembly's or kit's customer, else none. */
  customerId: z.uuid({ error: 'This customer was not found' }).nullable().optional(),
  /** Where the stock is picked from; left out, the default warehouse. */
  warehouseId: z.uuid({ error: 'This warehouse was not found' }).optional(),
  dueDate: dueDateSchema.nullable().default(null),
  priority: z
    .enum(WORK_ORDER_PRIORITIES, { error: 'The priority is low, normal, high or urgent' })
    .default('normal'),
  description: text(200, 'The description').default(''),
  notes: text(2000, 'The notes').default(''),
};

/**
 * A new work order, made from one of three things: assemblies with quantities, a kit (its assembly lines
 * times `quantity` kits), or a scanned tag's serial (a reorder of that revision; the new units' serials are
 * linked to it).
 */
export const workOrderCreateSchema = z.discriminatedUnion(
  'from',
  [
    z.object({
      from: z.literal('assemblies'),
      ...workOrderDetailsShape,
      lines: z
        .array(workOrderLineInputSchema)
        .min(1, 'Add at least one hose assembly to build')
        .max(200, 'Keep at most 200 lines on one work order'),
    }),
    z.object({
      from: z.literal('kit'),
      ...workOrderDetailsShape,
      hoseKitId: z.uuid({ error: 'This hose kit was not found' }),
      quantity: unitsQuantity,
    }),
    z.object({
      from: z.literal('reorder'),
      ...workOrderDetailsShape,
      serialId: z
        .string({ error: 'Enter the serial number from the tag' })
        .trim()
        .min(1, 'Enter the serial number from the tag'),
      quantity: unitsQuantity.default(1),
    }),
  ],
  { error: 'Say what the work order is made from: assemblies, kit or reorder' },
);
export type WorkOrderCreate = z.infer<typeof workOrderCreateSchema>;
export type WorkOrderCreateDraft = z.input<typeof workOrderCreateSchema>;

/**
 * A change to a work order. The details change until it is completed or cancelled; `lines` (the whole list)
 * and `warehouseId` only while it is a draft (release has reserved stock and made serials for them).
 */
export const workOrderUpdateSchema = z.object({
  customerId: z.uuid({ error: 'This customer was not found' }).nullable().optional(),
  warehouseId: z.uuid({ error: 'This warehouse was not found' }).optional(),
  dueDate: dueDateSchema.nullable().optional(),
  priority: z
    .enum(WORK_ORDER_PRIORITIES, { error: 'The priority is low, normal, high or urgent' })
    .optional(),
  description: text(200, 'The description').optional(),
  notes: text(2000, 'The notes').optional(),
  lines: z
    .array(workOrderLineInputSchema)
    .min(1, 'Keep at least one hose assembly to build')
    .max(200, 'Keep at most 200 lines on one work order')
    .optional(),
});
export type WorkOrderUpdate = z.infer<typeof workOrderUpdateSchema>;

export const workOrderCancelSchema = z.object({
  reason: text(200, 'The reason').min(1, 'Say why the work order is cancelled'),
});

/**
 * One step of one unit at the bench. Measurements carry their units. A crimp outside its spec's tolerance is
 * refused with how far off it is (re-crimp or scrap); a failed proof test is recorded and keeps the unit from
 * completion.
 */
export const buildStepInputSchema = z.discriminatedUnion(
  'step',
  [
    z.object({ step: z.literal('cut'), cutLength: measuredLengthSchema }),
    z.object({ step: z.literal('skive') }),
    z.object({ step: z.literal('assemble') }),
    z.object({
      step: z.literal('crimp'),
      endA: measuredDiameterSchema,
      endB: measuredDiameterSchema,
    }),
    z.object({ step: z.literal('clean') }),
    z.object({ step: z.literal('cap') }),
    z.object({
      step: z.literal('test'),
      pressure: measuredPressureSchema,
      holdSeconds: z
        .number({ error: 'Enter the hold time in seconds' })
        .int('Enter the hold time in whole seconds')
        .min(PROOF_TEST_MIN_HOLD_S, `Hold the test pressure at least ${PROOF_TEST_MIN_HOLD_S} s`)
        .max(PROOF_TEST_MAX_HOLD_S, `Hold the test pressure at most ${PROOF_TEST_MAX_HOLD_S} s`),
      result: z.enum(['pass', 'fail'], { error: 'The result is pass or fail' }),
    }),
    z.object({ step: z.literal('tag') }),
  ],
  { error: `The step is one of ${BUILD_STEPS.join(', ')}` },
);
export type BuildStepInput = z.infer<typeof buildStepInputSchema>;

// ---------------------------------------------------------------------------------------------------------
// What the API answers
// ---------------------------------------------------------------------------------------------------------

const personSchema = z.object({ _id: z.string(), name: z.string() }).nullable();
const stepRecordSchema = z.object({ at: isoDateTimeSchema, by: personSchema });

export const crimpEndSchema = z.object({
  /** The crimp spec of the hose and this end's fitting series; null when none is on file. */
  targetMm: z.number().nullable(),
  toleranceMm: z.number().nullable(),
  die: z.string().nullable(),
  specRevision: z.string().nullable(),
  /** What the bench measured; null until the crimp step. */
  measuredMm: z.number().nullable(),
});
export type CrimpEnd = z.infer<typeof crimpEndSchema>;

export const proofTestSchema = z.object({
  pressurePsi: z.number(),
  holdSeconds: z.number().int(),
  result: z.enum(['pass', 'fail']),
  by: personSchema,
  at: isoDateTimeSchema,
});
export type ProofTest = z.infer<typeof proofTestSchema>;

export const workOrderUnitSchema = z.object({
  _id: z.string(),
  lineId: z.string(),
  /** 1-based across the work order: "unit 3 of 12". */
  index: z.number().int(),
  /** Given at release; it becomes a built unit (the tag's serial, `/qs/{serial}`) at completion. */
  serialId: z.string(),
  /** The scanned unit this one replaces (a reorder). */
  replacesSerialId: z.string().nullable(),
  requiredSteps: z.array(z.enum(BUILD_STEPS)),
  steps: z.partialRecord(z.enum(BUILD_STEPS), stepRecordSchema),
  cutLengthMm: z.number().nullable(),
  crimp: z.object({ endA: crimpEndSchema, endB: crimpEndSchema }),
  test: proofTestSchema.nullable(),
  /** Every required step done and the proof test passed. */
  ready: z.boolean(),
  assembledBy: personSchema,
  completedAt: isoDateTimeSchema.nullable(),
});
export type WorkOrderUnit = z.infer<typeof workOrderUnitSchema>;

export const workOrderLineSchema = z.object({
  _id: z.string(),
  position: z.number().int(),
  quantity: z.number().int(),
  hoseAssembly: z.object({
    _id: z.string(),
    title: z.string(),
    description: z.string(),
    cutLengthMm: z.number(),
    overallLengthMm: z.number(),
    workingPressurePsi: z.number(),
    /** The hose must be skived (the skive step). */
    skive: z.boolean(),
  }),
  replacesSerialId: z.string().nullable(),
});
export type WorkOrderLine = z.infer<typeof workOrderLineSchema>;

/** One item the work order needs in total, in its stock unit, with what the warehouse has free for it. */
export const workOrderMaterialSchema = z.object({
  componentId: z.string(),
  kind: z.enum(COMPONENT_KINDS),
  partNumber: z.string(),
  description: z.string(),
  stockUnit: z.enum(STOCK_UNITS),
  quantity: z.number(),
  /** On hand in the work order's warehouse less what other work orders have reserved. */
  available: z.number(),
});
export type WorkOrderMaterial = z.infer<typeof workOrderMaterialSchema>;

/**
 * A part a work order made from a kit picks without building (the kit's component lines): `count` pieces of
 * `quantity` each, in the stock unit (pieces, or millimetres of hose cut one piece per kit).
 */
export const workOrderLooseItemSchema = z.object({
  componentId: z.string(),
  kind: z.enum(COMPONENT_KINDS),
  partNumber: z.string(),
  description: z.string(),
  stockUnit: z.enum(STOCK_UNITS),
  quantity: z.number(),
  count: z.number().int(),
});
export type WorkOrderLooseItem = z.infer<typeof workOrderLooseItemSchema>;

/** What release reserved: which item to take from which location, in the stock unit. */
export const workOrderPickSchema = z.object({
  componentId: z.string(),
  partNumber: z.string(),
  description: z.string(),
  stockUnit: z.enum(STOCK_UNITS),
  quantity: z.number(),
  warehouse: z.object({ _id: z.string(), code: z.string() }),
  location: z.object({ _id: z.string(), code: z.string() }).nullable(),
  /**
   * Hose stocked by length: the piece to cut from (ADR 19), with its length now, batch and date code; null for
   * counted parts, and for a shortfall held at the warehouse (negative stock allowed).
   */
  piece: z
    .object({
      _id: z.string(),
      length: z.number(),
      batch: z.string(),
      dateCode: z.string().nullable(),
      remnant: z.boolean(),
    })
    .nullable(),
});
export type WorkOrderPick = z.infer<typeof workOrderPickSchema>;

export const workOrderSchema = z.object({
  _id: z.string(),
  number: z.string(),
  status: z.enum(WORK_ORDER_STATUSES),
  priority: z.enum(WORK_ORDER_PRIORITIES),
  source: z.enum(WORK_ORDER_ORIGINS),
  customer: z.object({ _id: z.string(), name: z.string() }).nullable(),
  warehouse: z.object({ _id: z.string(), code: z.string(), name: z.string() }),
  hoseKit: z.object({ _id: z.string(), title: z.string() }).nullable(),
  dueDate: z.string().nullable(),
  description: z.string(),
  notes: z.string(),
  cancelReason: z.string(),
  lines: z.array(workOrderLineSchema),
  /** Empty until release. */
  units: z.array(workOrderUnitSchema),
  /** Picked with the order and consumed at completion, not built (a kit's component lines). */
  looseItems: z.array(workOrderLooseItemSchema),
  materials: z.array(workOrderMaterialSchema),
  /** Empty until release, and again once completed or cancelled. */
  picks: z.array(workOrderPickSchema),
  unitCount: z.number().int(),
  unitsReady: z.number().int(),
  createdBy: personSchema,
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
  releasedAt: isoDateTimeSchema.nullable(),
  completedAt: isoDateTimeSchema.nullable(),
});
export type WorkOrder = z.infer<typeof workOrderSchema>;

/** A row of the list: no units, materials or picks. */
export const workOrderSummarySchema = workOrderSchema
  .pick({
    _id: true,
    number: true,
    status: true,
    priority: true,
    source: true,
    customer: true,
    warehouse: true,
    dueDate: true,
    description: true,
    unitCount: true,
    unitsReady: true,
    createdAt: true,
    updatedAt: true,
    completedAt: true,
  })
  .extend({
    /** The first line's assembly title, and how many more lines there are. */
    firstAssembly: z.string().nullable(),
    moreLines: z.number().int(),
  });
export type WorkOrderSummary = z.infer<typeof workOrderSummarySchema>;

export const WORK_ORDER_SORT_FIELDS = ['number', 'dueDate', 'priority', 'status', 'createdAt'] as const;

export const workOrderListQuerySchema = listQuery({
  sortFields: WORK_ORDER_SORT_FIELDS,
  defaultSort: 'createdAt',
  defaultOrder: 'desc',
  defaultItemsPerPage: 25,
  maxItemsPerPage: 200,
  filters: {
    status: z
      .enum(WORK_ORDER_STATUSES, { error: `The status is one of ${WORK_ORDER_STATUSES.join(', ')}` })
      .optional(),
    /** `open`: draft, released or in progress. */
    open: z
      .enum(['true', 'false'], { error: 'open is true or false' })
      .optional()
      .transform((v) => (v === undefined ? undefined : v === 'true')),
    customerId: z.uuid({ error: 'This customer was not found' }).optional(),
  },
});
export type WorkOrderListQuery = z.infer<typeof workOrderListQuerySchema>;
export type WorkOrderListQueryInput = z.input<typeof workOrderListQuerySchema>;

/** The document body: which unit's certificate (left out, every completed unit's). */
export const workOrderDocumentRequestSchema = z.object({
  unitId: z.uuid({ error: 'This unit was not found' }).optional(),
});

/** The object path of a work order in the web app. */
export function workOrderPath(id: string): string {
  return `/workorder/${id}`;
}
