/**
 * The component library: hoses, crimp fittings, ferrules, adaptors, wraps and other items (DOMAIN.md,
 * "Vocabulary"). One contract per kind; the server validates with it, the web forms resolve with it and the
 * importer checks every row with it.
 */
import { z } from 'zod';

/** Component kinds, as SPEC 3's search result `objectType` names them. */
export const COMPONENT_KINDS = ['hose', 'crimpFitting', 'ferrule', 'adaptor', 'wrap', 'otherItem'] as const;
export type ComponentKind = (typeof COMPONENT_KINDS)[number];
export function isComponentKind(value: unknown): value is ComponentKind {
  return typeof value === 'string' && (COMPONENT_KINDS as readonly string[]).includes(value);
}

/** 'catalogue': a brand's published data, read-only for a shop. 'custom': the shop's own. */
export const ORIGINS = ['catalogue', 'custom'] as const;
export type Origin = (typeof ORIGINS)[number];

export interface ComponentKindInfo {
  kind: ComponentKind;
  /** URL segment: `/hose/{id}`, `/api/v1/organization/hose/{id}/update` (SPEC 2 and 7). */
  slug: 'hose' | 'crimpfitting' | 'ferrule' | 'adaptor' | 'wrap' | 'otheritem';
  /** The organisation list GET holding every item of the kind, catalogue and custom. */
  listPath: string;
  /** The organisation list GET holding only the shop's custom items. */
  customListPath: string;
  label: string;
  pluralLabel: string;
}

export const COMPONENT_KIND_INFO: Record<ComponentKind, ComponentKindInfo> = {
  hose: {
    kind: 'hose',
    slug: 'hose',
    listPath: 'hoses',
    customListPath: 'customhoses',
    label: 'Hose',
    pluralLabel: 'Hoses',
  },
  crimpFitting: {
    kind: 'crimpFitting',
    slug: 'crimpfitting',
    listPath: 'crimpfittings',
    customListPath: 'customcrimpfittings',
    label: 'Crimp fitting',
    pluralLabel: 'Crimp fittings',
  },
  ferrule: {
    kind: 'ferrule',
    slug: 'ferrule',
    listPath: 'ferrules',
    customListPath: 'customferrules',
    label: 'Ferrule',
    pluralLabel: 'Ferrules',
  },
  adaptor: {
    kind: 'adaptor',
    slug: 'adaptor',
    listPath: 'adaptors',
    customListPath: 'customadaptors',
    label: 'Adaptor',
    pluralLabel: 'Adaptors',
  },
  wrap: {
    kind: 'wrap',
    slug: 'wrap',
    listPath: 'wraps',
    customListPath: 'customwraps',
    label: 'Wrap',
    pluralLabel: 'Wraps',
  },
  otherItem: {
    kind: 'otherItem',
    slug: 'otheritem',
    listPath: 'customotheritems',
    customListPath: 'customotheritems',
    label: 'Other item',
    pluralLabel: 'Other items',
  },
};

export function kindFromSlug(slug: string): ComponentKind | undefined {
  return COMPONENT_KINDS.find((k) => COMPONENT_KIND_INFO[k].slug === slug.toLowerCase());
}

/** Dash sizes: inside diameter in sixteenths of an inch (DOMAIN.md). */
export const DASH_SIZES = [
  { dash: -3, inch: '3/16"', mm: 4.8 },
  { dash: -4, inch: '1/4"', mm: 6.4 },
  { dash: -5, inch: '5/16"', mm: 7.9 },
  { dash: -6, inch: '3/8"', mm: 9.5 },
  { dash: -8, inch: '1/2"', mm: 12.7 },
  { dash: -10, inch: '5/8"', mm: 15.9 },
  { dash: -12, inch: '3/4"', mm: 19.0 },
  { dash: -16, inch: '1"', mm: 25.4 },
  { dash: -20, inch: '1-1/4"', mm: 31.8 },
  { dash: -24, inch: '1-1/2"', mm: 38.1 },
  { dash: -32, inch: '2"', mm: 50.8 },
] as const;
export const DASH_VALUES: readonly number[] = DASH_SIZES.map((d) => d.dash);

