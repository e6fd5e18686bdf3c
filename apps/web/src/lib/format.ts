import { currentLanguageTag } from './i18n';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A date in the interface language, e.g. "March 4, 2026" (en-US) or "4 March 2026" style by locale. */
export function formatDate(value: string | Date, languageTag: string = currentLanguageTag()): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(languageTag, { year: 'numeric', month: 'long', day: 'numeric' }).format(
    date,
  );
}

/** Whole days from now until the date, rounded up; 0 or less means it has passed. */
export function daysUntil(value: string | Date, now: Date = new Date()): number {
  const date = value instanceof Date ? value : new Date(value);
  return Math.ceil((date.getTime() - now.getTime()) / DAY_MS);
}

export function formatMoney(
  cents: number,
  currency = 'USD',
  languageTag: string = currentLanguageTag(),
): string {
  return new Intl.NumberFormat(languageTag, {
    style: 'currency',
    currency,
    minimumFractionDigits: cents % 100 === 0 ? 0 : 2,
  }).format(cents / 100);
}

export function formatNumber(value: number, languageTag: string = currentLanguageTag()): string {
  return new Intl.NumberFormat(languageTag).format(value);
}
