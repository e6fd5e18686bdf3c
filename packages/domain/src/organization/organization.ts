/** The organisation: its record and the settings every member's app reads (`/api/v1/organization/...`). */
import { z } from 'zod';
import { ADMIN, endpoint, MEMBER } from '../api/endpoint.ts';
import { isoDateTimeSchema } from '../api/schemas.ts';
import { addressSchema, contactSchema, customerSchema } from '../customers/customers.ts';
import { AppErrorCode } from '../errors.ts';
import { unitSystemSchema } from '../units/units.ts';

/** The shop's email: empty, or one a customer can write to. */
const shopEmailSchema = z
  .string({ error: 'The shop email must be text' })
  .trim()
  .max(254, 'The shop email must be at most 254 characters')
  .refine((v) => v === '' || z.email().safeParse(v).success, {
    error: 'Enter the shop email such as sales@yourshop.com, or leave it empty',
  });

const percentSchema = (what: string) =>
  z
    .number({ error: `Enter the ${what} as a number` })
    .min(0, `The ${what} cannot be negative`)
    .max(95, `The ${what} must be at most 95%`);

export const organizationSchema = z.object({
  _id: z.string(),
  name: z.string(),
  createdAt: isoDateTimeSchema,
  /** Whether a logo is stored (the picture under the organisation's id, `getImage`). */
  hasLogo: z.boolean(),
});
export type Organization = z.infer<typeof organizationSchema>;

/** The settings an admin changes; fields left out stay. */
export const organizationUpdateSchema = z
  .object({
    name: z.string().trim().min(1, 'Enter the organisation name').max(200, 'The name is too long'),
    hasParker: z.boolean(),
    hideInventory: z.boolean(),
    useBetaFeatures: z.boolean(),
    revisionDelimiter: z
      .string()
      .min(1, 'Enter a revision delimiter')
      .max(3, 'The revision delimiter must be at most 3 characters'),
    partNumberPattern: z
      .string()
      .trim()
      .regex(/^[^{}]*\{0+\}[^{}]*$/, 'Write the pattern with one run of zeros in braces, e.g. C-{00000}'),
    defaultAdaptorBrand: z.string().trim().max(40, 'The brand must be at most 40 characters'),
    erpName: z.string().trim().max(60, 'The ERP name must be at most 60 characters'),
    /** Null goes back to following each user's language (en_us imperial, metric otherwise). */
    unitSystem: unitSystemSchema.nullable(),
    defaultMarginPct: percentSchema('default margin'),
    labourRate: z
      .number({ error: 'Enter the labour rate as a number' })
      .min(0, 'The labour rate cannot be negative')
      .max(100_000, 'The labour rate is too large'),
    wasteAllowancePct: percentSchema('waste allowance'),
    /** Makes this warehouse the default (the previous default stops being one). */
    defaultWarehouseId: z.uuid({ error: 'This warehouse was not found' }),
    allowNegativeStock: z.boolean({ error: 'Allow negative stock is yes or no' }),
    workOrderNumberPattern: z
      .string()
      .trim()
      .regex(/^[^{}]*\{0+\}[^{}]*$/, 'Write the pattern with one run of zeros in braces, e.g. WO-{00000}'),
    /** Millimetres: a piece of hose shorter than this is a remnant (0: none is). */
    remnantLengthMm: z
      .number({ error: 'Enter the remnant length as a number' })
      .int('Enter the remnant length in whole millimetres')
      .min(0, 'The remnant length cannot be negative')
      .max(100_000, 'The remnant length must be at most 100 m'),
    hoseShelfLifeMonths: z
      .number({ error: 'Enter the shelf life as a number of months' })
      .int('Enter the shelf life in whole months')
      .min(1, 'The shelf life must be at least 1 month')
      .max(600, 'The shelf life must be at most 600 months'),
    estimateNumberPattern: z
      .string()
      .trim()
      .regex(/^[^{}]*\{0+\}[^{}]*$/, 'Write the pattern with one run of zeros in braces, e.g. SE-{00000}'),
    estimateValidityDays: z
      .number({ error: 'Enter how many days an estimate is valid' })
      .int('Enter the validity in whole days')
      .min(1, 'An estimate is valid for at least 1 day')
      .max(366, 'An estimate is valid for at most 366 days'),
    /** Base currency: an estimate below it is raised to it (0: none). */
    minimumCharge: z
      .number({ error: 'Enter the minimum charge as a number' })
      .min(0, 'The minimum charge cannot be negative')
      .max(1_000_000, 'The minimum charge is too large'),
    targetMarginPct: percentSchema('target margin'),
    estimateTerms: z.string().trim().max(4000, 'The estimate terms must be at most 4,000 characters'),
    /** Printed on estimates; null (or every line empty): the default warehouse's address is printed. */
    shopAddress: addressSchema.nullable(),
    /** The same rule as a customer contact's phone. */
    shopPhone: contactSchema.shape.phone.unwrap(),
    shopEmail: shopEmailSchema,
  })
  .partial();
