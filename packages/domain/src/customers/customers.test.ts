import { describe, expect, test } from 'vitest';
import {
  customerInputSchema,
  customerItemInputSchema,
  DEFAULT_MARGIN_PCT,
  markupForMargin,
  normalizeDomain,
  sellPrice,
  termsFor,
} from './customers.ts';

describe('customer pricing terms', () => {
  test('a margin is a share of the price, not of the cost', () => {
    expect(sellPrice(70, { marginPct: 30 })).toBe(100);
    expect(markupForMargin(30)).toBe(42.86);
  });

  test('the discount comes off the price the margin gives', () => {
    expect(sellPrice(70, { marginPct: 30, discountPct: 10 })).toBe(90);
  });

  test('a product group’s own terms win over the customer’s general ones', () => {
    const terms = {
      marginPct: 30,
      discountPct: 5,
      productGroupTerms: [{ productGroup: 'HOSE', marginPct: 50 }],
    };
    expect(termsFor(terms, 'hose')).toEqual({ marginPct: 50, discountPct: 5 });
    expect(sellPrice(50, terms, 'HOSE')).toBe(95);
    expect(termsFor(terms, 'FITTINGS')).toEqual({ marginPct: 30, discountPct: 5 });
  });

  test('without terms the default margin applies', () => {
    expect(termsFor(undefined)).toEqual({ marginPct: DEFAULT_MARGIN_PCT, discountPct: 0 });
    expect(sellPrice(7, null)).toBe(10);
  });
});

describe('customer contracts', () => {
  test('a new customer needs a name; the rest has defaults a shop expects', () => {
    expect(customerInputSchema.safeParse({ name: ' ' }).error?.issues[0]?.message).toBe(
      'Enter the customer’s name',
    );
    const parsed = customerInputSchema.parse({ name: 'Bow River Cranes' });
    // No currency: the server prices the customer in the organisation's base currency.
    expect(parsed.currency).toBeUndefined();
    expect(parsed).toMatchObject({
      domain: '',
      contacts: [],
      billingAddress: null,
      taxExempt: false,
      active: true,
      marginPct: null,
      productGroupTerms: [],
    });
  });

  test('a pasted web address becomes its domain; anything else is refused with an example', () => {
    expect(normalizeDomain('https://www.BowRiver.ca/contact?x=1')).toBe('bowriver.ca');
    expect(customerInputSchema.parse({ name: 'X', domain: 'HTTP://shop.bowriver.ca/' }).domain).toBe(
      'shop.bowriver.ca',
    );
    expect(customerInputSchema.safeParse({ name: 'X', domain: 'bow river' }).error?.issues[0]?.message).toBe(
      'Enter a web domain such as acme.com',
    );
  });

  test('contacts need a name and a real email when one is given; currencies are three letters', () => {
    const parsed = customerInputSchema.safeParse({
      name: 'X',
      contacts: [{ name: '', email: 'nope' }],
      currency: 'dollars',
    });
    expect(parsed.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['contacts.0.name', 'Enter the contact’s name'],
      ['contacts.0.email', 'Enter an email such as buyer@acme.com'],
      ['currency', 'Use a three-letter currency code such as CAD or USD'],
    ]);
    expect(customerInputSchema.parse({ name: 'X', currency: 'usd' }).currency).toBe('USD');
    expect(customerInputSchema.safeParse({ name: 'X', currency: 'XYZ' }).error?.issues[0]?.message).toBe(
      'XYZ is not a currency code we know',
    );
  });

  test('one set of terms per product group', () => {
    const parsed = customerInputSchema.safeParse({
      name: 'X',
      productGroupTerms: [
        { productGroup: 'Hose', marginPct: 40 },
        { productGroup: 'HOSE', discountPct: 5 },
      ],
    });
    expect(parsed.error?.issues[0]?.message).toBe('Each product group can have one set of terms only');
  });

  test('a customer item names our item by id or by part number, with a price of at most 4 decimals', () => {
    expect(
      customerItemInputSchema.safeParse({ customerPartNumber: 'A', targetType: 'component' }).error
        ?.issues[0],
    ).toMatchObject({ path: ['targetId'], message: 'Choose our item this part number stands for' });
    expect(
      customerItemInputSchema.parse({
        customerPartNumber: 'A',
        targetType: 'hoseKit',
        targetPartNumber: 'KIT-1',
      }),
    ).toMatchObject({ price: null, description: '' });
    expect(
      customerItemInputSchema
        .safeParse({
          customerPartNumber: 'A',
          targetType: 'gasket',
          targetPartNumber: 'X',
          price: 1.23456,
        })
        .error?.issues.map((i) => i.message),
    ).toEqual([
      'Choose what it is: a hose assembly, a hose kit or a component',
      'Use at most 4 decimal places in the price',
    ]);
  });
});