/** End types a shop meets (DOMAIN.md). Codes as the catalogue and imports write them. */
export const END_TYPES = [
  { code: 'JIC37', label: 'JIC 37° (SAE J514)' },
  { code: 'ORFS', label: 'ORFS (SAE J1453)' },
  { code: 'ORB', label: 'ORB (SAE J1926)' },
  { code: 'NPTF', label: 'NPTF' },
  { code: 'BSPP', label: 'BSPP' },
  { code: 'BSPP60', label: 'BSPP 60° cone' },
  { code: 'BSPT', label: 'BSPT' },
  { code: 'DIN24L', label: 'Metric DIN 24° cone, light' },
  { code: 'DIN24S', label: 'Metric DIN 24° cone, heavy' },
  { code: 'JIS', label: 'JIS' },
  { code: 'SAE-FLANGE-C61', label: 'SAE J518 flange Code 61' },
  { code: 'SAE-FLANGE-C62', label: 'SAE J518 flange Code 62' },
  { code: 'BANJO-BSPP', label: 'Banjo, BSPP bolt' },
  { code: 'BANJO-METRIC', label: 'Banjo, metric bolt' },
] as const;
export const END_TYPE_CODES: readonly string[] = END_TYPES.map((e) => e.code);

/** 'M' male, 'F' female, '-' neither (flanges). */
export const GENDERS = ['M', 'F', '-'] as const;
export const ANGLES = [0, 45, 90] as const;
export const COST_UNITS = ['each', 'ft', 'm'] as const;
export type CostUnit = (typeof COST_UNITS)[number];

export const PART_NUMBER_MAX = 64;

// Reusable field schemas: one definition, one message, everywhere.
const text = (max: number, label: string) =>
  z.string().trim().max(max, `${label} must be at most ${max} characters`);
const optionalText = (max: number, label: string) =>
  text(max, label)
    .optional()
    .transform((v) => (v === '' ? undefined : v));

