/**
 * What the hose assembly endpoints answer, as schemas: the computation the builder shows, the saved
 * revision, the list row, the serials and the public view of a serial. The server's answers are checked
 * against them in tests, and the web reads the inferred types.
 */
import { z } from 'zod';
import { isoDateTimeSchema, listResponse } from '../api/schemas.ts';
import { addressSchema } from '../customers/customers.ts';
import { LENGTH_MEASURED_TO, ORIENTATION_CONVENTIONS, SAFETY_CONFIRMATION_CODES } from './assemblies.ts';

// ---------------------------------------------------------------------------------------------------------
// The computation
// ---------------------------------------------------------------------------------------------------------

export const ASSEMBLY_ISSUE_CODES = [
  'incompatible',
  'ferrule-missing',
  'ferrule-not-needed',
  'cut-length',
  'inactive',
  'orientation-missing',
  'orientation-straight-end',
  'pressure',
  'temperature',
  'bend-radius',
  'free-length',
  'wrap-fit',
  'wrap-temperature',
  'wrap-length',
  'adaptor-mismatch',
  'measured-to',
  'cost-missing',
] as const;
export type AssemblyIssueCode = (typeof ASSEMBLY_ISSUE_CODES)[number];

/** Which part a figure came from. */
export const ASSEMBLY_PART_ROLES = [
  'hose',
  'endA.fitting',
  'endA.ferrule',
  'endA.adaptor',
  'endB.fitting',
  'endB.ferrule',
  'endB.adaptor',
  'wrap',
] as const;
export type AssemblyPartRole = (typeof ASSEMBLY_PART_ROLES)[number];

/** A problem with the assembly. `path` names the input field it belongs to ('endA.fittingId', ...). */
export const assemblyIssueSchema = z.object({
  code: z.enum(ASSEMBLY_ISSUE_CODES),
  message: z.string(),
  path: z.string().optional(),
});
export type AssemblyIssue = z.infer<typeof assemblyIssueSchema>;

/**
 * A safety finding the assembly is saved with only when a person confirms it with a reason (ADR 22): the
 * temperature outside the hose's range or above the wrap's, a bend tighter than the hose allows, a cut
 * length below the minimum free length.
 */
export const assemblyFindingSchema = z.object({
  code: z.enum(SAFETY_CONFIRMATION_CODES),
  message: z.string(),
  path: z.string().optional(),
  /** The reason it was confirmed with; null while it is not confirmed (then `errors` says to confirm it). */
  reason: z.string().nullable(),
});
export type AssemblyFinding = z.infer<typeof assemblyFindingSchema>;

export const assemblyCostLineSchema = z.object({
  role: z.enum([...ASSEMBLY_PART_ROLES, 'labour']),
  partNumber: z.string(),
  description: z.string(),
  /** Quantity in `unit` per assembly: mm for hose and wrap bought by length, else each. */
  quantity: z.number(),
  unit: z.enum(['mm', 'each']),
  /** Cost per `unit`, or null when the part has no cost recorded. */
  unitCost: z.number().nullable(),
  /** Extended cost per assembly (0 when unknown). */
  cost: z.number(),
});
export type AssemblyCostLine = z.infer<typeof assemblyCostLineSchema>;

export const assemblyCostsSchema = z.object({
  lines: z.array(assemblyCostLineSchema),
  /** Cost of one assembly. */
  unitCost: z.number(),
  /** Sell price of one assembly for the customer's terms (margin, then discount), in `currency`. */
  unitPrice: z.number(),
  /** The prices' currency (ISO 4217): the customer's, or the organisation's base currency without one. */
  currency: z.string(),
  /** The costs' currency: the organisation's base currency. */
  costCurrency: z.string(),
  totalCost: z.number(),
  totalPrice: z.number(),
  quantity: z.number().int(),
  /** The margin (share of the price, not a markup) and the discount applied. */
  marginPct: z.number(),
  discountPct: z.number(),
  /** Part numbers whose cost is not recorded: the roll-up leaves them out. */
  missingCosts: z.array(z.string()),
});
export type AssemblyCosts = z.infer<typeof assemblyCostsSchema>;

const lengthMeasuredToSchema = z.enum(LENGTH_MEASURED_TO);
const orientationConventionSchema = z.enum(ORIENTATION_CONVENTIONS);

