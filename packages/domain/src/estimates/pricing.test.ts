import { describe, expect, test } from 'vitest';
import type { PriceList } from './price-lists.ts';
import {
  describePricedBy,
  type EstimateLineInput,
  type EstimatePricingContext,
  estimateStatusOn,
  priceEstimate,
  resolveUnitPrice,
} from './pricing.ts';

/** A fitting that costs 7.00 CAD: 10.00 at the default 30 % margin, 14.00 at a 50 % margin. */
const fitting: EstimateLineInput = {
  id: 'L1',
  type: 'component',
  itemId: 'c1',
  quantity: 1,
  unitCost: 7,
  productGroup: 'FITTINGS',
};

const fleetList: PriceList = {
  id: 'pl1',
  name: 'Fleet',
  currency: 'CAD',
  // Listed newest first on purpose: the version in force is found by date, not by position.
  versions: [
    {
      id: 'v2',
      effectiveFrom: '2026-06-01',
      items: [{ itemType: 'component', itemId: 'c1', partNumber: 'GEN-JIC-08', unitPrice: 1300 }],
    },
    {
      id: 'v1',
      effectiveFrom: '2026-01-01',
      items: [
        {
          itemType: 'component',
          itemId: 'c1',
          partNumber: 'GEN-JIC-08',
          unitPrice: 1250,
          breaks: [
            { minQuantity: 50, unitPrice: 1000 },
            { minQuantity: 10, unitPrice: 1150 },
          ],
        },
        { itemType: 'kit', itemId: 'k1', partNumber: 'KIT-1', unitPrice: 99_900 },
      ],
    },
  ],
};

function context(overrides: Partial<EstimatePricingContext> = {}): EstimatePricingContext {
  return {
    date: '2026-03-15',
    currency: { baseCurrency: 'CAD', currency: 'CAD', rate: 1 },
    priceList: null,
    terms: null,
    defaults: { defaultMarginPct: 30, labourRate: 12.5 },
    tax: { exempt: false, taxes: [] },
    ...overrides,
  };
}

describe('where a unit price comes from', () => {
  test('the price list beats the customer’s terms, which beat the organisation’s default margin', () => {
    const terms = { marginPct: 50 };
    const withList = resolveUnitPrice(fitting, context({ priceList: fleetList, terms }));
    expect(withList.unitPrice).toBe(1250);
    expect(withList.pricedBy).toEqual({
      source: 'priceList',
      priceListId: 'pl1',
      priceListName: 'Fleet',
      versionId: 'v1',
      effectiveFrom: '2026-01-01',
      minQuantity: null,
    });

    const withTerms = resolveUnitPrice(fitting, context({ terms }));
    expect(withTerms.unitPrice).toBe(1400);
    expect(withTerms.pricedBy).toEqual({
      source: 'customerTerms',
      marginPct: 50,
      discountPct: 0,
      productGroup: 'FITTINGS',
    });

    const byDefault = resolveUnitPrice(
      fitting,
      context({ defaults: { defaultMarginPct: 30, labourRate: 0 } }),
    );
    expect(byDefault.unitPrice).toBe(1000);
    expect(byDefault.pricedBy).toEqual({ source: 'default', basis: 'defaultMargin', marginPct: 30 });
  });

  test('an item missing from the price list falls through to the terms', () => {
    const other = { ...fitting, itemId: 'c-not-listed' };
    const result = resolveUnitPrice(other, context({ priceList: fleetList, terms: { marginPct: 50 } }));
    expect(result).toMatchObject({ unitPrice: 1400, pricedBy: { source: 'customerTerms' } });
  });

  test('a discount alone is the customer’s term, on the organisation’s margin', () => {
    const result = resolveUnitPrice(fitting, context({ terms: { discountPct: 10 } }));
    expect(result.unitPrice).toBe(900);
    expect(result.pricedBy).toMatchObject({ source: 'customerTerms', marginPct: 30, discountPct: 10 });
  });

  test('terms for another product group leave this one to the default margin', () => {
    const terms = { productGroupTerms: [{ productGroup: 'HOSE', marginPct: 50 }] };
    expect(resolveUnitPrice(fitting, context({ terms })).pricedBy.source).toBe('default');
    const hose = { ...fitting, productGroup: 'hose' };
    expect(resolveUnitPrice(hose, context({ terms }))).toMatchObject({
      unitPrice: 1400,
      pricedBy: { source: 'customerTerms', marginPct: 50, productGroup: 'hose' },
    });
  });

  test('a price list in another currency than the estimate’s is not used', () => {
    const usdList = { ...fleetList, currency: 'USD' };
    const result = resolveUnitPrice(fitting, context({ priceList: usdList }));
    expect(result).toMatchObject({ unitPrice: 1000, pricedBy: { source: 'default' } });
  });

  test('prices from cost are converted to the customer’s currency and its minor unit', () => {
    const usd = context({ currency: { baseCurrency: 'CAD', currency: 'USD', rate: 0.73 } });
    expect(resolveUnitPrice(fitting, usd).unitPrice).toBe(730);
    const jpy = context({ currency: { baseCurrency: 'CAD', currency: 'JPY', rate: 110.5 } });
    // 10.00 CAD x 110.5 = 1105 yen, whole yen.
    expect(resolveUnitPrice(fitting, jpy).unitPrice).toBe(1105);
  });

  test('labour is at the organisation’s rate, freight must be entered, a typed price wins', () => {
    const labour = resolveUnitPrice({ id: 'L', type: 'labour', quantity: 4 }, context());
    expect(labour).toEqual({ unitPrice: 1250, pricedBy: { source: 'default', basis: 'labourRate' } });
    const freight = resolveUnitPrice({ id: 'F', type: 'freight', quantity: 1 }, context());
    expect(freight.unitPrice).toBeNull();
    expect(freight.pricedBy.source).toBe('none');
    const typed = resolveUnitPrice({ ...fitting, unitPriceOverride: 777 }, context({ priceList: fleetList }));
    expect(typed).toEqual({ unitPrice: 777, pricedBy: { source: 'manual' } });
  });

  test('a kit is found among the list’s kits, not its components', () => {
    const kit: EstimateLineInput = { id: 'K', type: 'kit', itemId: 'k1', quantity: 2, unitCost: 500 };
    expect(resolveUnitPrice(kit, context({ priceList: fleetList })).unitPrice).toBe(99_900);
    const sameIdAsComponent: EstimateLineInput = { ...kit, itemId: 'c1' };
    expect(resolveUnitPrice(sameIdAsComponent, context({ priceList: fleetList })).pricedBy.source).toBe(
      'default',
    );
  });

  test('the screen can say what priced a line', () => {
    const result = resolveUnitPrice({ ...fitting, quantity: 10 }, context({ priceList: fleetList }));
    expect(describePricedBy(result.pricedBy)).toBe('Price list Fleet (from 2026-01-01, 10+ break)');
    expect(
      describePricedBy({ source: 'customerTerms', marginPct: 35, discountPct: 5, productGroup: 'HOSE' }),
    ).toBe('Customer terms for HOSE: 35% margin, 5% discount');
  });
});

