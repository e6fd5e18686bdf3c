/**
 * The customer form's state: what the person typed (numbers as text), converted to the domain contract on
 * save and checked with the same zod schema the server uses, so the messages are the server's.
 */
import {
  type Address,
  type Contact,
  type Customer,
  type CustomerInput,
  customerInputSchema,
  isEmptyAddress,
} from '@hosewright/domain';

export interface GroupTermsDraft {
  productGroup: string;
  marginPct: string;
  discountPct: string;
}

/** One tax the customer pays (GST 5, QST 9.975), the rate as typed. */
export interface TaxDraft {
  name: string;
  ratePct: string;
}

/** The most taxes a customer carries (`customerInputSchema`). */
export const MAX_TAXES = 5;

export interface CustomerDraft {
  name: string;
  domain: string;
  accountNumber: string;
  contacts: Contact[];
  billingAddress: Address;
  shippingAddress: Address;
  shippingSameAsBilling: boolean;
  /** '' for a new customer until one is chosen: the organisation's base currency. */
  currency: string;
  taxNumber: string;
  taxExempt: boolean;
  /** Kept through the form, or saving would clear the taxes the customer has. */
  taxes: TaxDraft[];
  notes: string;
  erpId: string;
  active: boolean;
  marginPct: string;
  discountPct: string;
  productGroupTerms: GroupTermsDraft[];
}

export const EMPTY_ADDRESS: Address = {
  line1: '',
  line2: '',
  city: '',
  region: '',
  postalCode: '',
  country: '',
};
export const EMPTY_CONTACT: Contact = { name: '', role: '', email: '', phone: '' };

const numberText = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

export function draftOf(customer?: Customer): CustomerDraft {
  if (!customer) {
    return {
      name: '',
      domain: '',
      accountNumber: '',
      contacts: [],
      billingAddress: { ...EMPTY_ADDRESS },
      shippingAddress: { ...EMPTY_ADDRESS },
      shippingSameAsBilling: true,
      currency: '',
      taxNumber: '',
      taxExempt: false,
      taxes: [],
      notes: '',
      erpId: '',
      active: true,
      marginPct: '',
      discountPct: '',
      productGroupTerms: [],
    };
  }
  return {
    name: customer.name,
    domain: customer.domain,
    accountNumber: customer.accountNumber,
    contacts: customer.contacts.map((c) => ({ ...c })),
    billingAddress: { ...EMPTY_ADDRESS, ...(customer.billingAddress ?? {}) },
    shippingAddress: { ...EMPTY_ADDRESS, ...(customer.shippingAddress ?? {}) },
    shippingSameAsBilling: isEmptyAddress(customer.shippingAddress),
    currency: customer.currency,
    taxNumber: customer.taxNumber,
    taxExempt: customer.taxExempt,
    taxes: customer.taxes.map((tax) => ({ name: tax.name, ratePct: String(tax.ratePct) })),
    notes: customer.notes,
    erpId: customer.erpId,
    active: customer.active,
    marginPct: numberText(customer.marginPct),
    discountPct: numberText(customer.discountPct),
    productGroupTerms: customer.productGroupTerms.map((g) => ({
      productGroup: g.productGroup,
      marginPct: numberText(g.marginPct),
      discountPct: numberText(g.discountPct),
    })),
  };
}

/** '' -> null; '35' -> 35; 'abc' stays text so the contract says what is wrong. */
function numberOrText(value: string): number | string | null {
  const text = value.trim().replace(',', '.');
  if (text === '') return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : text;
}

/** What the form sends, before validation. */
export function rawInputOf(draft: CustomerDraft): Record<string, unknown> {
  const billing = isEmptyAddress(draft.billingAddress) ? null : draft.billingAddress;
  const shipping =
    draft.shippingSameAsBilling || isEmptyAddress(draft.shippingAddress) ? null : draft.shippingAddress;
  return {
    name: draft.name,
    domain: draft.domain,
    accountNumber: draft.accountNumber,
    contacts: draft.contacts,
    billingAddress: billing,
    shippingAddress: shipping,
    // None chosen: the server prices the customer in the base currency.
    ...(draft.currency ? { currency: draft.currency } : {}),
    taxNumber: draft.taxNumber,
    taxExempt: draft.taxExempt,
    taxes: draft.taxes.map((tax) => ({ name: tax.name, ratePct: numberOrText(tax.ratePct) })),
    notes: draft.notes,
    erpId: draft.erpId,
    active: draft.active,
    marginPct: numberOrText(draft.marginPct),
    discountPct: numberOrText(draft.discountPct),
    productGroupTerms: draft.productGroupTerms.map((g) => ({
      productGroup: g.productGroup,
      marginPct: numberOrText(g.marginPct),
      discountPct: numberOrText(g.discountPct),
    })),
  };
}

/** Field path ('contacts.0.email') -> message, the first message of each field. */
export type FormErrors = Record<string, string>;

export function validateDraft(draft: CustomerDraft): { input: CustomerInput | null; errors: FormErrors } {
  const parsed = customerInputSchema.safeParse(rawInputOf(draft));
  if (parsed.success) return { input: parsed.data, errors: {} };
  const errors: FormErrors = {};
  for (const issue of parsed.error.issues) {
    const path = issue.path.join('.');
    if (!(path in errors)) errors[path] = issue.message;
  }
  return { input: null, errors };
}
