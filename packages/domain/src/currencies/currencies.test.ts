import { describe, expect, test } from 'vitest';
import { sellPrice, termsFor } from '../customers/customers.ts';
import { rollUpKit } from '../kits/kits.ts';
import { convertFromBase, currenciesUpdateSchema, currencyCodeSchema } from './currencies.ts';

describe('currency codes and the list an admin sends', () => {
  test('a code is three letters of a currency that exists, in any case', () => {
    expect(currencyCodeSchema.parse(' cad ')).toBe('CAD');
    expect(currencyCodeSchema.safeParse('XYZ').error?.issues.map((i) => i.message)).toEqual([
      'XYZ is not a currency code we know',
    ]);
    expect(currencyCodeSchema.safeParse('dollars').error?.issues.map((i) => i.message)).toEqual([
      'Use a three-letter currency code such as CAD or USD',
    ]);
  });

  test('a currency listed twice, or the base listed with a rate, is refused on its row', () => {
    const parsed = currenciesUpdateSchema.safeParse({
      baseCurrency: 'USD',
      currencies: [
        { code: 'CAD', rate: 1.37 },
        { code: 'cad', rate: 1.4 },
        { code: 'USD', rate: 1 },
        { code: 'EUR', rate: 0 },
      ],
    });
    expect(parsed.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['currencies.3.rate', 'The exchange rate must be more than 0'],
      ['currencies.1.code', 'CAD is listed twice'],
      ['currencies.2.code', 'USD is the base currency; it needs no rate'],
    ]);
  });
});

describe('prices in another currency', () => {
  test('a base amount × the rate, to the cent', () => {
    expect(convertFromBase(100, 1.37)).toBe(137);
    expect(convertFromBase(10.01, 1.3333)).toBe(13.35);
    expect(convertFromBase(42.5, 1)).toBe(42.5);
  });

  test('the organisation’s default margin applies where the customer names none', () => {
    expect(termsFor(null, null, 40)).toEqual({ marginPct: 40, discountPct: 0 });
    expect(sellPrice(60, null, null, 40)).toBe(100);
    expect(sellPrice(60, { marginPct: 25 }, null, 40)).toBe(80);
  });

  test('a kit: prices × the rate, costs and the margin stay in the base currency', () => {
    const rollup = rollUpKit(
      [
        { quantity: 2, unitCost: 7 },
        { quantity: 1, unitCost: null },
      ],
      { marginPct: 30 },
      { rate: 1.5 },
    );
    expect(rollup.lines.map((l) => [l.unitPrice, l.extendedPrice])).toEqual([
      [15, 30],
      [null, null],
    ]);
    expect(rollup.totals).toEqual({ cost: 14, price: 30, linesWithoutCost: 1, marginPct: 30 });
    expect(rollUpKit([{ quantity: 1, unitCost: 60 }], null, { defaultMarginPct: 40 }).totals.price).toBe(100);
  });
});