describe('the price list version in force on the estimate date', () => {
  const priceOn = (date: string) => resolveUnitPrice(fitting, context({ date, priceList: fleetList }));

  test('an estimate dated before a new version keeps the old price', () => {
    expect(priceOn('2026-05-31')).toMatchObject({ unitPrice: 1250, pricedBy: { versionId: 'v1' } });
    expect(priceOn('2026-06-01')).toMatchObject({ unitPrice: 1300, pricedBy: { versionId: 'v2' } });
    expect(priceOn('2026-09-30T10:00:00Z')).toMatchObject({ unitPrice: 1300 });
  });

  test('before the first version the list prices nothing and the terms or defaults do', () => {
    expect(priceOn('2025-12-31')).toMatchObject({ unitPrice: 1000, pricedBy: { source: 'default' } });
  });
});

describe('quantity breaks', () => {
  const at = (quantity: number) =>
    resolveUnitPrice({ ...fitting, quantity }, context({ priceList: fleetList, date: '2026-02-01' }));

  test('the break with the largest minimum quantity reached applies', () => {
    expect(at(9.999)).toMatchObject({ unitPrice: 1250, pricedBy: { minQuantity: null } });
    expect(at(10)).toMatchObject({ unitPrice: 1150, pricedBy: { minQuantity: 10 } });
    expect(at(49)).toMatchObject({ unitPrice: 1150, pricedBy: { minQuantity: 10 } });
    expect(at(50)).toMatchObject({ unitPrice: 1000, pricedBy: { minQuantity: 50 } });
    expect(at(500)).toMatchObject({ unitPrice: 1000, pricedBy: { minQuantity: 50 } });
  });

  test('the line total uses the break price', () => {
    const pricing = priceEstimate([{ ...fitting, quantity: 12 }], context({ priceList: fleetList }));
    expect(pricing.lines[0]?.lineTotal).toBe(13_800);
    expect(pricing.subtotal).toBe(13_800);
  });
});