export const partNumberSchema = z
  .string({ error: 'Enter a part number' })
  .trim()
  .min(1, 'Enter a part number')
  .max(PART_NUMBER_MAX, `A part number must be at most ${PART_NUMBER_MAX} characters`)
  .regex(/^[A-Za-z0-9][A-Za-z0-9 ./#_+-]*$/, 'Use letters, digits, spaces and . / # _ + - only');

export const dashSchema = z
  .number({ error: 'Choose a dash size such as -8' })
  .int('Choose a dash size such as -8')
  .refine((v) => DASH_VALUES.includes(v), {
    message: `Dash size must be one of ${DASH_VALUES.join(', ')}`,
  });

const positive = (label: string, max: number) =>
  z
    .number({ error: `Enter the ${label} as a number` })
    .positive(`The ${label} must be more than 0`)
    .max(max, `The ${label} must be at most ${max}`);
const nonNegative = (label: string, max: number) =>
  z
    .number({ error: `Enter the ${label} as a number` })
    .min(0, `The ${label} cannot be negative`)
    .max(max, `The ${label} must be at most ${max}`);
export const pressurePsiSchema = z
  .number({ error: 'Enter the pressure in psi' })
  .int('Enter the pressure in whole psi')
  .positive('The pressure must be more than 0 psi')
  .max(100_000, 'The pressure must be at most 100,000 psi');
const temperatureC = z
  .number({ error: 'Enter the temperature in °C' })
  .min(-100, 'The temperature must be at least -100 °C')
  .max(1000, 'The temperature must be at most 1000 °C');
/** Money: a non-negative amount with at most 4 decimals, stored as numeric (never float). */
export const moneySchema = z
  .number({ error: 'Enter the cost as a number' })
  .min(0, 'The cost cannot be negative')
  .max(1_000_000, 'The cost must be at most 1,000,000')
  .refine((v) => Math.abs(Math.round(v * 10_000) - v * 10_000) < 1e-6, 'Use at most 4 decimal places');

/** Fields every kind has. */
const baseFields = {
  partNumber: partNumberSchema,
  brand: text(40, 'The brand').default(''),
  description: text(500, 'The description').default(''),
  productGroup: optionalText(60, 'The product group'),
  supplier: optionalText(120, 'The supplier'),
  cost: moneySchema.optional(),
  costUnit: z.enum(COST_UNITS, { error: 'The cost unit must be each, ft or m' }).default('each'),
  active: z.boolean().default(true),
};

const seriesCode = text(20, 'The coupling series').min(1, 'Enter the coupling series');

export const hoseInputSchema = z
  .object({
    kind: z.literal('hose'),
    ...baseFields,
    costUnit: z.enum(COST_UNITS, { error: 'The cost unit must be each, ft or m' }).default('ft'),
    series: seriesCode,
    dash: dashSchema,
    standard: optionalText(80, 'The standard'),
    workingPressurePsi: pressurePsiSchema,
    burstPressurePsi: pressurePsiSchema.optional(),
    tempMinC: temperatureC.optional(),
    tempMaxC: temperatureC.optional(),
    minBendRadiusMm: positive('minimum bend radius', 10_000).optional(),
    odMm: positive('outside diameter', 1000).optional(),
    skive: z.boolean().default(false),
  })
  .refine((h) => h.burstPressurePsi === undefined || h.burstPressurePsi >= h.workingPressurePsi, {
    path: ['burstPressurePsi'],
    message: 'Burst pressure cannot be lower than the working pressure',
  })
  .refine((h) => h.tempMinC === undefined || h.tempMaxC === undefined || h.tempMinC < h.tempMaxC, {
    path: ['tempMaxC'],
    message: 'The highest temperature must be above the lowest',
  });

export const crimpFittingInputSchema = z.object({
  kind: z.literal('crimpFitting'),
  ...baseFields,
  series: seriesCode,
  /** The hose-side dash: it must equal the hose's dash (DOMAIN.md rule 1). */
  dash: dashSchema,
  endType: z.enum(END_TYPE_CODES as [string, ...string[]], {
    error: `End type must be one of ${END_TYPE_CODES.join(', ')}`,
  }),
  thread: optionalText(40, 'The thread'),
  gender: z.enum(GENDERS, { error: 'Gender must be M, F or -' }),
  swivel: z.boolean().default(false),
  angle: z
    .number({ error: 'Enter the angle in degrees' })
    .int('Enter the angle in whole degrees')
    .min(0, 'The angle must be between 0 and 180 degrees')
    .max(180, 'The angle must be between 0 and 180 degrees'),
  pieces: z.union([z.literal(1), z.literal(2)], { error: 'A fitting is one-piece (1) or two-piece (2)' }),
  cutoffMm: nonNegative('cut-off', 1000),
  workingPressurePsi: pressurePsiSchema,
});

export const ferruleInputSchema = z.object({
  kind: z.literal('ferrule'),
  ...baseFields,
  series: seriesCode,
  dash: dashSchema,
  skive: z.boolean().default(false),
});

export const adaptorInputSchema = z.object({
  kind: z.literal('adaptor'),
  ...baseFields,
  /** Each end as 'TYPE GENDER SIZE', e.g. 'JIC37 M -8' (DOMAIN.md). */
  endA: text(60, 'End A').min(1, 'Describe end A, e.g. JIC37 M -8'),
  endB: text(60, 'End B').min(1, 'Describe end B, e.g. ORB M -8'),
  angle: z
    .number({ error: 'Enter the angle in degrees' })
    .int('Enter the angle in whole degrees')
    .min(0, 'The angle must be between 0 and 180 degrees')
    .max(180, 'The angle must be between 0 and 180 degrees')
    .default(0),
  workingPressurePsi: pressurePsiSchema,
});

export const wrapInputSchema = z
  .object({
    kind: z.literal('wrap'),
    ...baseFields,
    costUnit: z.enum(COST_UNITS, { error: 'The cost unit must be each, ft or m' }).default('m'),
    style: text(80, 'The style').min(1, 'Enter the wrap style'),
    fitsOdMinMm: positive('smallest hose outside diameter', 1000),
    fitsOdMaxMm: positive('largest hose outside diameter', 1000),
    tempMaxC: temperatureC.optional(),
    fitAfterAssembly: z.boolean().default(false),
  })
  .refine((w) => w.fitsOdMaxMm >= w.fitsOdMinMm, {
    path: ['fitsOdMaxMm'],
    message: 'The largest outside diameter cannot be below the smallest',
  });

export const otherItemInputSchema = z.object({
  kind: z.literal('otherItem'),
  ...baseFields,
});

export const componentInputSchema = z.discriminatedUnion('kind', [
  hoseInputSchema,
  crimpFittingInputSchema,
  ferruleInputSchema,
  adaptorInputSchema,
  wrapInputSchema,
  otherItemInputSchema,
]);
export type ComponentInput = z.infer<typeof componentInputSchema>;
export type HoseInput = z.infer<typeof hoseInputSchema>;
export type CrimpFittingInput = z.infer<typeof crimpFittingInputSchema>;
export type FerruleInput = z.infer<typeof ferruleInputSchema>;
export type AdaptorInput = z.infer<typeof adaptorInputSchema>;
export type WrapInput = z.infer<typeof wrapInputSchema>;
export type OtherItemInput = z.infer<typeof otherItemInputSchema>;

export const COMPONENT_INPUT_SCHEMAS = {
  hose: hoseInputSchema,
  crimpFitting: crimpFittingInputSchema,
  ferrule: ferruleInputSchema,
  adaptor: adaptorInputSchema,
  wrap: wrapInputSchema,
  otherItem: otherItemInputSchema,
} as const;

/** Keys whose value may be undefined become optional keys: the server leaves empty fields out. */
type OptionalWhenUndefined<T> = { [K in keyof T as undefined extends T[K] ? never : K]: T[K] } & {
  [K in keyof T as undefined extends T[K] ? K : never]?: Exclude<T[K], undefined>;
};

/** What the server answers for one component: the input fields plus identity and bookkeeping. */
type Stored<T> = OptionalWhenUndefined<Omit<T, 'cost'>> & {
  _id: string;
  origin: Origin;
  cost: number | null;
  /** Loaded as sample data (the GEN demo catalogue); the shop can remove it in one go. */
  sample: boolean;
  createdAt: string;
  updatedAt: string;
};
export type Hose = Stored<HoseInput>;
export type CrimpFitting = Stored<CrimpFittingInput>;
export type Ferrule = Stored<FerruleInput>;
export type Adaptor = Stored<AdaptorInput>;
export type Wrap = Stored<WrapInput>;
export type OtherItem = Stored<OtherItemInput>;
export type Component = Hose | CrimpFitting | Ferrule | Adaptor | Wrap | OtherItem;
export type ComponentOf<K extends ComponentKind> = Extract<Component, { kind: K }>;

/** Sortable and filterable columns of the component lists (server-side, kept in the URL by the grid). */
export const COMPONENT_SORT_FIELDS = [
  'partNumber',
  'brand',
  'description',
  'series',
  'dash',
  'endType',
  'angle',
  'workingPressurePsi',
  'cost',
  'updatedAt',
] as const;

/** A query parameter holding a comma-separated list (or repeated), each item parsed by `item`. */
export const csvList = <T extends z.ZodType>(item: T) =>
  z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((v) =>
      v === undefined
        ? undefined
        : (Array.isArray(v) ? v : v.split(','))
            .map((s) => s.trim())
            .filter(Boolean)
            .map((s) => item.parse(s) as z.infer<T>),
    );

const boolParam = z
  .union([z.boolean(), z.enum(['true', 'false'])])
  .optional()
  .transform((v) => (v === undefined ? undefined : v === true || v === 'true'));

/** Query of every component list GET. Unknown values are refused with a clear message. */
export const componentListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  itemsPerPage: z.coerce.number().int().min(1).max(500).default(25),
  sort: z.enum(COMPONENT_SORT_FIELDS).default('partNumber'),
  order: z.enum(['asc', 'desc']).default('asc'),
  /** Free text over part number, brand and description. */
  q: z.string().trim().max(100).optional(),
  origin: z.enum(ORIGINS).optional(),
  brand: csvList(z.string()),
  series: csvList(z.string()),
  dash: csvList(z.coerce.number().int()),
  endType: csvList(z.string()),
  gender: csvList(z.enum(GENDERS)),
  angle: csvList(z.coerce.number().int()),
  productGroup: csvList(z.string()),
  supplier: csvList(z.string()),
  active: boolParam,
  skive: boolParam,
});
export type ComponentListQuery = z.infer<typeof componentListQuerySchema>;
export type ComponentListQueryInput = z.input<typeof componentListQuerySchema>;

