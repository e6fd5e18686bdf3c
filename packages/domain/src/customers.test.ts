import { describe, expect, test } from 'vitest';
import { DEFAULT_MARGIN_PCT, markupForMargin, sellPrice, termsFor } from './customers.ts';

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
