/**
 * Prices of a price list on screen: integers in the minor units of the list's currency (ADR 21, `money.ts`),
 * shown with the currency's own decimals ('$11.00', '¥1,100') and typed as decimals ('11', '11.5').
 */
import { fromMinorUnits, minorDigits, toMinorUnits } from '@hosewright/domain';
import { numberFormat } from '@/lib/format';

/** 1100 CAD -> '$11.00'; no amount reads '—'. */
export function formatPrice(minor: number | null | undefined, currency: string): string {
  if (minor === null || minor === undefined || !Number.isFinite(minor)) return '—';
  const digits = minorDigits(currency);
  try {
    return numberFormat({
      style: 'currency',
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    }).format(fromMinorUnits(minor, currency));
  } catch {
    // Not an ISO 4217 code: the amount with the code after it.
    return `${fromMinorUnits(minor, currency).toFixed(digits)} ${currency}`;
  }
}

/** A price as it is typed in a field: 1100 CAD -> '11.00'. */
export function priceText(minor: number, currency: string): string {
  return fromMinorUnits(minor, currency).toFixed(minorDigits(currency));
}

/**
 * A typed price in minor units ('11.5' CAD -> 1150); '' -> null; text that is not a number stays text, so
 * the contract's own message says what is wrong.
 */
export function minorOrText(text: string, currency: string): number | string | null {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return null;
  const n = Number(trimmed);
  return Number.isFinite(n) ? toMinorUnits(n, currency) : trimmed;
}

/** A quantity break as a person reads it: '10+: $11.00'. */
export function breakText(minQuantity: number, unitPrice: number, currency: string): string {
  return `${numberFormat().format(minQuantity)}+: ${formatPrice(unitPrice, currency)}`;
}

/** A margin or a change in percent: 12.5 -> '12.5%'; null -> '—'. */
export function formatPct(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  return `${numberFormat({ maximumFractionDigits: 2 }).format(value)}%`;
}
