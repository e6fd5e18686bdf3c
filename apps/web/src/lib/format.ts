/** How figures read in the interface language: dates, numbers and money. */
import { currentLanguageTag } from './i18n';

const DAY_MS = 24 * 60 * 60 * 1000;

const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

/**
 * The formatter for `key`, made once: making one costs far more than using it, and a table or a chart
 * formats hundreds of figures.
 */
function cached<F extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => F): F {
  let format = formatters.get(key);
  if (!format) {
    format = make();
    formatters.set(key, format);
  }
  return format as F;
}

/** The date formatter for a language and options, made once. */
export function dateFormat(
  options: Intl.DateTimeFormatOptions,
  languageTag: string = currentLanguageTag(),
): Intl.DateTimeFormat {
  return cached(
    `date ${languageTag} ${JSON.stringify(options)}`,
    () => new Intl.DateTimeFormat(languageTag, options),
  );
}

/** The number formatter for a language and options, made once. */
export function numberFormat(
  options: Intl.NumberFormatOptions = {},
  languageTag: string = currentLanguageTag(),
): Intl.NumberFormat {
  return cached(
    `number ${languageTag} ${JSON.stringify(options)}`,
    () => new Intl.NumberFormat(languageTag, options),
  );
}

/** A date in the interface language, e.g. "March 4, 2026" (en-US) or "4 March 2026" style by locale. */
export function formatDate(value: string | Date, languageTag: string = currentLanguageTag()): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return dateFormat({ year: 'numeric', month: 'long', day: 'numeric' }, languageTag).format(date);
}

/** 'Nov 2, 2026, 9:14 AM': when something happened, to the minute; nothing for a date that cannot be read. */
export function formatDateTime(value: string, languageTag: string = currentLanguageTag()): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return dateFormat({ dateStyle: 'medium', timeStyle: 'short' }, languageTag).format(date);
}

/** A calendar day in the reader's time zone, `2026-12-01`: today, or `days` from it. */
export function localDay(days = 0, now: Date = new Date()): string {
  const date = new Date(now.getFullYear(), now.getMonth(), now.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Whole days from now until the date, rounded up; 0 or less means it has passed. */
export function daysUntil(value: string | Date, now: Date = new Date()): number {
  const date = value instanceof Date ? value : new Date(value);
  return Math.ceil((date.getTime() - now.getTime()) / DAY_MS);
}

/** 'Nov 21, 2026': a date in a table or beside a figure; nothing for no date or one that cannot be read. */
export function formatShortDate(
  value: string | null | undefined,
  languageTag: string = currentLanguageTag(),
): string {
  const date = value ? new Date(value) : null;
  if (!date || Number.isNaN(date.getTime())) return '';
  return dateFormat({ dateStyle: 'medium' }, languageTag).format(date);
}

/**
 * An amount of money, rounded to the cent: '1,234.50' (two decimals), or in a currency '$1,234.50' ('$42'
 * when whole). No amount (null, or not a number) reads '—'.
 */
export function formatMoney(
  amount: number | null | undefined,
  currency?: string,
  languageTag: string = currentLanguageTag(),
): string {
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return '—';
  const cents = Math.round(amount * 100);
  const options: Intl.NumberFormatOptions = currency
    ? { style: 'currency', currency, minimumFractionDigits: cents % 100 === 0 ? 0 : 2 }
    : { minimumFractionDigits: 2, maximumFractionDigits: 2 };
  return numberFormat(options, languageTag).format(cents / 100);
}

export function formatNumber(value: number, languageTag: string = currentLanguageTag()): string {
  return numberFormat({}, languageTag).format(value);
}
