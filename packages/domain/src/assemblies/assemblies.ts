/**
 * Hose assemblies: the builder's input, the computation the builder shows live and the server repeats
 * before it saves (cut length, maximum working pressure, orientation tolerance, cost roll-up and sell price,
 * warnings and errors), the part number and revision rules, and the requests of the endpoints. What the
 * endpoints answer is in responses.ts, their contracts in contracts.ts.
 *
 * Pure functions: the web builder and the server call them with the component rows they loaded.
 */
import { z } from 'zod';
import { listQuery } from '../api/schemas.ts';
import { checkFerrule, checkFitting, type SeriesLike } from '../components/compatibility.ts';
import {
  type Adaptor,
  type CostUnit,
  type CrimpFitting,
  csvList,
  type Ferrule,
  type Hose,
  nextPartNumber,
  partNumberSchema,
  type Wrap,
} from '../components/components.ts';
import { convertFromBase } from '../currencies/currencies.ts';
import { type PricingTerms, roundMoney, sellPrice, termsFor } from '../customers/customers.ts';
import { formatLength, formatPressure, type UnitSystem } from '../units/units.ts';
import type {
  AssemblyComputation,
  AssemblyCostLine,
  AssemblyFinding,
  AssemblyIssue,
  AssemblyPartRole,
} from './responses.ts';

// ---------------------------------------------------------------------------------------------------------
// Input
// ---------------------------------------------------------------------------------------------------------

/** Where the overall length was measured to: the point differs by end (male, female or flange, elbow). */
export const LENGTH_MEASURED_TO = ['endOfThread', 'sealingSurface', 'centreline'] as const;
export type LengthMeasuredTo = (typeof LENGTH_MEASURED_TO)[number];
export const LENGTH_MEASURED_TO_LABELS: Record<LengthMeasuredTo, string> = {
  endOfThread: 'End of thread (male ends)',
  sealingSurface: 'Sealing surface (female and flange ends)',
  centreline: 'Centreline (elbows)',
};

/**
 * How the orientation angle between two bent ends is counted: viewed along the hose with the far fitting
 * at 12 o'clock, clockwise (the common convention) or counter-clockwise.
 */
export const ORIENTATION_CONVENTIONS = ['clockwise', 'counterClockwise'] as const;
export type OrientationConvention = (typeof ORIENTATION_CONVENTIONS)[number];

export const MAX_ASSEMBLY_LENGTH_MM = 100_000;
export const MAX_ASSEMBLY_QUANTITY = 10_000;

const uuid = (message: string) => z.uuid({ error: message });
/** An optional id: '' and null mean "none". */
const optionalUuid = (message: string) =>
  z
    .union([z.literal(''), z.null(), uuid(message)])
    .optional()
    .transform((v) => (v ? v : undefined));
const optionalNumber = <T extends z.ZodType<number>>(schema: T) =>
  z
    .union([z.null(), schema])
    .optional()
    .transform((v) => (v === null ? undefined : v));

export const assemblyEndInputSchema = z.object({
  fittingId: uuid('Choose the crimp fitting for this end'),
  /** Required when the fitting is two-piece (checked by `computeAssembly`, which knows the fitting). */
  ferruleId: optionalUuid('Choose the ferrule for this end'),
  adaptorId: optionalUuid('Choose the adaptor for this end'),
});
export type AssemblyEndInput = z.infer<typeof assemblyEndInputSchema>;

export const assemblyWrapInputSchema = z.object({
  wrapId: uuid('Choose the wrap'),
  /** Length of wrap; defaults to the hose's live length (the cut length). */
  lengthMm: optionalNumber(
    z
      .number({ error: 'Enter the wrap length in mm' })
      .positive('The wrap length must be more than 0 mm')
      .max(MAX_ASSEMBLY_LENGTH_MM, `The wrap length must be at most ${MAX_ASSEMBLY_LENGTH_MM} mm`),
  ),
});
export type AssemblyWrapInput = z.infer<typeof assemblyWrapInputSchema>;

/** What the assembly will see in service; each figure is checked against the parts. */
export const assemblyApplicationSchema = z.object({
  workingPressurePsi: optionalNumber(
    z
      .number({ error: 'Enter the working pressure in psi' })
      .int('Enter the working pressure in whole psi')
      .positive('The working pressure must be more than 0 psi')
      .max(100_000, 'The working pressure must be at most 100,000 psi'),
  ),
  tempC: optionalNumber(
    z
      .number({ error: 'Enter the temperature in °C' })
      .min(-100, 'The temperature must be at least -100 °C')
      .max(1000, 'The temperature must be at most 1000 °C'),
  ),
  /** The tightest bend the hose will be routed through. */
  bendRadiusMm: optionalNumber(
    z
      .number({ error: 'Enter the bend radius in mm' })
      .positive('The bend radius must be more than 0 mm')
      .max(10_000, 'The bend radius must be at most 10,000 mm'),
  ),
  media: z.string().trim().max(80, 'The media must be at most 80 characters').default(''),
});
export type AssemblyApplication = z.infer<typeof assemblyApplicationSchema>;