export interface ListResponse<T> {
  items: T[];
  total: number;
  page: number;
}

/** A coupling series groups fittings and ferrules approved for certain hoses (DOMAIN.md). */
export const couplingSeriesInputSchema = z.object({
  code: text(20, 'The series code').min(1, 'Enter the series code'),
  brand: text(40, 'The brand').default(''),
  description: text(500, 'The description').default(''),
  /** The series is for hose that must be skived. */
  skive: z.boolean().default(false),
});
export type CouplingSeriesInput = z.infer<typeof couplingSeriesInputSchema>;
export type CouplingSeries = CouplingSeriesInput & { _id: string; origin: Origin };
export type CouplingSeriesDetails = CouplingSeries & {
  hoses: number;
  crimpFittings: number;
  ferrules: number;
};

/** Crimp spec per hose + fitting series: the crimped OD, its tolerance and the die, versioned. */
export const crimpSpecInputSchema = z.object({
  hoseId: z.uuid('Choose the hose'),
  fittingSeries: text(20, 'The fitting series').min(1, 'Enter the fitting series'),
  crimpOdMm: positive('crimp diameter', 500),
  toleranceMm: nonNegative('tolerance', 10),
  die: text(40, 'The die').min(1, 'Enter the die'),
  revision: text(10, 'The revision').min(1, 'Enter the revision').default('A'),
});
export type CrimpSpecInput = z.infer<typeof crimpSpecInputSchema>;
export type CrimpSpec = CrimpSpecInput & { _id: string; hosePartNumber: string; createdAt: string };

