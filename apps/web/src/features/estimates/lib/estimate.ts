/** How the estimate screens read an estimate: its money, its colours, its days and its files (ADR 21). */
import { type EstimateStatus, minorDigits } from '@hosewright/domain';
import type { EstimateDocument } from '@/api/estimates';
import { formatShortDate, localDay, numberFormat } from '@/lib/format';
import { currentLanguageTag } from '@/lib/i18n';

type ChipColour = 'default' | 'primary' | 'info' | 'warning' | 'success' | 'error';

/** Each status its own colour: what waits on the customer, what was won, what was lost. */
export const STATUS_COLOURS: Readonly<Record<EstimateStatus, ChipColour>> = {
  draft: 'default',
  sent: 'info',
  accepted: 'success',
  declined: 'error',
  expired: 'warning',
};

/**
 * An amount in minor units of `currency` as the reader's language writes it: 123456 CAD -> '$1,234.56'.
 * No amount (null) reads '—'.
 */
export function formatMinor(
  minor: number | null | undefined,
  currency: string,
  languageTag: string = currentLanguageTag(),
): string {
  if (minor === null || minor === undefined || !Number.isFinite(minor)) return '—';
  const digits = minorDigits(currency);
  try {
    return numberFormat(
      { style: 'currency', currency, minimumFractionDigits: digits, maximumFractionDigits: digits },
      languageTag,
    ).format(minor / 10 ** digits);
  } catch {
    // Not an ISO 4217 code: the figure with the code after it.
    return `${(minor / 10 ** digits).toFixed(digits)} ${currency}`;
  }
}

/** The estimate's number with its revision when revised: 'SE-00012 rev 2'. */
export function numberWithRevision(estimate: { number: string; revision: number }, rev: string): string {
  return estimate.revision > 1 ? `${estimate.number} ${rev}` : estimate.number;
}

/** `day` plus `days` calendar days, `2026-12-01` + 30 -> `2026-12-31`. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00`);
  if (Number.isNaN(date.getTime())) return '';
  date.setDate(date.getDate() + days);
  return localDay(0, date);
}

/** A calendar day as the reader's language writes it; read as local midnight so it shows its own day. */
export function formatDay(day: string | null | undefined): string {
  return day ? formatShortDate(`${day}T00:00:00`) : '';
}

/** The name a downloaded estimate is saved under: `SE-00012.pdf`, `SE-00012-rev2.xlsx`. */
export function documentFileName(
  estimate: { number: string; revision: number },
  document: EstimateDocument,
): string {
  const base = estimate.number.replace(/[^\w.-]+/g, '_');
  return `${estimate.revision > 1 ? `${base}-rev${estimate.revision}` : base}.${document}`;
}