/**
 * Safety findings a person may accept for a reason (ADR 22): an application temperature outside the hose's
 * range or above the wrap's, a bend tighter than the hose's minimum bend radius, and a cut length below the
 * minimum free length (`minimumFreeLengthMm`). The assembly is saved only when each finding is confirmed
 * with a reason; the reasons are kept with the revision and printed on its spec sheet. An application
 * pressure above the maximum working pressure is not among them: it is refused.
 */
export const SAFETY_CONFIRMATION_CODES = [
  'temperature',
  'wrap-temperature',
  'bend-radius',
  'free-length',
] as const;
export type SafetyConfirmationCode = (typeof SAFETY_CONFIRMATION_CODES)[number];
export const CONFIRMATION_REASON_MIN = 3;
export const CONFIRMATION_REASON_MAX = 500;

export function isSafetyConfirmationCode(code: string): code is SafetyConfirmationCode {
  return (SAFETY_CONFIRMATION_CODES as readonly string[]).includes(code);
}

/** A person's confirmation of one safety finding, with the reason it is acceptable. */
export const assemblyConfirmationSchema = z.object({
  code: z.enum(SAFETY_CONFIRMATION_CODES, {
    error: 'Say which finding is confirmed: temperature, wrap-temperature, bend-radius or free-length',
  }),
  reason: z
    .string({ error: 'Give the reason for the confirmation' })
    .trim()
    .min(
      CONFIRMATION_REASON_MIN,
      `Give the reason for the confirmation in at least ${CONFIRMATION_REASON_MIN} characters`,
    )
    .max(CONFIRMATION_REASON_MAX, `The reason must be at most ${CONFIRMATION_REASON_MAX} characters`),
});
export type AssemblyConfirmation = z.infer<typeof assemblyConfirmationSchema>;

export const hoseAssemblyInputSchema = z
  .object({
    hoseId: uuid('Choose the hose'),
    endA: assemblyEndInputSchema,
    endB: assemblyEndInputSchema,
    wrap: z
      .union([z.null(), assemblyWrapInputSchema])
      .optional()
      .transform((v) => v ?? undefined),
    overallLengthMm: z
      .number({ error: 'Enter the overall length in mm' })
      .positive('The overall length must be more than 0 mm')
      .max(MAX_ASSEMBLY_LENGTH_MM, `The overall length must be at most ${MAX_ASSEMBLY_LENGTH_MM} mm`),
    lengthMeasuredTo: z.enum(LENGTH_MEASURED_TO, {
      error: 'Say where the overall length was measured to: end of thread, sealing surface or centreline',
    }),
    /** The angle between two bent ends (0 to 359°); only when both ends are bent. */
    orientationDeg: optionalNumber(
      z
        .number({ error: 'Enter the orientation in degrees' })
        .min(0, 'The orientation must be between 0 and 359 degrees')
        .max(359, 'The orientation must be between 0 and 359 degrees'),
    ),
    orientationConvention: z
      .union([z.null(), z.enum(ORIENTATION_CONVENTIONS, { error: 'Choose clockwise or counter-clockwise' })])
      .optional()
      .transform((v) => v ?? undefined),
    quantity: z
      .number({ error: 'Enter the quantity' })
      .int('Enter the quantity as a whole number')
      .min(1, 'The quantity must be at least 1')
      .max(MAX_ASSEMBLY_QUANTITY, `The quantity must be at most ${MAX_ASSEMBLY_QUANTITY}`)
      .default(1),
    customerId: optionalUuid('Choose the customer'),
    description: z.string().trim().max(500, 'The description must be at most 500 characters').default(''),
    notes: z.string().trim().max(4000, 'The notes must be at most 4,000 characters').default(''),
    application: z
      .union([z.null(), assemblyApplicationSchema])
      .optional()
      .transform((v) => v ?? undefined),
    /**
     * The safety findings the person confirms, each with its reason (ADR 22). Saving keeps only those of
     * findings that apply to the assembly as saved.
     */
    confirmations: z
      .array(assemblyConfirmationSchema)
      .nullish()
      .transform((v) => v ?? []),
    /** Generated from the organisation's pattern when absent. Ignored when revising (a revision keeps it). */
    partNumber: z
      .union([z.literal(''), z.null(), partNumberSchema])
      .optional()
      .transform((v) => (v ? v : undefined)),
  })
  .refine((a) => (a.orientationDeg === undefined) === (a.orientationConvention === undefined), {
    path: ['orientationConvention'],
    message: 'Give the orientation angle and its convention together',
  })
  .refine((a) => new Set(a.confirmations.map((c) => c.code)).size === a.confirmations.length, {
    path: ['confirmations'],
    message: 'Confirm each finding once',
  });