/** Organisation lookups edited by admins: `/productgroups/update`, `/suppliers/update`, `/locations/update`. */
export const LOOKUP_LISTS = ['productgroups', 'suppliers', 'locations'] as const;
export type LookupList = (typeof LOOKUP_LISTS)[number];
export const lookupEntrySchema = z.object({
  code: text(40, 'The code').min(1, 'Enter a code'),
  name: text(120, 'The name').min(1, 'Enter a name'),
});
export const lookupUpdateSchema = z
  .object({ items: z.array(lookupEntrySchema).max(1000, 'At most 1,000 entries') })
  .refine((v) => new Set(v.items.map((i) => i.code.toLowerCase())).size === v.items.length, {
    path: ['items'],
    message: 'Each code can appear only once',
  });
export type LookupEntry = z.infer<typeof lookupEntrySchema>;

/** Wrap styles and coverage the shop picks from when adding a wrap to an assembly. */
export const WRAP_STYLES = [
  'plastic spiral guard',
  'nylon sleeve',
  'silicone/fibreglass fire sleeve',
  'spring guard',
  'abrasion sleeve',
] as const;
export const WRAP_COVERAGE = [
  { code: 'full', label: 'Full length' },
  { code: 'ends', label: 'Both ends' },
  { code: 'middle', label: 'Middle section' },
  { code: 'custom', label: 'Custom length' },
] as const;

/** Pending items: a regular user proposes a component; an admin approves (it becomes custom) or rejects. */
export const PENDING_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type PendingStatus = (typeof PENDING_STATUSES)[number];
export interface PendingItem {
  _id: string;
  kind: ComponentKind;
  partNumber: string;
  description: string;
  payload: ComponentInput;
  status: PendingStatus;
  submittedBy: string;
  submittedByName: string;
  reviewNote: string | null;
  componentId: string | null;
  createdAt: string;
  reviewedAt: string | null;
}
export const pendingReviewSchema = z.object({ note: text(500, 'The note').optional() });

/** `GET /api/v1/organization/itemtypes`. */
export interface ItemType {
  kind: ComponentKind;
  slug: ComponentKindInfo['slug'];
  label: string;
  pluralLabel: string;
}

/** The organisation's custom part number pattern: text with one run of zeros in braces, e.g. 'C-{00000}'. */
export const DEFAULT_PART_NUMBER_PATTERN = 'C-{00000}';
export const partNumberPatternSchema = z
  .string()
  .trim()
  .regex(/^[^{}]*\{0+\}[^{}]*$/, 'Write the pattern with one run of zeros in braces, e.g. C-{00000}');

/** Formats number `n` in `pattern` ('C-{00000}', 42 -> 'C-00042'). */
export function formatPartNumber(pattern: string, n: number): string {
  return pattern.replace(/\{(0+)\}/, (_, zeros: string) => String(n).padStart(zeros.length, '0'));
}

/** The number a part number holds in `pattern`, or undefined when it does not follow the pattern. */
export function parsePartNumber(pattern: string, partNumber: string): number | undefined {
  const match = /^([^{}]*)\{(0+)\}([^{}]*)$/.exec(pattern);
  if (!match) return undefined;
  const [, prefix = '', , suffix = ''] = match;
  const quote = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const found = new RegExp(`^${quote(prefix)}(\\d+)${quote(suffix)}$`, 'i').exec(partNumber);
  return found?.[1] ? Number(found[1]) : undefined;
}

/** The next free number after everything already used in the pattern. */
export function nextPartNumber(pattern: string, existing: Iterable<string>): string {
  let max = 0;
  for (const p of existing) {
    const n = parsePartNumber(pattern, p);
    if (n !== undefined && n > max) max = n;
  }
  return formatPartNumber(pattern, max + 1);
}
