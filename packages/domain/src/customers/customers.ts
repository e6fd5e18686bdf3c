/**
 * Customer pricing terms. A *margin* is a share of the sell price (30% margin: cost 70,
 * price 100); a *markup* is a share of the cost (30% markup: cost 100, price 130). Hosewright's customer terms
 * are a margin and then a discount off the price that margin gives. A product group's own terms, where the
 * customer has them, win over the customer's general terms; with no margin anywhere the organisation's
 * default margin applies.
 */
import { z } from 'zod';
import { isoDateTimeSchema, listQuery } from '../api/schemas.ts';
import { currencyCodeSchema } from '../currencies/currencies.ts';

/** The margin used when neither the customer nor the product group names one (percent of the sell price). */
export const DEFAULT_MARGIN_PCT = 30;

const pct = (what: string) =>
  z
    .number({ error: `${what} must be a number` })
    .min(0, { error: `${what} cannot be negative` })
    .max(99.99, { error: `${what} must be below 100%` });

export const productGroupTermsSchema = z.object({
  productGroup: z.string().trim().min(1, { error: 'Choose a product group' }),
  marginPct: pct('The margin').nullish(),
  discountPct: pct('The discount').nullish(),
});
export type ProductGroupTerms = z.infer<typeof productGroupTermsSchema>;

export interface PricingTerms {
  marginPct?: number | null;
  discountPct?: number | null;
  productGroupTerms?: readonly ProductGroupTerms[];
}

/**
 * The margin and discount in force for one product group (or the general terms when it has none);
 * `defaultMarginPct` is the organisation's (`organization_settings.default_margin_pct`), for a customer
 * with no margin anywhere.
 */
export function termsFor(
  terms: PricingTerms | null | undefined,
  productGroup?: string | null,
  defaultMarginPct: number = DEFAULT_MARGIN_PCT,
): { marginPct: number; discountPct: number } {
  const group = productGroup
    ? terms?.productGroupTerms?.find((g) => g.productGroup.toLowerCase() === productGroup.toLowerCase())
    : undefined;
  return {
    marginPct: group?.marginPct ?? terms?.marginPct ?? defaultMarginPct,
    discountPct: group?.discountPct ?? terms?.discountPct ?? 0,
  };
}

/** Rounds money to cents. */
export function roundMoney(value: number): number {
  return Math.round((value + Number.EPSILON) * 100) / 100;
}

/**
 * Sell price of something that costs `cost`, for these terms: cost / (1 - margin), then the discount off.
 * Cents, rounded once at the end. In the currency of the cost (the base currency): `convertFromBase`
 * (currencies/currencies.ts) gives it in the customer's.
 */
export function sellPrice(
  cost: number,
  terms?: PricingTerms | null,
  productGroup?: string | null,
  defaultMarginPct: number = DEFAULT_MARGIN_PCT,
): number {
  const { marginPct, discountPct } = termsFor(terms, productGroup, defaultMarginPct);
  const list = cost / (1 - marginPct / 100);
  return roundMoney(list * (1 - discountPct / 100));
}

/** The markup a margin amounts to (30% margin = 42.86% markup), for labels that show both. */
export function markupForMargin(marginPct: number): number {
  return roundMoney((marginPct / (100 - marginPct)) * 100);
}

// ---------------------------------------------------------------------------------------------------------
// Customers, their items, the list queries and the import rows (the endpoints are in contracts.ts).

const text = (max: number, label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, { error: `${label} must be at most ${max} characters` });

/** A text that must be filled: the same message whether it is missing or blank. */
const required = (max: number, label: string, empty: string) =>
  z
    .string({ error: empty })
    .trim()
    .min(1, { error: empty })
    .max(max, { error: `${label} must be at most ${max} characters` });