export type HoseAssemblyInput = z.infer<typeof hoseAssemblyInputSchema>;
/** What a client may send (defaults not yet applied). */
export type HoseAssemblyInputDraft = z.input<typeof hoseAssemblyInputSchema>;

// ---------------------------------------------------------------------------------------------------------
// Parts and computation
// ---------------------------------------------------------------------------------------------------------

type Common =
  | '_id'
  | 'partNumber'
  | 'brand'
  | 'description'
  | 'active'
  | 'cost'
  | 'costUnit'
  | 'productGroup';
export type AssemblyHose = Pick<
  Hose,
  | Common
  | 'series'
  | 'dash'
  | 'skive'
  | 'workingPressurePsi'
  | 'standard'
  | 'tempMinC'
  | 'tempMaxC'
  | 'minBendRadiusMm'
  | 'odMm'
>;
export type AssemblyFitting = Pick<
  CrimpFitting,
  | Common
  | 'series'
  | 'dash'
  | 'endType'
  | 'thread'
  | 'gender'
  | 'swivel'
  | 'angle'
  | 'pieces'
  | 'cutoffMm'
  | 'workingPressurePsi'
>;
export type AssemblyFerrule = Pick<Ferrule, Common | 'series' | 'dash' | 'skive'>;
export type AssemblyAdaptor = Pick<Adaptor, Common | 'endA' | 'endB' | 'angle' | 'workingPressurePsi'>;
export type AssemblyWrap = Pick<Wrap, Common | 'style' | 'fitsOdMinMm' | 'fitsOdMaxMm' | 'tempMaxC'>;

export interface AssemblyEndParts {
  fitting: AssemblyFitting;
  ferrule?: AssemblyFerrule | null;
  adaptor?: AssemblyAdaptor | null;
}

/** The component rows the input names, loaded by the caller, and the coupling series they belong to. */
export interface AssemblyParts {
  hose: AssemblyHose;
  endA: AssemblyEndParts;
  endB: AssemblyEndParts;
  wrap?: AssemblyWrap | null;
  /** The organisation's coupling series: a hose and its ends must come from one maker's system. */
  series: readonly SeriesLike[];
}

export type AssemblyEndKey = 'endA' | 'endB';

// Cost roll-up constants.
/**
 * Hose bought beyond the cut length for the saw and the squaring cut, as a share of the cut length, when the
 * organisation has not set its own (`organization_settings.waste_allowance_pct`, passed as `wasteAllowancePct`).
 */
export const HOSE_WASTE_ALLOWANCE_PCT = 5;
/**
 * Labour per crimp (two per assembly), in the base currency, when the organisation has not set its own
 * (`organization_settings.labour_rate`, passed as `labourRate`).
 */
export const LABOUR_PER_CRIMP = 3;
/** Orientation tolerance: ±3° up to 600 mm overall, ±5° above. */
export const ORIENTATION_TOLERANCE_SHORT_DEG = 3;
export const ORIENTATION_TOLERANCE_LONG_DEG = 5;
export const ORIENTATION_TOLERANCE_SWITCH_MM = 600;
/**
 * Minimum free length (ADR 22): the hose the saw cuts must be long enough for both ferrules to grip their
 * full length with free hose left between them. The library records no insertion depth per fitting, so the
 * rule is stated on the cut length and the hose's dash: at least 50 mm plus 5 × the nominal inside diameter
 * (the dash in sixteenths of an inch), rounded up to the millimetre: -4 82 mm, -8 114 mm, -12 146 mm,
 * -16 177 mm, -24 241 mm, -32 304 mm.
 */
export const MIN_FREE_LENGTH_BASE_MM = 50;
export const MIN_FREE_LENGTH_ID_MULTIPLE = 5;

/** The shortest cut length a hose of this dash is made into (see `MIN_FREE_LENGTH_BASE_MM`). */
export function minimumFreeLengthMm(dash: number): number {
  const insideDiameterMm = (Math.abs(dash) * 25.4) / 16;
  return Math.ceil(MIN_FREE_LENGTH_BASE_MM + MIN_FREE_LENGTH_ID_MULTIPLE * insideDiameterMm - 1e-9);
}