export type OrganizationUpdate = z.infer<typeof organizationUpdateSchema>;

export const organizationSettingsSchema = z.object({
  hasParker: z.boolean(),
  hideInventory: z.boolean(),
  useBetaFeatures: z.boolean(),
  revisionDelimiter: z.string(),
  partNumberPattern: z.string(),
  defaultAdaptorBrand: z.string(),
  erpName: z.string(),
  unitSystem: unitSystemSchema.nullable(),
  baseCurrency: z.string(),
  defaultMarginPct: z.number(),
  labourRate: z.number(),
  wasteAllowancePct: z.number(),
  /** The default warehouse (`warehouses.is_default`); null and empty name and code while there is none. */
  defaultWarehouseId: z.string().nullable(),
  defaultWarehouseName: z.string(),
  defaultWarehouseCode: z.string(),
  allowNegativeStock: z.boolean(),
  workOrderNumberPattern: z.string(),
  /** Millimetres: a piece of hose shorter than this is a remnant, picked first when long enough. */
  remnantLengthMm: z.number(),
  /** Hose older than this from its date code is past its shelf life and not picked. */
  hoseShelfLifeMonths: z.number(),
  /** New sales estimates are numbered from it and valid this many days from their date. */
  estimateNumberPattern: z.string(),
  estimateValidityDays: z.number(),
  /** Base currency: an estimate's subtotal below it is raised to it (0: none). */
  minimumCharge: z.number(),
  /** Margin (percent of the price) below which price list items and estimate lines are flagged. */
  targetMarginPct: z.number(),
  /** Printed at the foot of every estimate. */
  estimateTerms: z.string(),
  /** The shop's own address (null: none kept), phone and email, printed in the estimate's header. */
  shopAddress: customerSchema.shape.billingAddress,
  shopPhone: z.string(),
  shopEmail: z.string(),
});
export type OrganizationSettings = z.infer<typeof organizationSettingsSchema>;

const TAG = 'Organization';

export const getOrganization = endpoint({
  name: 'getOrganization',
  method: 'GET',
  path: '/api/v1/organization',
  tag: TAG,
  summary: "The caller's organisation (also at /api/v1/organization/)",
  access: MEMBER,
  response: organizationSchema,
  example: {},
});

export const updateOrganization = endpoint({
  name: 'updateOrganization',
  method: 'POST',
  path: '/api/v1/organization/update',
  tag: TAG,
  summary: 'Rename the organisation or change its settings; answers every setting',
  access: ADMIN,
  body: organizationUpdateSchema,
  response: organizationSettingsSchema,
  errors: [AppErrorCode.NotFound],
  example: { body: { name: 'Prairie Hydraulics', revisionDelimiter: '_', partNumberPattern: 'PH-{00000}' } },
});

/** One setting each, as the app reads them lazily: a JSON boolean or a JSON string. */
function setting<K extends keyof OrganizationSettings>(name: string, path: string, key: K, summary: string) {
  return endpoint({
    name,
    method: 'GET',
    path: `/api/v1/organization/${path}`,
    tag: TAG,
    summary,
    access: MEMBER,
    response: organizationSettingsSchema.shape[key],
    example: {},
  });
}