export const assemblyComputationSchema = z.object({
  overallLengthMm: z.number(),
  /** overall − cut-off A − cut-off B: the hose the saw cuts. */
  cutLengthMm: z.number(),
  /** Wrap length used (the input's, else the cut length); null without a wrap. */
  wrapLengthMm: z.number().nullable(),
  /** The lowest working pressure of the hose and every connector: the weakest part sets it. */
  maxWorkingPressurePsi: z.number(),
  /** The part that sets it (the first such part when several tie). */
  pressureLimitedBy: z.object({ role: z.enum(ASSEMBLY_PART_ROLES), partNumber: z.string() }),
  bothEndsBent: z.boolean(),
  /** ± degrees; null when the assembly has no orientation (not both ends bent). */
  orientationToleranceDeg: z.number().nullable(),
  /** Where each end's length is measured to: male end of thread, female or flange seal, elbow centreline. */
  measuredTo: z.object({ endA: lengthMeasuredToSchema, endB: lengthMeasuredToSchema }),
  /**
   * The safety findings, each with the reason it was confirmed with (null: not yet). Absent from revisions
   * saved before ADR 22, whose findings are among the warnings.
   */
  findings: z.array(assemblyFindingSchema).optional(),
  costs: assemblyCostsSchema,
  /** The assembly can be built but a person should look. */
  warnings: z.array(assemblyIssueSchema),
  /**
   * The assembly cannot be saved: mixing systems, a missing ferrule, cut length ≤ 0, an application pressure
   * above the maximum working pressure, a safety finding not yet confirmed.
   */
  errors: z.array(assemblyIssueSchema),
});
export type AssemblyComputation = z.infer<typeof assemblyComputationSchema>;

// ---------------------------------------------------------------------------------------------------------
// Parts
// ---------------------------------------------------------------------------------------------------------

/**
 * One part as the assembly shows it (no cost: this is also what the public page shows). The optional
 * fields are those of its kind that are recorded; the public page sends `_id` empty.
 */
export const assemblyPartSummarySchema = z.object({
  _id: z.string(),
  kind: z.enum(['hose', 'crimpFitting', 'ferrule', 'adaptor', 'wrap']),
  partNumber: z.string(),
  brand: z.string(),
  description: z.string(),
  series: z.string().optional(),
  dash: z.number().optional(),
  standard: z.string().optional(),
  endType: z.string().optional(),
  thread: z.string().optional(),
  gender: z.string().optional(),
  /** Degrees: 0 straight, 45, 90. */
  angle: z.number().optional(),
  pieces: z.number().optional(),
  cutoffMm: z.number().optional(),
  workingPressurePsi: z.number().optional(),
  /** Adaptor ends, 'JIC37 M -8'. */
  endA: z.string().optional(),
  endB: z.string().optional(),
  style: z.string().optional(),
  /** The hose only: its cover must be skived (cut back) where the ferrule grips before assembly. */
  skive: z.boolean().optional(),
});
export type AssemblyPartSummary = z.infer<typeof assemblyPartSummarySchema>;

export const assemblyEndSummarySchema = z.object({
  fitting: assemblyPartSummarySchema,
  ferrule: assemblyPartSummarySchema.nullable(),
  adaptor: assemblyPartSummarySchema.nullable(),
});
export type AssemblyEndSummary = z.infer<typeof assemblyEndSummarySchema>;

export const assemblyPartsSummarySchema = z.object({
  hose: assemblyPartSummarySchema,
  endA: assemblyEndSummarySchema,
  endB: assemblyEndSummarySchema,
  wrap: assemblyPartSummarySchema.extend({ lengthMm: z.number() }).nullable(),
});
export type AssemblyPartsSummary = z.infer<typeof assemblyPartsSummarySchema>;

// ---------------------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------------------

/** `computeHoseAssembly`: the computation plus the part number it would be saved under. */
export const hoseAssemblyComputeResponseSchema = assemblyComputationSchema.extend({
  /** The input's part number, or the next one in the organisation's pattern. */
  partNumber: z.string(),
  revision: z.string(),
  /** partNumber + delimiter + revision. */
  title: z.string(),
  parts: assemblyPartsSummarySchema,
});
export type HoseAssemblyComputeResponse = z.infer<typeof hoseAssemblyComputeResponseSchema>;

export const serialRecordSchema = z.object({
  serialId: z.string(),
  hoseAssemblyId: z.string(),
  revision: z.string(),
  replacesSerialId: z.string().nullable(),
  builtAt: isoDateTimeSchema,
  builtByName: z.string().nullable(),
});
export type SerialRecord = z.infer<typeof serialRecordSchema>;

/** `createHoseAssemblySerials`: the serials just made. */
export const serialsResponseSchema = z.object({ items: z.array(serialRecordSchema) });
export type SerialsResponse = z.infer<typeof serialsResponseSchema>;

export const hoseAssemblyRevisionSummarySchema = z.object({
  _id: z.string(),
  revision: z.string(),
  title: z.string(),
  latest: z.boolean(),
  createdAt: isoDateTimeSchema,
  createdByName: z.string().nullable(),
});
export type HoseAssemblyRevisionSummary = z.infer<typeof hoseAssemblyRevisionSummarySchema>;

const optionalId = z.string().optional();

/**
 * The builder's input as a revision keeps it: defaults applied, the part number filled in, the wrap length
 * written down, and the orientation left out when only one end is bent.
 */