/** What the computation reads of the input (the builder may call it before everything is chosen). */
export interface AssemblyComputeInput {
  overallLengthMm: number;
  lengthMeasuredTo: LengthMeasuredTo;
  orientationDeg?: number | undefined;
  orientationConvention?: OrientationConvention | undefined;
  quantity?: number | undefined;
  wrap?: { wrapId?: string | undefined; lengthMm?: number | undefined } | undefined;
  application?:
    | {
        workingPressurePsi?: number | undefined;
        tempC?: number | undefined;
        bendRadiusMm?: number | undefined;
        media?: string | undefined;
      }
    | undefined;
  /** The safety findings confirmed with a reason (ADR 22). */
  confirmations?: readonly AssemblyConfirmation[] | undefined;
}

/** ±3° up to 600 mm overall, ±5° above. */
export function orientationToleranceDeg(overallLengthMm: number): number {
  return overallLengthMm <= ORIENTATION_TOLERANCE_SWITCH_MM
    ? ORIENTATION_TOLERANCE_SHORT_DEG
    : ORIENTATION_TOLERANCE_LONG_DEG;
}

/** overall − cut-off A − cut-off B, to a tenth of a millimetre. */
export function cutLengthMm(overallLengthMm: number, cutoffAMm: number, cutoffBMm: number): number {
  return Math.round((overallLengthMm - cutoffAMm - cutoffBMm) * 10) / 10;
}

/** An end is bent when its fitting or its adaptor has an angle. */
export function isAssemblyEndBent(end: AssemblyEndParts): boolean {
  return end.fitting.angle > 0 || (end.adaptor?.angle ?? 0) > 0;
}

/** Where an end's length is measured to: elbow centreline, male end of thread, else the sealing surface. */
export function measuringPointOf(end: AssemblyEndParts): LengthMeasuredTo {
  if (isAssemblyEndBent(end)) return 'centreline';
  const gender = end.adaptor ? adaptorOuterGender(end.adaptor) : end.fitting.gender;
  return gender === 'M' ? 'endOfThread' : 'sealingSurface';
}

/** An adaptor end written 'TYPE GENDER SIZE' ('JIC37 M -8'). */
export function parseAdaptorEnd(text: string): { endType: string; gender: string; size: string } {
  const [endType = '', gender = '', ...rest] = text.trim().split(/\s+/);
  return { endType, gender, size: rest.join(' ') };
}
function adaptorOuterGender(adaptor: AssemblyAdaptor): string {
  return parseAdaptorEnd(adaptor.endB).gender;
}

const END_NAME: Record<AssemblyEndKey, string> = { endA: 'End A', endB: 'End B' };
/** A rated part in words: 'hose', 'End A fitting', 'End B adaptor'. */
const RATED_PART_NAME: Partial<Record<AssemblyPartRole, string>> = {
  hose: 'hose',
  'endA.fitting': 'End A fitting',
  'endA.adaptor': 'End A adaptor',
  'endB.fitting': 'End B fitting',
  'endB.adaptor': 'End B adaptor',
};
const LENGTH_PER_UNIT_MM: Record<CostUnit, number | null> = { m: 1000, ft: 304.8, each: null };

/** Per-mm cost of something bought by length, or per-each. */
function perUnit(
  cost: number | null | undefined,
  unit: CostUnit,
): { unitCost: number | null; byLength: boolean } {
  const mm = LENGTH_PER_UNIT_MM[unit];
  if (cost === null || cost === undefined) return { unitCost: null, byLength: mm !== null };
  return { unitCost: mm === null ? cost : cost / mm, byLength: mm !== null };
}

function round4(v: number): number {
  return Math.round((v + Number.EPSILON) * 10_000) / 10_000;
}

/** How `computeAssembly` prices: the customer's terms and currency, the organisation's defaults. */
export interface AssemblyPricingOptions {
  /** The customer's terms (margin then discount); null or absent: `defaultMarginPct`, no discount. */
  terms?: PricingTerms | null;
  /** The prices' currency: the customer's, or the base currency. */
  currency?: string;
  /** The costs' currency: the organisation's base currency. */
  costCurrency?: string;
  /** Units of `currency` one base unit buys (`currencies.rate`); 1 when prices are in the base currency. */
  rate?: number;
  /** The organisation's default margin (`DEFAULT_MARGIN_PCT` when absent). */
  defaultMarginPct?: number;
  /** The organisation's labour per crimp, in the base currency (`LABOUR_PER_CRIMP` when absent). */
  labourRate?: number;
  /** The organisation's hose waste allowance in percent (`HOSE_WASTE_ALLOWANCE_PCT` when absent). */
  wasteAllowancePct?: number;
  /** The units the messages speak in (the reader's); absent: millimetres and psi as stored. */
  units?: UnitSystem;
}

/**
 * Everything the builder shows live and the server checks before saving. Costs are in the base currency
 * (`costCurrency`); the sell price is the base price for the customer's terms converted at `rate` into
 * `currency` (`convertFromBase`).
 */