describe('estimate totals', () => {
  const typed = (id: string, unitPriceOverride: number, quantity = 1): EstimateLineInput => ({
    id,
    type: 'other',
    quantity,
    unitPriceOverride,
  });

  test('each line is rounded half away from zero before the lines are added', () => {
    // 1.5 x 3.33 = 4.995 on each line: 5.00 twice is 10.00, where rounding the sum would give 9.99.
    const pricing = priceEstimate([typed('a', 333, 1.5), typed('b', 333, 1.5)], context());
    expect(pricing.lines.map((l) => l.lineTotal)).toEqual([500, 500]);
    expect(pricing.subtotal).toBe(1000);
  });

  test('a credit rounds like a sale, and metres of hose to 3 decimals', () => {
    const pricing = priceEstimate([typed('credit', 333, -1.5), typed('hose', 1001, 3.333)], context());
    // -4.995 -> -5.00; 3.333 m x 10.01 = 33.36333 -> 33.36.
    expect(pricing.lines.map((l) => l.lineTotal)).toEqual([-500, 3336]);
    expect(pricing.subtotal).toBe(2836);
  });

  test('a subtotal below the minimum charge is raised to it by its own adjustment, then taxed', () => {
    const ctx = context({
      defaults: { defaultMarginPct: 30, labourRate: 12.5, minimumCharge: 5000 },
      tax: { exempt: false, taxes: [{ name: 'GST', ratePct: 5 }] },
    });
    const small = priceEstimate([fitting], ctx);
    expect(small).toMatchObject({
      subtotal: 1000,
      minimumCharge: 5000,
      minimumChargeAdjustment: 4000,
      taxableAmount: 5000,
      taxTotal: 250,
      total: 5250,
    });
    const large = priceEstimate([{ ...fitting, quantity: 6 }], ctx);
    expect(large).toMatchObject({ subtotal: 6000, minimumChargeAdjustment: 0, total: 6300 });
    expect(priceEstimate([], ctx)).toMatchObject({ minimumChargeAdjustment: 0, total: 0 });
  });

  test('taxes are on the subtotal, one rounded amount per rate; an exempt customer pays none', () => {
    const taxes = [
      { name: 'GST', ratePct: 5 },
      { name: 'QST', ratePct: 9.975 },
    ];
    const pricing = priceEstimate([typed('a', 12_345)], context({ tax: { exempt: false, taxes } }));
    // 123.45 x 5 % = 6.1725 -> 6.17; 123.45 x 9.975 % = 12.3141375 -> 12.31.
    expect(pricing.taxes).toEqual([
      { name: 'GST', ratePct: 5, amount: 617 },
      { name: 'QST', ratePct: 9.975, amount: 1231 },
    ]);
    expect(pricing.taxTotal).toBe(1848);
    expect(pricing.total).toBe(14_193);

    const half = priceEstimate([typed('a', 1010)], context({ tax: { exempt: false, taxes } }));
    expect(half.taxes[0]?.amount).toBe(51); // 0.505 -> 0.51

    const exempt = priceEstimate([typed('a', 12_345)], context({ tax: { exempt: true, taxes } }));
    expect(exempt).toMatchObject({ taxExempt: true, taxes: [], taxTotal: 0, total: 12_345 });
  });

  test('every line type adds up, and an unpriced line is named', () => {
    const lines: EstimateLineInput[] = [
      { id: 'kit', type: 'kit', itemId: 'k1', quantity: 1, unitCost: 600 },
      { id: 'asm', type: 'assembly', itemId: 'a-inline', quantity: 2, unitCost: 35 },
      { ...fitting, id: 'fit', quantity: 3 },
      { id: 'labour', type: 'labour', quantity: 0.5 },
      { id: 'freight', type: 'freight', quantity: 1, unitPriceOverride: 2500 },
      { id: 'no-price', type: 'freight', quantity: 1 },
    ];
    const pricing = priceEstimate(lines, context({ priceList: fleetList }));
    // 999.00 + 2 x 50.00 + 3 x 12.50 + 0.5 x 12.50 (6.25) + 25.00.
    expect(pricing.lines.map((l) => l.lineTotal)).toEqual([99_900, 10_000, 3750, 625, 2500, 0]);
    expect(pricing.subtotal).toBe(116_775);
    expect(pricing.unpricedLineIds).toEqual(['no-price']);
  });

  test('a line below the target margin is flagged with its margin', () => {
    const ctx = context({
      priceList: fleetList,
      defaults: { defaultMarginPct: 30, labourRate: 0, targetMarginPct: 30 },
    });
    const pricing = priceEstimate(
      [
        { ...fitting, id: 'listed', unitCost: 10 },
        { ...fitting, id: 'on-target', itemId: 'c-not-listed' },
      ],
      ctx,
    );
    // 12.50 against a cost of 10.00 is a 20 % margin; 10.00 against 7.00 is exactly 30 %.
    expect(pricing.lines.map((l) => [l.marginPct, l.isBelowTargetMargin])).toEqual([
      [20, true],
      [30, false],
    ]);
    expect(pricing.belowTargetLineIds).toEqual(['listed']);
  });
});

describe('estimate status by date', () => {
  test('a sent estimate expires the day after its validity ends', () => {
    const sent = { status: 'sent' as const, validUntil: '2026-03-31' };
    expect(estimateStatusOn(sent, '2026-03-31')).toBe('sent');
    expect(estimateStatusOn(sent, '2026-04-01')).toBe('expired');
    expect(estimateStatusOn({ status: 'sent', validUntil: null }, '2030-01-01')).toBe('sent');
  });

  test('drafts, accepted and declined estimates keep their status after the date', () => {
    for (const status of ['draft', 'accepted', 'declined'] as const) {
      expect(estimateStatusOn({ status, validUntil: '2026-03-31' }, '2026-05-01')).toBe(status);
    }
  });
});