export const getHasParker = setting(
  'getHasParker',
  'hasparker',
  'hasParker',
  "Whether Parker's catalogue shows",
);
export const getHideInventory = setting(
  'getHideInventory',
  'hideinventory',
  'hideInventory',
  'Whether stock figures are hidden',
);
export const getUseBetaFeatures = setting(
  'getUseBetaFeatures',
  'usebetafeatures',
  'useBetaFeatures',
  'Whether beta features are on',
);
export const getRevisionDelimiter = setting(
  'getRevisionDelimiter',
  'revisiondelimiter',
  'revisionDelimiter',
  'The text between a part number and its revision (default underscore)',
);
export const getDefaultAdaptorBrand = setting(
  'getDefaultAdaptorBrand',
  'defaultadaptorbrand',
  'defaultAdaptorBrand',
  'The brand new adaptors get',
);
export const getErpName = setting('getErpName', 'erpname', 'erpName', 'The linked ERP system, or empty');
export const getAllowNegativeStock = setting(
  'getAllowNegativeStock',
  'allownegativestock',
  'allowNegativeStock',
  'Whether stock may go below zero',
);

/** What new customers, assemblies and components start from (`/defaults`). */
export const organizationDefaultsSchema = z.object({
  /** Margin on the sell price for customers without their own, in percent. */
  defaultMarginPct: z.number(),
  /** The base currency (ISO 4217), in which costs and prices are kept. */
  currency: z.string(),
  /** Labour charged per crimp, in the base currency. */
  labourRate: z.number(),
  /** Extra hose cut for waste, in percent of the cut length. */
  wasteAllowancePct: z.number(),
  /** Custom part numbers follow it, e.g. C-{00000}. */
  partNumberPattern: z.string(),
  /** New work orders are numbered from it, e.g. WO-{00000}. */
  workOrderNumberPattern: z.string(),
  /** Millimetres: a piece of hose shorter than this is a remnant. */
  remnantLengthMm: z.number(),
  /** Months from a hose's date code until it is past its shelf life. */
  hoseShelfLifeMonths: z.number(),
  /** New sales estimates are numbered from it, e.g. SE-{00000}, and valid this many days. */
  estimateNumberPattern: z.string(),
  estimateValidityDays: z.number(),
  /** Base currency: the least an estimate charges (0: none). */
  minimumCharge: z.number(),
  /** Margin (percent of the price) below which prices are flagged. */
  targetMarginPct: z.number(),
  /** Printed at the foot of every estimate. */
  estimateTerms: z.string(),
  /** The shop's own address (null: none kept), phone and email, printed in the estimate's header. */
  shopAddress: customerSchema.shape.billingAddress,
  shopPhone: z.string(),
  shopEmail: z.string(),
  /** The organisation's units; null when each user's language decides. */
  unitSystem: unitSystemSchema.nullable(),
});
export type OrganizationDefaults = z.infer<typeof organizationDefaultsSchema>;

export const getDefaults = endpoint({
  name: 'getDefaults',
  method: 'GET',
  path: '/api/v1/organization/defaults',
  tag: TAG,
  summary:
    "Default margin, currency, labour rate, waste allowance, part-number pattern, units, the estimate settings and the shop's address, phone and email",
  access: MEMBER,
  response: organizationDefaultsSchema,
  example: {},
});

export const defaultWarehouseSchema = z.object({
  defaultWarehouseName: z.string(),
  defaultWarehouseCode: z.string(),
});
export type DefaultWarehouse = z.infer<typeof defaultWarehouseSchema>;

export const getDefaultWarehouse = endpoint({
  name: 'getDefaultWarehouse',
  method: 'GET',
  path: '/api/v1/organization/defaultwarehouse',
  tag: TAG,
  summary: 'The warehouse stock moves from unless one is named (empty name and code when none)',
  access: MEMBER,
  response: defaultWarehouseSchema,
  example: {},
});

export const ORGANIZATION_ENDPOINTS = [
  getDefaults,
  getDefaultWarehouse,
  getOrganization,
  updateOrganization,
  getHasParker,
  getHideInventory,
  getUseBetaFeatures,
  getRevisionDelimiter,
  getDefaultAdaptorBrand,
  getErpName,
  getAllowNegativeStock,
];