export function computeAssembly(
  parts: AssemblyParts,
  input: AssemblyComputeInput,
  options: AssemblyPricingOptions = {},
): AssemblyComputation {
  const { hose } = parts;
  const errors: AssemblyIssue[] = [];
  const warnings: AssemblyIssue[] = [];
  const ends: AssemblyEndKey[] = ['endA', 'endB'];
  const { units } = options;
  const length = (mm: number) => (units ? formatLength(mm, units) : `${mm} mm`);
  const pressure = (psi: number) => (units ? formatPressure(psi, units) : `${psi} psi`);

  // Compatibility. Mixing systems is refused.
  if (!hose.active) {
    errors.push({ code: 'inactive', path: 'hoseId', message: `Hose ${hose.partNumber} is marked inactive` });
  }
  for (const key of ends) {
    const end = parts[key];
    const name = END_NAME[key];
    const exclusions = checkFitting(hose, end.fitting, { series: parts.series, ferrules: [] }).filter(
      (e) => e.code !== 'no-ferrule',
    );
    for (const e of exclusions) {
      errors.push({
        code: e.code === 'inactive' ? 'inactive' : 'incompatible',
        path: `${key}.fittingId`,
        message: `${name}: fitting ${end.fitting.partNumber} does not fit hose ${hose.partNumber}. ${e.message}`,
      });
    }
    if (end.fitting.pieces === 2 && !end.ferrule) {
      errors.push({
        code: 'ferrule-missing',
        path: `${key}.ferruleId`,
        message: `${name}: fitting ${end.fitting.partNumber} is two-piece; choose its ferrule`,
      });
    }
    if (end.fitting.pieces === 1 && end.ferrule) {
      errors.push({
        code: 'ferrule-not-needed',
        path: `${key}.ferruleId`,
        message: `${name}: fitting ${end.fitting.partNumber} is one-piece and takes no ferrule`,
      });
    }
    if (end.ferrule && end.fitting.pieces === 2) {
      for (const e of checkFerrule(hose, end.ferrule, { series: parts.series })) {
        errors.push({
          code: e.code === 'inactive' ? 'inactive' : 'incompatible',
          path: `${key}.ferruleId`,
          message: `${name}: ferrule ${end.ferrule.partNumber} does not fit hose ${hose.partNumber}. ${e.message}`,
        });
      }
    }
    if (end.adaptor) {
      if (!end.adaptor.active) {
        errors.push({
          code: 'inactive',
          path: `${key}.adaptorId`,
          message: `${name}: adaptor ${end.adaptor.partNumber} is marked inactive`,
        });
      }
      const inner = parseAdaptorEnd(end.adaptor.endA);
      const sameType = inner.endType.toLowerCase() === end.fitting.endType.toLowerCase();
      const sameGender = inner.gender !== '-' && inner.gender === end.fitting.gender;
      if (!sameType || sameGender) {
        warnings.push({
          code: 'adaptor-mismatch',
          path: `${key}.adaptorId`,
          message: `${name}: adaptor ${end.adaptor.partNumber} starts ${end.adaptor.endA}; the fitting is ${end.fitting.endType} ${end.fitting.gender}. Check that they mate`,
        });
      }
    }
  }

  // Length.
  const cut = cutLengthMm(input.overallLengthMm, parts.endA.fitting.cutoffMm, parts.endB.fitting.cutoffMm);
  if (cut <= 0) {
    errors.push({
      code: 'cut-length',
      path: 'overallLengthMm',
      message: `The overall length ${length(input.overallLengthMm)} leaves no hose: the two fittings take ${length(parts.endA.fitting.cutoffMm + parts.endB.fitting.cutoffMm)}`,
    });
  }
  const measuredTo = { endA: measuringPointOf(parts.endA), endB: measuringPointOf(parts.endB) };
  if (measuredTo.endA !== input.lengthMeasuredTo && measuredTo.endB !== input.lengthMeasuredTo) {
    warnings.push({
      code: 'measured-to',
      path: 'lengthMeasuredTo',
      message: `These ends are measured to the ${LENGTH_MEASURED_TO_LABELS[measuredTo.endA].split(' (')[0]?.toLowerCase()}; check where the overall length was measured`,
    });
  }

  // Orientation.
  const bothEndsBent = isAssemblyEndBent(parts.endA) && isAssemblyEndBent(parts.endB);
  const hasOrientation = input.orientationDeg !== undefined;
  if (bothEndsBent && !hasOrientation) {
    errors.push({
      code: 'orientation-missing',
      path: 'orientationDeg',
      message: 'Both ends are bent: enter the orientation angle between them and its convention',
    });
  }
  if (!bothEndsBent && hasOrientation) {
    const straight = isAssemblyEndBent(parts.endA) ? 'End B' : 'End A';
    warnings.push({
      code: 'orientation-straight-end',
      path: 'orientationDeg',
      message: `${straight} is straight, so the orientation does not apply and is not saved`,
    });
  }

  // Pressure is the lowest part.
  const rated: { role: AssemblyPartRole; partNumber: string; psi: number }[] = [
    { role: 'hose', partNumber: hose.partNumber, psi: hose.workingPressurePsi },
  ];
  for (const key of ends) {
    const end = parts[key];
    rated.push({
      role: `${key}.fitting`,
      partNumber: end.fitting.partNumber,
      psi: end.fitting.workingPressurePsi,
    });
    if (end.adaptor) {
      rated.push({
        role: `${key}.adaptor`,
        partNumber: end.adaptor.partNumber,
        psi: end.adaptor.workingPressurePsi,
      });
    }
  }
  const lowest = rated.reduce((min, r) => (r.psi < min.psi ? r : min));
  const application = input.application;
  // Above the weakest part's rating is refused, never only warned (ADR 22).
  if (application?.workingPressurePsi !== undefined && application.workingPressurePsi > lowest.psi) {
    errors.push({
      code: 'pressure',
      path: 'application.workingPressurePsi',
      message: `The application's ${pressure(application.workingPressurePsi)} is above the assembly's maximum working pressure of ${pressure(lowest.psi)} (set by ${RATED_PART_NAME[lowest.role] ?? 'part'} ${lowest.partNumber}). Choose parts rated for ${pressure(application.workingPressurePsi)}`,
    });
  }

  // Safety findings a person may accept with a reason (ADR 22). Temperature and bend radius come from
  // the hose (and the wrap); the free length from the cut length and the hose's dash.
  const found: Omit<AssemblyFinding, 'reason'>[] = [];
  if (application?.tempC !== undefined) {
    const t = application.tempC;
    if (hose.tempMaxC !== undefined && t > hose.tempMaxC) {
      found.push({
        code: 'temperature',
        path: 'application.tempC',
        message: `${t} °C is above hose ${hose.partNumber}'s highest temperature of ${hose.tempMaxC} °C`,
      });
    } else if (hose.tempMinC !== undefined && t < hose.tempMinC) {
      found.push({
        code: 'temperature',
        path: 'application.tempC',
        message: `${t} °C is below hose ${hose.partNumber}'s lowest temperature of ${hose.tempMinC} °C`,
      });
    }
    if (parts.wrap?.tempMaxC !== undefined && t > parts.wrap.tempMaxC) {
      found.push({
        code: 'wrap-temperature',
        path: 'application.tempC',
        message: `${t} °C is above wrap ${parts.wrap.partNumber}'s highest temperature of ${parts.wrap.tempMaxC} °C`,
      });
    }
  }
  if (
    application?.bendRadiusMm !== undefined &&
    hose.minBendRadiusMm !== undefined &&
    application.bendRadiusMm < hose.minBendRadiusMm
  ) {
    found.push({
      code: 'bend-radius',
      path: 'application.bendRadiusMm',
      message: `A ${length(application.bendRadiusMm)} bend is tighter than hose ${hose.partNumber}'s minimum bend radius of ${length(hose.minBendRadiusMm)}`,
    });
  }
  const minimumFree = minimumFreeLengthMm(hose.dash);
  if (cut > 0 && cut < minimumFree) {
    found.push({
      code: 'free-length',
      path: 'overallLengthMm',
      message: `The ${length(cut)} cut length is below the minimum free length of ${length(minimumFree)} for ${hose.dash} hose ${hose.partNumber}`,
    });
  }
  const findings: AssemblyFinding[] = found.map((f) => ({
    ...f,
    reason: input.confirmations?.find((c) => c.code === f.code)?.reason ?? null,
  }));
  for (const f of findings) {
    if (f.reason === null) {
      errors.push({
        code: f.code,
        ...(f.path ? { path: f.path } : {}),
        message: `Confirm with a reason before saving: ${f.message}`,
      });
    }
  }

  // Wrap.
  let wrapLength: number | null = null;
  if (parts.wrap) {
    const wrap = parts.wrap;
    wrapLength = input.wrap?.lengthMm ?? Math.max(cut, 0);
    if (wrapLength > input.overallLengthMm) {
      warnings.push({
        code: 'wrap-length',
        path: 'wrap.lengthMm',
        message: `${length(wrapLength)} of wrap is longer than the ${length(input.overallLengthMm)} assembly`,
      });
    }
    if (hose.odMm !== undefined && (hose.odMm < wrap.fitsOdMinMm || hose.odMm > wrap.fitsOdMaxMm)) {
      warnings.push({
        code: 'wrap-fit',
        path: 'wrap.wrapId',
        message: `Wrap ${wrap.partNumber} fits hose of ${length(wrap.fitsOdMinMm)} to ${length(wrap.fitsOdMaxMm)} outside diameter; this hose is ${length(hose.odMm)}`,
      });
    }
  }

  // Costs: parts and labour, then the customer's margin and discount.
  const lines: AssemblyCostLine[] = [];
  const missingCosts: string[] = [];
  const addLine = (
    role: AssemblyCostLine['role'],
    part: { partNumber: string; description: string; cost: number | null; costUnit: CostUnit },
    lengthMm: number,
  ) => {
    const { unitCost, byLength } = perUnit(part.cost, part.costUnit);
    const quantity = byLength ? round4(lengthMm) : 1;
    if (unitCost === null) missingCosts.push(part.partNumber);
    lines.push({
      role,
      partNumber: part.partNumber,
      description: part.description,
      quantity,
      unit: byLength ? 'mm' : 'each',
      unitCost: unitCost === null ? null : round4(unitCost),
      cost: unitCost === null ? 0 : round4(unitCost * quantity),
    });
  };
  const waste = options.wasteAllowancePct ?? HOSE_WASTE_ALLOWANCE_PCT;
  addLine('hose', hose, Math.max(cut, 0) * (1 + waste / 100));
  for (const key of ends) {
    const end = parts[key];
    addLine(`${key}.fitting`, end.fitting, 0);
    if (end.ferrule) addLine(`${key}.ferrule`, end.ferrule, 0);
    if (end.adaptor) addLine(`${key}.adaptor`, end.adaptor, 0);
  }
  if (parts.wrap && wrapLength !== null) addLine('wrap', parts.wrap, wrapLength);
  const labour = options.labourRate ?? LABOUR_PER_CRIMP;
  lines.push({
    role: 'labour',
    partNumber: 'LABOUR',
    description: 'Crimping, 2 crimps',
    quantity: 2,
    unit: 'each',
    unitCost: labour,
    cost: round4(2 * labour),
  });
  if (missingCosts.length) {
    warnings.push({
      code: 'cost-missing',
      message: `No cost is recorded for ${missingCosts.join(', ')}; the cost and price leave it out`,
    });
  }
  const quantity = input.quantity ?? 1;
  const unitCost = roundMoney(lines.reduce((sum, l) => sum + l.cost, 0));
  const costCurrency = options.costCurrency ?? 'USD';
  const currency = options.currency ?? costCurrency;
  const rate = currency === costCurrency ? 1 : (options.rate ?? 1);
  const unitPrice = convertFromBase(sellPrice(unitCost, options.terms, null, options.defaultMarginPct), rate);
  const { marginPct, discountPct } = termsFor(options.terms, null, options.defaultMarginPct);

  return {
    overallLengthMm: input.overallLengthMm,
    cutLengthMm: cut,
    wrapLengthMm: wrapLength,
    maxWorkingPressurePsi: lowest.psi,
    pressureLimitedBy: { role: lowest.role, partNumber: lowest.partNumber },
    bothEndsBent,
    orientationToleranceDeg: bothEndsBent ? orientationToleranceDeg(input.overallLengthMm) : null,
    measuredTo,
    findings,
    costs: {
      lines,
      unitCost,
      unitPrice,
      currency,
      costCurrency,
      totalCost: roundMoney(unitCost * quantity),
      totalPrice: roundMoney(unitPrice * quantity),
      quantity,
      marginPct,
      discountPct,
      missingCosts,
    },
    warnings,
    errors,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Part numbers, revisions, serials
// ---------------------------------------------------------------------------------------------------------

/** The first revision of a new assembly. Revisions run A, B, ... Z, AA, AB, ... */
export const FIRST_REVISION = 'A';

/** The revision after `revision` (A -> B, Z -> AA, AZ -> BA). */
export function nextRevision(revision: string): string {
  const letters = revision.trim().toUpperCase();
  if (!/^[A-Z]+$/.test(letters)) return FIRST_REVISION;
  const chars = letters.split('');
  let i = chars.length - 1;
  while (i >= 0) {
    if (chars[i] !== 'Z') {
      chars[i] = String.fromCharCode((chars[i] as string).charCodeAt(0) + 1);
      return chars.join('');
    }
    chars[i] = 'A';
    i--;
  }
  return `A${chars.join('')}`;
}

/** partNumber + revisionDelimiter + revision ('C-00042' + '_' + 'B' = 'C-00042_B'). */
export function assemblyTitle(partNumber: string, revision: string, delimiter = '_'): string {
  return `${partNumber}${delimiter}${revision}`;
}

/** The next part number in the organisation's pattern after every part number already used in it. */
export function nextAssemblyPartNumber(pattern: string, existing: Iterable<string>): string {
  return nextPartNumber(pattern, existing);
}

/** Serial ids: 10 characters of Crockford base32 (no I, L, O, U), printed under the QR code. */
export const SERIAL_ID_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const SERIAL_ID_LENGTH = 10;
export const SERIAL_ID_PATTERN = /^[0-9A-HJKMNP-TV-Z]{10}$/;

/** A serial as typed by a person: upper case, O read as 0, I and L as 1, spaces and dashes dropped. */
export function normalizeSerialId(text: string): string {
  return text.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
}

/**
 * A search text read as a serial, or the start of one (what can be made out on a worn tag): normalised like
 * `normalizeSerialId`, at least 6 characters and only the serial alphabet; null when it cannot be one.
 */
export function serialSearchText(text: string): string | null {
  const serial = normalizeSerialId(text);
  return serial.length >= 6 && serial.length <= SERIAL_ID_LENGTH && /^[0-9A-HJKMNP-TV-Z]+$/.test(serial)
    ? serial
    : null;
}

/** The path a tag's QR code opens. */
export function serialPath(serialId: string): string {
  return `/qs/${encodeURIComponent(serialId)}`;
}

// ---------------------------------------------------------------------------------------------------------
// Requests (what the endpoints answer is in responses.ts)
// ---------------------------------------------------------------------------------------------------------

export const HOSE_ASSEMBLY_SORT_FIELDS = [
  'partNumber',
  'description',
  'customerName',
  'dash',
  'workingPressurePsi',
  'overallLengthMm',
  'createdAt',
] as const;

const dateParam = (label: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || !Number.isNaN(Date.parse(v)), {
      message: `${label} must be a date such as 2026-01-31`,
    });

/**
 * Dash sizes, comma-separated or repeated. They are stored negative (-8); people and other systems often
 * write them positive, so `8` means -8.
 */
const dashListParam = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((v, ctx) => {
    if (v === undefined) return undefined;
    const dashes: number[] = [];
    for (const text of (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean)) {
      const n = Number(text);
      if (!Number.isInteger(n) || n === 0) {
        ctx.addIssue({ code: 'custom', message: `dash must be dash sizes such as -8; ${text} is not one` });
        return z.NEVER;
      }
      dashes.push(-Math.abs(n));
    }
    return dashes;
  })
  .meta({ description: 'Dash sizes, comma-separated: -8 or 8 both mean -8' });

/** `listHoseAssemblies`: latest revisions only, newest first unless asked otherwise. */
export const hoseAssemblyListQuerySchema = listQuery({
  sortFields: HOSE_ASSEMBLY_SORT_FIELDS,
  defaultSort: 'createdAt',
  defaultOrder: 'desc',
  defaultItemsPerPage: 25,
  maxItemsPerPage: 500,
  filters: {
    customerId: z.uuid('customerId must be a customer id').optional(),
    hoseId: z.uuid('hoseId must be a hose id').optional(),
    dash: dashListParam,
    /** Either end has one of these end types. */
    endType: csvList(z.string()),
    /** Created on or after this day (inclusive). */
    createdFrom: dateParam('createdFrom'),
    /** Created on or before this day (inclusive). */
    createdTo: dateParam('createdTo'),
    /**
     * The assembly a built unit's serial names, read as a person types it: the latest revision of its part
     * number, or nothing when the organisation has no such serial.
     */
    serialId: z
      .string()
      .trim()
      .optional()
      .transform((v) => (v ? normalizeSerialId(v) : undefined)),
  },
});
export type HoseAssemblyListQuery = z.infer<typeof hoseAssemblyListQuerySchema>;
export type HoseAssemblyListQueryInput = z.input<typeof hoseAssemblyListQuerySchema>;

/** `createHoseAssemblySerials`: build units of this revision. */
export const serialsRequestSchema = z.object({
  quantity: z
    .number({ error: 'Enter how many serials to make' })
    .int('Enter a whole number of serials')
    .min(1, 'Make at least 1 serial')
    .max(500, 'At most 500 serials at a time')
    .default(1),
  /** The serial of the unit the new one replaces (a reorder by tag). */
  replacesSerialId: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? normalizeSerialId(v) : undefined)),
});
export type SerialsRequest = z.infer<typeof serialsRequestSchema>;

/** Body of the document downloads (the tag and the spec sheet): which built unit to print. */
export const assemblyDocumentRequestSchema = z.object({
  serialId: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? normalizeSerialId(v) : undefined)),
});

/** Body of `duplicateHoseAssembly`: the new part number, or none for the next one in the pattern. */
export const duplicateAssemblyRequestSchema = z.object({
  partNumber: z
    .union([z.literal(''), z.null(), partNumberSchema])
    .optional()
    .transform((v) => (v ? v : undefined)),
});
