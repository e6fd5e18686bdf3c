import { describe, expect, test } from 'vitest';
import {
  diffPriceListItems,
  findMarginAlerts,
  type PriceListItem,
  priceListItemKey,
  versionInForce,
} from './price-lists.ts';

const item = (itemId: string, unitPrice: number, extra: Partial<PriceListItem> = {}): PriceListItem => ({
  itemType: 'component',
  itemId,
  partNumber: `GEN-${itemId.toUpperCase()}`,
  unitPrice,
  ...extra,
});

describe('the version in force', () => {
  const versions = [
    { id: 'b', effectiveFrom: '2026-06-01', items: [] },
    { id: 'a', effectiveFrom: '2026-01-01', items: [] },
    { id: 'c', effectiveFrom: '2027-01-01', items: [] },
  ];

  test('is the latest that started on or before the date', () => {
    expect(versionInForce(versions, '2026-05-31')?.id).toBe('a');
    expect(versionInForce(versions, '2026-06-01')?.id).toBe('b');
    expect(versionInForce(versions, '2026-12-31')?.id).toBe('b');
    expect(versionInForce(versions, '2025-12-31')).toBeNull();
  });
});

describe('the review of an import against the version in force', () => {
  const current = [
    item('c1', 1000),
    item('c2', 2000, { breaks: [{ minQuantity: 10, unitPrice: 1800 }] }),
    item('c3', 500),
    item('c4', 300),
    item('c6', 999),
    item('c7', 0),
  ];
  const next = [
    item('c1', 1100),
    item('c2', 2000, { breaks: [{ minQuantity: 10, unitPrice: 1700 }] }),
    item('c3', 400),
    item('c5', 250),
    item('c6', 999),
    item('c7', 150),
  ];

  test('answers added, removed and re-priced items, the largest moves first', () => {
    const diff = diffPriceListItems(current, next);
    expect(diff.added.map((i) => i.itemId)).toEqual(['c5']);
    expect(diff.removed.map((i) => i.itemId)).toEqual(['c4']);
    expect(diff.unchangedCount).toBe(1);
    expect(diff.changed.map((c) => [c.itemId, c.change, c.changePct, c.direction, c.breaksChanged])).toEqual([
      ['c7', 150, null, 'up', false],
      ['c3', -100, -20, 'down', false],
      ['c1', 100, 10, 'up', false],
      ['c2', 0, 0, 'same', true],
    ]);
    expect([diff.upCount, diff.downCount]).toEqual([2, 1]);
  });

  test('percentages are to 2 decimals, half away from zero', () => {
    const diff = diffPriceListItems([item('x', 300), item('y', 3)], [item('x', 301), item('y', 2)]);
    expect(diff.changed.map((c) => [c.itemId, c.changePct])).toEqual([
      ['y', -33.33],
      ['x', 0.33],
    ]);
  });

  test('a first version adds everything, sorted by part number', () => {
    const diff = diffPriceListItems(null, [item('b10', 1), item('b9', 1), item('a1', 1)]);
    expect(diff.added.map((i) => i.partNumber)).toEqual(['GEN-A1', 'GEN-B9', 'GEN-B10']);
    expect(diff.removed).toEqual([]);
  });
});

describe('margin alerts', () => {
  const cad = { baseCurrency: 'CAD', currency: 'CAD', rate: 1 };
  const items = [
    item('c1', 1000),
    item('c2', 2000, { breaks: [{ minQuantity: 10, unitPrice: 1500 }] }),
    item('c3', 1000),
    item('c4', 100),
    item('c5', 3000),
  ];
  const costs = new Map<string, number | null>([
    [priceListItemKey('component', 'c1'), 7],
    [priceListItemKey('component', 'c2'), 12],
    [priceListItemKey('component', 'c3'), 9.5],
    [priceListItemKey('component', 'c4'), null],
    [priceListItemKey('component', 'c5'), 29.99],
  ]);

  test('lists the items below the target at today’s cost, worst first, judged at their lowest price', () => {
    const alerts = findMarginAlerts(items, costs, 30, cad);
    expect(alerts.map((a) => [a.itemId, a.unitPrice, a.minQuantity, a.unitCost, a.marginPct])).toEqual([
      ['c5', 3000, null, 2999, 0.03],
      ['c3', 1000, null, 950, 5],
      ['c2', 1500, 10, 1200, 20],
    ]);
  });

  test('compares in the list’s currency', () => {
    const usd = { baseCurrency: 'CAD', currency: 'USD', rate: 0.75 };
    // 10.00 CAD is 7.50 USD: a 10.00 USD price is a 25 % margin.
    const alerts = findMarginAlerts([item('c1', 1000)], new Map([['component:c1', 10]]), 30, usd);
    expect(alerts.map((a) => [a.unitCost, a.marginPct])).toEqual([[750, 25]]);
    expect(findMarginAlerts([item('c1', 1000)], new Map([['component:c1', 10]]), 25, usd)).toEqual([]);
  });
});
