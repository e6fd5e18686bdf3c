/**
 * How a shop reads component values: dash with its inch size ("-8 (1/2")"), temperatures in °C and cost with
 * its unit ("4.10 / ft"). Lengths and pressures are in the reader's units (`useUnits`).
 */
import { type CostUnit, DASH_SIZES, END_TYPES } from '@hosewright/domain';
import type { TFunction } from 'i18next';
import { formatNumber, numberFormat } from '@/lib/format';
import { currentLanguageTag } from '@/lib/i18n';

/** A value from the API may be null or, for numeric columns, a numeric string; both read as numbers here. */
export function toNumber(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : null;
}

export function dashInch(dash: number): string | undefined {
  return DASH_SIZES.find((d) => d.dash === dash)?.inch;
}

/** -8 -> '-8 (1/2")'. */
export function formatDash(dash: unknown): string {
  const n = toNumber(dash);
  if (n === null) return '';
  const inch = dashInch(n);
  return inch ? `${n} (${inch})` : String(n);
}

export function formatCelsius(value: unknown): string {
  const n = toNumber(value);
  return n === null ? '' : `${formatNumber(n)} °C`;
}

export function endTypeLabel(code: unknown): string {
  if (typeof code !== 'string' || !code) return '';
  return END_TYPES.find((e) => e.code === code)?.label ?? code;
}

/** Cost amounts keep 2 to 4 decimals: 4.1 -> '4.10', 0.1234 -> '0.1234'. */
export function formatAmount(value: number, languageTag: string = currentLanguageTag()): string {
  return numberFormat({ minimumFractionDigits: 2, maximumFractionDigits: 4 }, languageTag).format(value);
}

/**
 * 'CA$4.10 / ft', 'CA$12.00 each' in the base currency costs are kept in (`currency`; without it, the amount
 * alone: '4.10 / ft'); empty when there is no cost.
 */
export function formatCost(
  t: TFunction,
  cost: unknown,
  unit: CostUnit | string | undefined,
  currency?: string,
): string {
  const n = toNumber(cost);
  if (n === null) return '';
  const amount = currency
    ? numberFormat({
        style: 'currency',
        currency,
        minimumFractionDigits: 2,
        maximumFractionDigits: 4,
      }).format(n)
    : formatAmount(n);
  if (!unit || unit === 'each') return t('components.values.costEach', { amount });
  return t('components.values.costPer', { amount, unit });
}

export function formatAngle(t: TFunction, angle: unknown): string {
  const n = toNumber(angle);
  if (n === null) return '';
  return n === 0 ? t('components.values.straight') : `${n}°`;
}

export function formatYesNo(t: TFunction, value: unknown): string {
  if (typeof value !== 'boolean') return '';
  return value ? t('components.values.yes') : t('components.values.no');
}

export function formatGender(t: TFunction, gender: unknown): string {
  if (gender === 'M') return t('components.values.male');
  if (gender === 'F') return t('components.values.female');
  if (gender === '-') return t('components.values.noGender');
  return '';
}

export function formatPieces(t: TFunction, pieces: unknown): string {
  if (pieces === 1) return t('components.values.onePiece');
  if (pieces === 2) return t('components.values.twoPiece');
  return '';
}

/** '-40 to 100 °C', 'from -40 °C', 'up to 100 °C'. */
export function formatRange(t: TFunction, min: unknown, max: unknown, unit: (v: unknown) => string): string {
  const low = toNumber(min);
  const high = toNumber(max);
  if (low !== null && high !== null) {
    return t('components.values.range', { min: formatNumber(low), max: unit(high) });
  }
  if (low !== null) return t('components.values.from', { value: unit(low) });
  if (high !== null) return t('components.values.upTo', { value: unit(high) });
  return '';
}

/** 'GEN-2SN-08 - GEN': the part number, plus ' - brand' when a brand exists. */
export function componentTitle(component: { partNumber: string; brand?: string | null }): string {
  const brand = component.brand?.trim();
  return brand ? `${component.partNumber} - ${brand}` : component.partNumber;
}
