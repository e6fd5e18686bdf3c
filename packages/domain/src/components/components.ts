/**
 * The component library: hoses, crimp fittings, ferrules, adaptors, wraps and other items. One input schema
 * per kind (the server validates with it, the web forms resolve with it and the importer checks every row
 * with it) and one answer schema per kind.
 */
import { z } from 'zod';
import { isoDateTimeSchema, listQuery } from '../api/schemas.ts';

/** Component kinds, as the global search's results name them in `objectType`. */
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
  /** URL segment: the app's `/hose/{id}` page and the API's `/api/v1/organization/hose/{id}/update`. */
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

/** Dash sizes: inside diameter in sixteenths of an inch, written negative (-8 is 1/2"). */
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

/** End types a shop meets. Codes as the catalogue and imports write them. */
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
  /** The hose-side dash: it must equal the hose's dash (`checkFitting`). */
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
  /** Each end as 'TYPE GENDER SIZE', e.g. 'JIC37 M -8'. */
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

/** The kind comes from the path of `/{kind}/{id}/update`: the body may leave it out (or name another). */
const kindOfPath = <K extends ComponentKind>(kind: K) => z.literal(kind).catch(kind);
/** The body of each kind's update (`/hose/{id}/update`, id `new` creates). */
export const COMPONENT_BODY_SCHEMAS = {
  hose: hoseInputSchema.safeExtend({ kind: kindOfPath('hose') }),
  crimpFitting: crimpFittingInputSchema.safeExtend({ kind: kindOfPath('crimpFitting') }),
  ferrule: ferruleInputSchema.safeExtend({ kind: kindOfPath('ferrule') }),
  adaptor: adaptorInputSchema.safeExtend({ kind: kindOfPath('adaptor') }),
  wrap: wrapInputSchema.safeExtend({ kind: kindOfPath('wrap') }),
  otherItem: otherItemInputSchema.safeExtend({ kind: kindOfPath('otherItem') }),
} as const;
/** A body naming its kind: the generic `item/{id}/update` and a proposal (`pendingitems/create`). */
export const componentBodySchema = z.discriminatedUnion(
  'kind',
  [
    hoseInputSchema,
    crimpFittingInputSchema,
    ferruleInputSchema,
    adaptorInputSchema,
    wrapInputSchema,
    otherItemInputSchema,
  ],
  { error: `kind must be one of ${COMPONENT_KINDS.join(', ')}` },
);