/** Web domain without the address parts people paste: 'https://www.Acme.com/' -> 'acme.com'. */
export function normalizeDomain(value: string): string {
  return value
    .trim()
    .toLowerCase()
    .replace(/^[a-z]+:\/\//, '')
    .replace(/^www\./, '')
    .replace(/[/?#].*$/, '');
}

const DOMAIN_PATTERN = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+$/;

export const customerDomainSchema = z
  .string({ error: 'The domain must be text' })
  .max(253, { error: 'The domain must be at most 253 characters' })
  .transform(normalizeDomain)
  .refine((v) => v === '' || DOMAIN_PATTERN.test(v), { error: 'Enter a web domain such as acme.com' });

/** Codes offered first where a currency is chosen from all of them (the currencies tab's picker). */
export const COMMON_CURRENCIES = ['CAD', 'USD', 'EUR', 'GBP', 'AUD', 'MXN'] as const;
/**
 * A customer's currency: an ISO 4217 code (`currencyCodeSchema`). The server also requires it to be the
 * organisation's base currency or one of its currencies (`/api/v1/organization/currencies`).
 */
export const currencySchema = currencyCodeSchema;

const emailOrEmpty = z
  .string({ error: 'The email must be text' })
  .trim()
  .max(254, { error: 'The email must be at most 254 characters' })
  .refine((v) => v === '' || z.email().safeParse(v).success, {
    error: 'Enter an email such as buyer@acme.com',
  });

export const contactSchema = z.object({
  name: required(200, 'The contact name', 'Enter the contact’s name'),
  role: text(100, 'The role').default(''),
  email: emailOrEmpty.default(''),
  phone: text(40, 'The phone number')
    .regex(/^[0-9+()./ x-]*$/i, { error: 'Use digits, spaces and + ( ) - . x only in the phone number' })
    .default(''),
});
export type Contact = z.infer<typeof contactSchema>;

export const addressSchema = z.object({
  line1: text(200, 'The street address').default(''),
  line2: text(200, 'The second address line').default(''),
  city: text(100, 'The city').default(''),
  region: text(100, 'The province or state').default(''),
  postalCode: text(20, 'The postal code').default(''),
  country: text(100, 'The country').default(''),
});
export type Address = z.infer<typeof addressSchema>;

/** True when no line of the address is filled. */
export function isEmptyAddress(address: Partial<Address> | null | undefined): boolean {
  return !address || Object.values(address).every((v) => !v || String(v).trim() === '');
}

/** One tax the customer pays on estimates (GST 5, QST 9.975), unless tax exempt. */
export const customerTaxSchema = z.object({
  name: required(40, 'The tax name', 'Name the tax, e.g. GST'),
  ratePct: z
    .number({ error: 'Enter the tax rate as a number' })
    .min(0, 'The tax rate cannot be negative')
    .max(100, 'The tax rate must be at most 100%')
    .refine(
      (v) => Math.abs(Math.round(v * 1000) - v * 1000) < 1e-6,
      'Use at most 3 decimal places in the tax rate',
    ),
});
export type CustomerTax = z.infer<typeof customerTaxSchema>;

export const customerInputSchema = z.object({
  name: required(200, 'The name', 'Enter the customer’s name'),
  domain: customerDomainSchema.default(''),
  accountNumber: text(60, 'The account number').default(''),
  contacts: z.array(contactSchema).max(50, { error: 'Keep at most 50 contacts' }).default([]),
  billingAddress: addressSchema.nullable().default(null),
  shippingAddress: addressSchema.nullable().default(null),
  /** Left out: the organisation's base currency (the server fills it in). */
  currency: currencySchema.optional(),
  taxNumber: text(60, 'The tax number').default(''),
  taxExempt: z.boolean({ error: 'Tax exempt is yes or no' }).default(false),
  taxes: z
    .array(customerTaxSchema)
    .max(5, { error: 'Keep at most 5 taxes' })
    .default([])
    .refine((taxes) => new Set(taxes.map((t) => t.name.toLowerCase())).size === taxes.length, {
      error: 'Each tax can appear once',
    }),
  notes: text(5000, 'The notes').default(''),
  erpId: text(100, 'The ERP id').default(''),
  active: z.boolean({ error: 'Active is yes or no' }).default(true),
  marginPct: pct('The margin').nullable().default(null),
  discountPct: pct('The discount').nullable().default(null),
  productGroupTerms: z
    .array(productGroupTermsSchema)
    .max(100, { error: 'Keep at most 100 product group terms' })
    .default([])
    .refine((groups) => new Set(groups.map((g) => g.productGroup.toLowerCase())).size === groups.length, {
      error: 'Each product group can have one set of terms only',
    }),
});
export type CustomerInput = z.infer<typeof customerInputSchema>;
export type CustomerInputDraft = z.input<typeof customerInputSchema>;

const addressAnswer = z.object({
  line1: z.string(),
  line2: z.string(),
  city: z.string(),
  region: z.string(),
  postalCode: z.string(),
  country: z.string(),
});

/** A customer as the API answers it: what `customerInputSchema` keeps, with its id and dates. */
export const customerSchema = z.object({
  _id: z.string(),
  name: z.string(),
  domain: z.string(),
  accountNumber: z.string(),
  contacts: z.array(z.object({ name: z.string(), role: z.string(), email: z.string(), phone: z.string() })),
  billingAddress: addressAnswer.nullable(),
  shippingAddress: addressAnswer.nullable(),
  currency: z.string(),
  taxNumber: z.string(),
  taxExempt: z.boolean(),
  taxes: z.array(z.object({ name: z.string(), ratePct: z.number() })),
  /** The price list that prices this customer's estimates (enterprise; set from the price list). */
  priceListId: z.string().nullable(),
  notes: z.string(),
  erpId: z.string(),
  active: z.boolean(),
  marginPct: z.number().nullable(),
  discountPct: z.number().nullable(),
  productGroupTerms: z.array(
    z.object({
      productGroup: z.string(),
      marginPct: z.number().nullish(),
      discountPct: z.number().nullish(),
    }),
  ),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export type Customer = z.infer<typeof customerSchema>;

export const CUSTOMER_SORT_FIELDS = [
  'name',
  'domain',
  'accountNumber',
  'currency',
  'createdAt',
  'updatedAt',
] as const;
export type CustomerSortField = (typeof CUSTOMER_SORT_FIELDS)[number];

const activeParam = z
  .union([z.boolean(), z.enum(['true', 'false'])])
  .optional()
  .transform((v) => (v === undefined ? undefined : v === true || v === 'true'));

/** The `listCustomers` query: paging, sort, free text over name, domain and account number, active filter. */
export const customerListQuerySchema = listQuery({
  sortFields: CUSTOMER_SORT_FIELDS,
  defaultSort: 'name',
  defaultOrder: 'asc',
  defaultItemsPerPage: 25,
  maxItemsPerPage: 500,
  filters: { active: activeParam },
});
export type CustomerListQuery = z.infer<typeof customerListQuerySchema>;
export type CustomerListQueryInput = z.input<typeof customerListQuerySchema>;

/** What a customer's part number stands for: one of our assemblies, kits or components. */
export const CUSTOMER_ITEM_TARGET_TYPES = ['hoseAssembly', 'hoseKit', 'component'] as const;
export type CustomerItemTargetType = (typeof CUSTOMER_ITEM_TARGET_TYPES)[number];

export const customerPriceSchema = z
  .number({ error: 'Enter the price as a number' })
  .min(0, { error: 'The price cannot be negative' })
  .max(1_000_000, { error: 'The price must be at most 1,000,000' })
  .refine((v) => Math.abs(Math.round(v * 10_000) - v * 10_000) < 1e-6, {
    error: 'Use at most 4 decimal places in the price',
  });

export const customerItemInputSchema = z
  .object({
    customerPartNumber: required(100, 'The customer part number', 'Enter the customer’s part number'),
    description: text(500, 'The description').default(''),
    targetType: z.enum(CUSTOMER_ITEM_TARGET_TYPES, {
      error: 'Choose what it is: a hose assembly, a hose kit or a component',
    }),
    /** Our object's id; or give `targetPartNumber` and the server finds it. */
    targetId: z.uuid({ error: 'Choose our item this part number stands for' }).optional(),
    targetPartNumber: text(100, 'Our part number').optional(),
    price: customerPriceSchema.nullable().default(null),
  })
  .refine((v) => v.targetId !== undefined || (v.targetPartNumber ?? '') !== '', {
    error: 'Choose our item this part number stands for',
    path: ['targetId'],
  });
export type CustomerItemInput = z.infer<typeof customerItemInputSchema>;

export const customerItemSchema = z.object({
  _id: z.string(),
  customerId: z.string(),
  customerPartNumber: z.string(),
  description: z.string(),
  targetType: z.enum(CUSTOMER_ITEM_TARGET_TYPES),
  targetId: z.string().nullable(),
  targetPartNumber: z.string(),
  /** What our item is called today ('' when it no longer exists). */
  targetDescription: z.string(),
  price: z.number().nullable(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export type CustomerItem = z.infer<typeof customerItemSchema>;

/** The `listCustomerItems` query: by their part number, free text over both part numbers and description. */
export const customerItemListQuerySchema = listQuery({
  sortFields: ['customerPartNumber'],
  defaultSort: 'customerPartNumber',
  defaultOrder: 'asc',
  defaultItemsPerPage: 100,
  maxItemsPerPage: 500,
  filters: {},
});
export type CustomerItemListQuery = z.infer<typeof customerItemListQuerySchema>;
export type CustomerItemListQueryInput = z.input<typeof customerItemListQuerySchema>;

const yesNo = z.boolean({ error: 'Write yes or no' });

/**
 * One row of a customer import file. Flat: the first contact and both addresses have their own columns.
 * Re-importing updates the customer with the same account number, or else the same name; an empty cell
 * leaves that value as it is.
 */
export const customerImportRowSchema = z.object({
  name: required(200, 'The name', 'Enter the customer’s name'),
  accountNumber: text(60, 'The account number').optional(),
  domain: customerDomainSchema.optional(),
  currency: currencySchema.optional(),
  taxNumber: text(60, 'The tax number').optional(),
  taxExempt: yesNo.optional(),
  erpId: text(100, 'The ERP id').optional(),
  active: yesNo.optional(),
  marginPct: pct('The margin').optional(),
  discountPct: pct('The discount').optional(),
  notes: text(5000, 'The notes').optional(),
  contactName: text(200, 'The contact name').optional(),
  contactRole: text(100, 'The contact role').optional(),
  contactEmail: emailOrEmpty.optional(),
  contactPhone: text(40, 'The phone number').optional(),
  billingLine1: text(200, 'The billing street address').optional(),
  billingLine2: text(200, 'The second billing line').optional(),
  billingCity: text(100, 'The billing city').optional(),
  billingRegion: text(100, 'The billing province or state').optional(),
  billingPostalCode: text(20, 'The billing postal code').optional(),
  billingCountry: text(100, 'The billing country').optional(),
  shippingLine1: text(200, 'The shipping street address').optional(),
  shippingLine2: text(200, 'The second shipping line').optional(),
  shippingCity: text(100, 'The shipping city').optional(),
  shippingRegion: text(100, 'The shipping province or state').optional(),
  shippingPostalCode: text(20, 'The shipping postal code').optional(),
  shippingCountry: text(100, 'The shipping country').optional(),
});
export type CustomerImportRow = z.infer<typeof customerImportRowSchema>;

/**
 * One row of a customer-item import file: which customer (by account number), their part number, and our
 * item by type and part number. Re-importing updates the item with the same customer and part number.
 */
export const customerItemImportRowSchema = z.object({
  customerAccountNumber: required(60, 'The customer account number', 'Enter the customer’s account number'),
  customerPartNumber: required(100, 'The customer part number', 'Enter the customer’s part number'),
  targetType: z.enum(CUSTOMER_ITEM_TARGET_TYPES, {
    error: 'Write hoseAssembly, hoseKit or component',
  }),
  targetPartNumber: required(100, 'Our part number', 'Enter our part number'),
  description: text(500, 'The description').optional(),
  price: customerPriceSchema.optional(),
});
export type CustomerItemImportRow = z.infer<typeof customerItemImportRowSchema>;