export const savedAssemblySpecSchema = z.object({
  hoseId: z.string(),
  endA: z.object({ fittingId: z.string(), ferruleId: optionalId, adaptorId: optionalId }),
  endB: z.object({ fittingId: z.string(), ferruleId: optionalId, adaptorId: optionalId }),
  wrap: z.object({ wrapId: z.string(), lengthMm: z.number().optional() }).optional(),
  overallLengthMm: z.number(),
  lengthMeasuredTo: lengthMeasuredToSchema,
  orientationDeg: z.number().optional(),
  orientationConvention: orientationConventionSchema.optional(),
  quantity: z.number().int(),
  customerId: optionalId,
  description: z.string(),
  notes: z.string(),
  application: z
    .object({
      workingPressurePsi: z.number().optional(),
      tempC: z.number().optional(),
      bendRadiusMm: z.number().optional(),
      media: z.string(),
    })
    .optional(),
  /** The safety findings confirmed, with their reasons (ADR 22); absent from revisions saved before it. */
  confirmations: z
    .array(z.object({ code: z.enum(SAFETY_CONFIRMATION_CODES), reason: z.string() }))
    .optional(),
  partNumber: z.string(),
});
export type SavedAssemblySpec = z.infer<typeof savedAssemblySpecSchema>;

/** `getHoseAssembly` (any revision), and what saving, revising and duplicating answer. */
export const hoseAssemblySchema = z.object({
  _id: z.string(),
  partNumber: z.string(),
  revision: z.string(),
  title: z.string(),
  latest: z.boolean(),
  description: z.string(),
  notes: z.string(),
  customerId: z.string().nullable(),
  customerName: z.string().nullable(),
  /** The input as saved. */
  spec: savedAssemblySpecSchema,
  /** The figures as computed when this revision was saved. */
  computed: assemblyComputationSchema,
  parts: assemblyPartsSummarySchema,
  /** Every revision of this part number, newest first. */
  revisions: z.array(hoseAssemblyRevisionSummarySchema),
  /** Serials built of this part number (every revision), newest first. */
  serials: z.array(serialRecordSchema),
  createdAt: isoDateTimeSchema,
  createdBy: z.string().nullable(),
  createdByName: z.string().nullable(),
});
export type HoseAssembly = z.infer<typeof hoseAssemblySchema>;

export const hoseAssemblyListItemSchema = z.object({
  _id: z.string(),
  partNumber: z.string(),
  revision: z.string(),
  title: z.string(),
  description: z.string(),
  customerId: z.string().nullable(),
  customerName: z.string().nullable(),
  hoseId: z.string().nullable(),
  hosePartNumber: z.string(),
  dash: z.number().nullable(),
  endAType: z.string(),
  endBType: z.string(),
  overallLengthMm: z.number().nullable(),
  cutLengthMm: z.number().nullable(),
  workingPressurePsi: z.number().nullable(),
  unitPrice: z.number().nullable(),
  /** `unitPrice`'s currency: the customer's, or the base currency. */
  currency: z.string(),
  createdAt: isoDateTimeSchema,
});
export type HoseAssemblyListItem = z.infer<typeof hoseAssemblyListItemSchema>;

/** `listHoseAssemblies`: latest revisions only. */
export const hoseAssemblyListSchema = listResponse(hoseAssemblyListItemSchema);
export type HoseAssemblyList = z.infer<typeof hoseAssemblyListSchema>;

/** `lookUpSerial`: what a customer scanning the tag sees. No costs, prices or customers. */
export const publicAssemblySchema = z.object({
  serialId: z.string(),
  partNumber: z.string(),
  revision: z.string(),
  title: z.string(),
  description: z.string(),
  builtAt: isoDateTimeSchema,
  workingPressurePsi: z.number(),
  overallLengthMm: z.number(),
  cutLengthMm: z.number(),
  lengthMeasuredTo: lengthMeasuredToSchema,
  orientationDeg: z.number().nullable(),
  orientationConvention: orientationConventionSchema.nullable(),
  parts: assemblyPartsSummarySchema,
  /** Who built it. */
  organizationName: z.string(),
  /**
   * How to reach the shop that built it, as its settings keep them (Shop details): public, like the tag.
   * The address is the shop's own, else its default warehouse's, null when neither is kept; the phone and
   * email are empty when none is kept.
   */
  contact: z.object({
    address: addressSchema.nullable(),
    phone: z.string(),
    email: z.string(),
  }),
  /** How to reorder, in words for the customer. */
  reorder: z.string(),
  /** The proof test of a unit built on a work order; null for a unit recorded without one. */
  proofTest: z
    .object({
      testedAt: isoDateTimeSchema,
      result: z.enum(['pass', 'fail']),
      pressurePsi: z.number(),
      holdSeconds: z.number().int(),
    })
    .nullable(),
});
export type PublicAssembly = z.infer<typeof publicAssemblySchema>;
