import { afterEach, describe, expect, it } from 'vitest';
import { applyLocale, i18n } from '@/lib/i18n';
import { componentTitle, formatCelsius, formatCost, formatDash, formatRange, toNumber } from './format';

afterEach(() => applyLocale('en_ca'));

describe('how a shop reads component values', () => {
  const t = i18n.t.bind(i18n);

  it('writes dash sizes with their inch size, cost with its unit', () => {
    expect(formatDash(-8)).toBe('-8 (1/2")');
    expect(formatDash(-20)).toBe('-20 (1-1/4")');
    expect(formatDash(-7)).toBe('-7');
    expect(formatCost(t, 4.1, 'ft')).toBe('4.10 / ft');
    expect(formatCost(t, '0.1234', 'm')).toBe('0.1234 / m');
    expect(formatCost(t, 12, 'each')).toBe('12.00 each');
    expect(formatCost(t, null, 'each')).toBe('');
    // With the base currency the costs are kept in, every cost says it.
    expect(formatCost(t, 4.1, 'ft', 'CAD')).toBe('$4.10 / ft');
    expect(formatCost(t, 0.1234, 'm', 'USD')).toBe('US$0.1234 / m');
    expect(formatCost(t, 12, 'each', 'EUR')).toBe('€12.00 each');
    expect(formatRange(t, -40, 100, formatCelsius)).toBe('-40 to 100 °C');
    expect(formatRange(t, undefined, 93, formatCelsius)).toBe('up to 93 °C');
  });

  it('reads numeric strings from numeric columns as numbers', () => {
    expect(toNumber('4.10')).toBe(4.1);
    expect(toNumber('')).toBeNull();
    expect(toNumber('abc')).toBeNull();
  });

  it('titles an item with its part number and brand', () => {
    expect(componentTitle({ partNumber: 'GEN-2SN-08', brand: 'GEN' })).toBe('GEN-2SN-08 - GEN');
    expect(componentTitle({ partNumber: 'C-00042', brand: ' ' })).toBe('C-00042');
  });

  it('spells catalogue and metre by locale', () => {
    expect(i18n.t('components.origin.catalogueFrom', { brand: 'GEN' })).toBe('Catalogue data from GEN');
    expect(i18n.t('components.values.costUnits.m')).toBe('Metre (m)');
    applyLocale('en_us');
    expect(i18n.t('components.origin.catalogueFrom', { brand: 'GEN' })).toBe('Catalog data from GEN');
    expect(i18n.t('components.values.costUnits.m')).toBe('Meter (m)');
    expect(i18n.t('components.list.emptyHelpAdmin', { newLabel: 'New hose' })).toContain(
      'import a catalog file',
    );
  });
});