// What the server answers for one component: the input fields as stored (optional ones left out when
// empty) plus identity and bookkeeping. Plain types, no transforms: these describe answers, not input.
const sharedOut = {
  partNumber: z.string(),
  brand: z.string(),
  description: z.string(),
  productGroup: z.string().optional(),
  supplier: z.string().optional(),
  costUnit: z.enum(COST_UNITS),
  active: z.boolean(),
};
const storedOut = {
  _id: z.string(),
  origin: z.enum(ORIGINS),
  cost: z.number().nullable(),
  /** Loaded as sample data (the GEN demo catalogue); the shop can remove it in one go. */
  sample: z.boolean(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
};
const hoseOut = {
  kind: z.literal('hose'),
  series: z.string(),
  dash: z.number().int(),
  standard: z.string().optional(),
  workingPressurePsi: z.number().int(),
  burstPressurePsi: z.number().int().optional(),
  tempMinC: z.number().optional(),
  tempMaxC: z.number().optional(),
  minBendRadiusMm: z.number().optional(),
  odMm: z.number().optional(),
  skive: z.boolean(),
};
const crimpFittingOut = {
  kind: z.literal('crimpFitting'),
  series: z.string(),
  dash: z.number().int(),
  endType: z.string(),
  thread: z.string().optional(),
  gender: z.enum(GENDERS),
  swivel: z.boolean(),
  angle: z.number().int(),
  pieces: z.union([z.literal(1), z.literal(2)]),
  cutoffMm: z.number(),
  workingPressurePsi: z.number().int(),
};
const ferruleOut = {
  kind: z.literal('ferrule'),
  series: z.string(),
  dash: z.number().int(),
  skive: z.boolean(),
};
const adaptorOut = {
  kind: z.literal('adaptor'),
  endA: z.string(),
  endB: z.string(),
  angle: z.number().int(),
  workingPressurePsi: z.number().int(),
};
const wrapOut = {
  kind: z.literal('wrap'),
  style: z.string(),
  fitsOdMinMm: z.number(),
  fitsOdMaxMm: z.number(),
  tempMaxC: z.number().optional(),
  fitAfterAssembly: z.boolean(),
};
const otherItemOut = { kind: z.literal('otherItem') };

export const hoseSchema = z.object({ ...storedOut, ...sharedOut, ...hoseOut });
export const crimpFittingSchema = z.object({ ...storedOut, ...sharedOut, ...crimpFittingOut });
export const ferruleSchema = z.object({ ...storedOut, ...sharedOut, ...ferruleOut });
export const adaptorSchema = z.object({ ...storedOut, ...sharedOut, ...adaptorOut });
export const wrapSchema = z.object({ ...storedOut, ...sharedOut, ...wrapOut });
export const otherItemSchema = z.object({ ...storedOut, ...sharedOut, ...otherItemOut });
export const componentSchema = z.discriminatedUnion('kind', [
  hoseSchema,
  crimpFittingSchema,
  ferruleSchema,
  adaptorSchema,
  wrapSchema,
  otherItemSchema,
]);
/** The answer schema of each kind. */
export const COMPONENT_SCHEMAS = {
  hose: hoseSchema,
  crimpFitting: crimpFittingSchema,
  ferrule: ferruleSchema,
  adaptor: adaptorSchema,
  wrap: wrapSchema,
  otherItem: otherItemSchema,
} as const;
export type Hose = z.infer<typeof hoseSchema>;
export type CrimpFitting = z.infer<typeof crimpFittingSchema>;
export type Ferrule = z.infer<typeof ferruleSchema>;
export type Adaptor = z.infer<typeof adaptorSchema>;
export type Wrap = z.infer<typeof wrapSchema>;
export type OtherItem = z.infer<typeof otherItemSchema>;
export type Component = z.infer<typeof componentSchema>;
export type ComponentOf<K extends ComponentKind> = Extract<Component, { kind: K }>;

/** A component input as it was accepted and stored (a pending item's proposal): no identity, cost optional. */
const payloadOut = { cost: z.number().optional() };
export const componentPayloadSchema = z.discriminatedUnion('kind', [
  z.object({ ...sharedOut, ...payloadOut, ...hoseOut }),
  z.object({ ...sharedOut, ...payloadOut, ...crimpFittingOut }),
  z.object({ ...sharedOut, ...payloadOut, ...ferruleOut }),
  z.object({ ...sharedOut, ...payloadOut, ...adaptorOut }),
  z.object({ ...sharedOut, ...payloadOut, ...wrapOut }),
  z.object({ ...sharedOut, ...payloadOut, ...otherItemOut }),
]);

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

/**
 * A query parameter holding a comma-separated list (or repeated), each item parsed by `item`. An item that
 * does not parse is an issue of the parameter (a 400 naming it), never an exception.
 */
export const csvList = <T extends z.ZodType>(item: T) =>
  z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((v, ctx): z.output<T>[] | undefined => {
      if (v === undefined) return undefined;
      const out: z.output<T>[] = [];
      for (const text of (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean)) {
        const parsed = item.safeParse(text);
        if (!parsed.success) {
          ctx.addIssue({
            code: 'custom',
            message: parsed.error.issues[0]?.message ?? 'Not valid',
            input: text,
          });
          return z.NEVER;
        }
        out.push(parsed.data);
      }
      return out;
    });

const boolParam = z
  .union([z.boolean(), z.enum(['true', 'false'])])
  .optional()
  .transform((v) => (v === undefined ? undefined : v === true || v === 'true'));

/** Dash sizes are stored negative: `dash=8` means -8, as a counter says it. */
const dashFilterItem = z.coerce
  .number({ error: 'dash must be a dash size such as -8' })
  .int('dash must be a dash size such as -8')
  .transform((d) => (d > 0 ? -d : d));

/** The filters of every component list GET. Unknown values are refused with a clear message. */
export const componentListFilters = {
  origin: z.enum(ORIGINS, { error: 'origin must be catalogue or custom' }).optional(),
  brand: csvList(z.string()),
  series: csvList(z.string()),
  dash: csvList(dashFilterItem).meta({ description: 'Dash sizes, comma-separated; 8 means -8' }),
  endType: csvList(z.string()),
  gender: csvList(z.enum(GENDERS, { error: 'gender must be M, F or -' })),
  angle: csvList(z.coerce.number({ error: 'angle must be a whole number of degrees' }).int()),
  productGroup: csvList(z.string()),
  supplier: csvList(z.string()),
  active: boolParam,
  skive: boolParam,
};

/**
 * A component list query: lenient paging and sorting (default part number ascending, 25 per page, at most
 * 500), free text `q` (or `searchText`) read as a layline (`layline.ts`: part number, brand, description,
 * dash, standard, series, pressure, kind), the filters, and `extra`
 * parameters of the list.
 */
export function componentListQuery<Shape extends z.ZodRawShape>(extra: Shape) {
  return listQuery({
    sortFields: COMPONENT_SORT_FIELDS,
    defaultSort: 'partNumber',
    defaultOrder: 'asc',
    defaultItemsPerPage: 25,
    maxItemsPerPage: 500,
    filters: { ...componentListFilters, ...extra },
  });
}

/** Query of every component list GET. */
export const componentListQuerySchema = componentListQuery({});
export type ComponentListQuery = z.infer<typeof componentListQuerySchema>;
export type ComponentListQueryInput = z.input<typeof componentListQuerySchema>;

/** The generic `items` list: every kind, or one. */
export const itemListQuerySchema = componentListQuery({
  kind: z.enum(COMPONENT_KINDS, { error: `kind must be one of ${COMPONENT_KINDS.join(', ')}` }).optional(),
});

export interface ListResponse<T> {
  items: T[];
  total: number;
  page: number;
}

/** A coupling series groups a maker's fittings and ferrules approved for certain hoses (`matchParts`). */
export const couplingSeriesInputSchema = z.object({
  code: text(20, 'The series code').min(1, 'Enter the series code'),
  brand: text(40, 'The brand').default(''),
  description: text(500, 'The description').default(''),
  /** The series is for hose that must be skived. */
  skive: z.boolean().default(false),
});
export type CouplingSeriesInput = z.infer<typeof couplingSeriesInputSchema>;
export const couplingSeriesSchema = z.object({
  _id: z.string(),
  code: z.string(),
  brand: z.string(),
  description: z.string(),
  skive: z.boolean(),
  origin: z.enum(ORIGINS),
});
export type CouplingSeries = z.infer<typeof couplingSeriesSchema>;
/** A series with how many hoses, crimp fittings and ferrules of the library belong to it. */
export const couplingSeriesDetailsSchema = couplingSeriesSchema.extend({
  hoses: z.number().int(),
  crimpFittings: z.number().int(),
  ferrules: z.number().int(),
});
export type CouplingSeriesDetails = z.infer<typeof couplingSeriesDetailsSchema>;

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
export const crimpSpecSchema = z.object({
  _id: z.string(),
  hoseId: z.string(),
  hosePartNumber: z.string(),
  fittingSeries: z.string(),
  crimpOdMm: z.number(),
  toleranceMm: z.number(),
  die: z.string(),
  revision: z.string(),
  createdAt: isoDateTimeSchema,
});
export type CrimpSpec = z.infer<typeof crimpSpecSchema>;

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
/** A list as the server answers it, in the organisation's order. */
export const lookupListSchema = z.array(z.object({ code: z.string(), name: z.string() }));

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
export const pendingItemSchema = z.object({
  _id: z.string(),
  kind: z.enum(COMPONENT_KINDS),
  partNumber: z.string(),
  description: z.string(),
  /** The proposed component as it was accepted. */
  payload: componentPayloadSchema,
  status: z.enum(PENDING_STATUSES),
  submittedBy: z.string(),
  /** Empty in the answer of an approval or a rejection. */
  submittedByName: z.string(),
  reviewNote: z.string().nullable(),
  /** The custom item an approval created. */
  componentId: z.string().nullable(),
  createdAt: isoDateTimeSchema,
  reviewedAt: isoDateTimeSchema.nullable(),
});
export type PendingItem = z.infer<typeof pendingItemSchema>;
export const pendingReviewSchema = z.object({ note: text(500, 'The note').optional() });

/** `GET /api/v1/organization/itemtypes`. */
export const itemTypeSchema = z.object({
  kind: z.enum(COMPONENT_KINDS),
  slug: z.enum(['hose', 'crimpfitting', 'ferrule', 'adaptor', 'wrap', 'otheritem']),
  label: z.string(),
  pluralLabel: z.string(),
});
export type ItemType = z.infer<typeof itemTypeSchema>;

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
