/**
 * Units of measure. Lengths are stored in millimetres and pressures in psi; each organisation chooses metric
 * (mm, bar) or imperial (inches, psi), and each user may override it (ADR 16).
 */
import { z } from 'zod';
import type { Locale } from '../constants.ts';

export const UNIT_SYSTEMS = ['metric', 'imperial'] as const;
export type UnitSystem = (typeof UNIT_SYSTEMS)[number];

export const unitSystemSchema = z.enum(UNIT_SYSTEMS, {
  error: 'Choose metric (mm, bar) or imperial (in, psi)',
});

/** The units a user sees: their own choice, else the organisation's, else imperial for en_us and metric otherwise. */
export function effectiveUnitSystem(
  userChoice: UnitSystem | null | undefined,
  organizationChoice: UnitSystem | null | undefined,
  locale: Locale | string,
): UnitSystem {
  return userChoice ?? organizationChoice ?? (locale === 'en_us' ? 'imperial' : 'metric');
}

export function isUnitSystem(value: unknown): value is UnitSystem {
  return typeof value === 'string' && (UNIT_SYSTEMS as readonly string[]).includes(value);
}

/** 1 in = 25.4 mm exactly. */
export const MM_PER_INCH = 25.4;
/** 1 bar = 14.5038 psi. */
export const PSI_PER_BAR = 14.5038;
const PSI_PER_KPA = PSI_PER_BAR / 100;
const PSI_PER_MPA = PSI_PER_BAR * 10;

/** The unit a system shows lengths and pressures in: metric 'mm' and 'bar', imperial 'in' and 'psi'. */
export function unitLabels(system: UnitSystem): { length: 'mm' | 'in'; pressure: 'bar' | 'psi' } {
  return system === 'imperial' ? { length: 'in', pressure: 'psi' } : { length: 'mm', pressure: 'bar' };
}

/** '1234567.5' -> '1,234,567.5' (the grouping the app's English languages share). */
function grouped(value: string): string {
  const [whole = '0', fraction] = value.split('.');
  const withCommas = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction ? `${withCommas}.${fraction}` : withCommas;
}

/** A number with at most `decimals` decimals, trailing zeros dropped: 12.30 -> '12.3'. */
function decimal(value: number, decimals: number, group: boolean): string {
  const factor = 10 ** decimals;
  const rounded = Math.round(Math.abs(value) * factor) / factor;
  const text = rounded
    .toFixed(decimals)
    .replace(/(\.\d*?)0+$/, '$1')
    .replace(/\.$/, '');
  const sign = value < 0 && rounded !== 0 ? '-' : '';
  return sign + (group ? grouped(text) : text);
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/** Inches to the nearest 1/16 with the fraction reduced: 39.375 -> '39-3/8', 0.375 -> '3/8', 40 -> '40'. */
function inchFraction(inches: number, group: boolean): string {
  const sixteenths = Math.round(Math.abs(inches) * 16);
  const whole = Math.floor(sixteenths / 16);
  const rest = sixteenths % 16;
  const sign = inches < 0 && sixteenths !== 0 ? '-' : '';
  const wholeText = group ? grouped(String(whole)) : String(whole);
  if (rest === 0) return sign + wholeText;
  const divisor = gcd(rest, 16);
  const fraction = `${rest / divisor}/${16 / divisor}`;
  return sign + (whole === 0 ? fraction : `${wholeText}-${fraction}`);
}

export interface LengthFormat {
  /** Append the unit ('mm', 'in'); default true. False gives what an input field holds: '39-3/8', '1000'. */
  unit?: boolean;
  /** Thousands separators; default true (false for input fields). */
  group?: boolean;
  /** Imperial only: decimal inches to this many places ('0.875 in') instead of 1/16 fractions, for diameters. */
  inchDecimals?: number;
  /** Metric only: millimetres to this many places instead of 1 ('24.65 mm'), for crimp diameters. */
  mmDecimals?: number;
}

/**
 * A length stored in millimetres as a person reads it: metric '1,000 mm' (to 0.1 mm), imperial '39-3/8 in'
 * (to the nearest 1/16, the fraction reduced) or, with `inchDecimals`, '0.875 in'.
 */
export function formatLength(mm: number, system: UnitSystem, options: LengthFormat = {}): string {
  const group = options.group ?? true;
  const unit = options.unit ?? true;
  if (system === 'imperial') {
    const inches = mm / MM_PER_INCH;
    const text =
      options.inchDecimals !== undefined
        ? decimal(inches, options.inchDecimals, group)
        : inchFraction(inches, group);
    return unit ? `${text} in` : text;
  }
  const text = decimal(mm, options.mmDecimals ?? 1, group);
  return unit ? `${text} mm` : text;
}

export interface PressureFormat {
  /** Append the unit ('psi', 'bar'); default true. */
  unit?: boolean;
  /** Thousands separators; default true (false for input fields). */
  group?: boolean;
}

/** A pressure stored in psi as a person reads it: imperial '4,000 psi', metric '276 bar' (0.1 bar under 100). */
export function formatPressure(psi: number, system: UnitSystem, options: PressureFormat = {}): string {
  const group = options.group ?? true;
  const unit = options.unit ?? true;
  if (system === 'imperial') {
    const text = decimal(psi, 0, group);
    return unit ? `${text} psi` : text;
  }
  const bar = psi / PSI_PER_BAR;
  const text = decimal(bar, Math.abs(bar) >= 100 ? 0 : 1, group);
  return unit ? `${text} bar` : text;
}

/** Why a typed value could not be read; the app words each code in its own language (`units.errors.*`). */
export type UnitParseError = 'empty' | 'unreadable' | 'fractionWithoutInches' | 'zeroDenominator';

export type UnitParseResult =
  | { ok: true; value: number }
  | { ok: false; error: UnitParseError; message: string };

const LENGTH_MESSAGES: Record<UnitParseError, string> = {
  empty: 'Enter a length',
  unreadable: 'Write a length such as 1000 mm, 39-3/8 in or 3 ft 4 in',
  fractionWithoutInches: 'A fraction needs inches: write it as 3/8 in',
  zeroDenominator: 'A fraction cannot be over 0',
};

const PRESSURE_MESSAGES: Record<UnitParseError, string> = {
  empty: 'Enter a pressure',
  unreadable: 'Write a pressure such as 4000 psi or 275 bar',
  fractionWithoutInches: 'Write the pressure as a whole or decimal number',
  zeroDenominator: 'A fraction cannot be over 0',
};

type Amount = { value: number; fraction: boolean } | { error: 'unreadable' | 'zeroDenominator' };

/** '39-3/8', '39 3/8', '3/8', '39.375', '1,000', '.5' -> the number; `fraction` says a '/' was used. */
function readAmount(text: string): Amount {
  const mixed = /^(\d+)(?:\s*-\s*|\s+)(\d+)\s*\/\s*(\d+)$/.exec(text);
  const simple = /^(\d+)\s*\/\s*(\d+)$/.exec(text);
  if (mixed || simple) {
    const [whole, numerator, denominator] = mixed
      ? [Number(mixed[1]), Number(mixed[2]), Number(mixed[3])]
      : [0, Number(simple?.[1]), Number(simple?.[2])];
    if (denominator === 0) return { error: 'zeroDenominator' };
    return { value: whole + numerator / denominator, fraction: true };
  }
  if (/^(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d*)?$|^\.\d+$/.test(text)) {
    return { value: Number(text.replace(/,/g, '')), fraction: false };
  }
  return { error: 'unreadable' };
}

function failure(error: UnitParseError, messages: Record<UnitParseError, string>): UnitParseResult {
  return { ok: false, error, message: messages[error] };
}

const MM_PER: Record<string, number> = {
  mm: 1,
  millimeter: 1,
  millimeters: 1,
  millimetre: 1,
  millimetres: 1,
  cm: 10,
  centimeter: 10,
  centimeters: 10,
  centimetre: 10,
  centimetres: 10,
  m: 1000,
  meter: 1000,
  meters: 1000,
  metre: 1000,
  metres: 1000,
  in: MM_PER_INCH,
  inch: MM_PER_INCH,
  inches: MM_PER_INCH,
  '"': MM_PER_INCH,
  ft: MM_PER_INCH * 12,
  foot: MM_PER_INCH * 12,
  feet: MM_PER_INCH * 12,
  "'": MM_PER_INCH * 12,
};

/** Typographic quotes and primes as the keyboard's own ' and ". */
function normalise(text: string): string {
  return text.trim().toLowerCase().replace(/[″“”]/g, '"').replace(/[′‘’]/g, "'").replace(/''/g, '"');
}

/**
 * A typed length in millimetres (to 0.1 mm, as stored). A bare number is in the system's unit (mm or
 * inches; inches take fractions: '39-3/8', '39 3/8', '3/8', '39.375'); a unit overrides it: '1000 mm',
 * '100 cm', '1 m', '39-3/8 in', '39-3/8"', '3 ft', `3' 4"`, '3 ft 4-1/2 in'.
 */
export function parseLength(text: string, system: UnitSystem): UnitParseResult {
  const input = normalise(text);
  if (!input) return failure('empty', LENGTH_MESSAGES);
  const done = (mm: number): UnitParseResult => ({ ok: true, value: Math.round(mm * 10) / 10 });

  const feetAndInches = /^(.+?)\s*(?:'|ft|foot|feet)\s*(.+?)\s*(?:"|in|inch|inches)?$/.exec(input);
  if (feetAndInches) {
    const feet = readAmount(feetAndInches[1] ?? '');
    const inches = readAmount(feetAndInches[2] ?? '');
    if ('error' in feet) return failure(feet.error, LENGTH_MESSAGES);
    if ('error' in inches) return failure(inches.error, LENGTH_MESSAGES);
    return done((feet.value * 12 + inches.value) * MM_PER_INCH);
  }

  const match = /^(.*?)\s*([a-z]+|"|')?$/.exec(input);
  const unit = match?.[2];
  const amount = readAmount(match?.[1] ?? '');
  if ('error' in amount) return failure(amount.error, LENGTH_MESSAGES);
  if (unit === undefined) {
    if (system === 'metric' && amount.fraction) return failure('fractionWithoutInches', LENGTH_MESSAGES);
    return done(amount.value * (system === 'imperial' ? MM_PER_INCH : 1));
  }
  const factor = MM_PER[unit];
  if (factor === undefined) return failure('unreadable', LENGTH_MESSAGES);
  if (amount.fraction && factor !== MM_PER_INCH && factor !== MM_PER_INCH * 12) {
    return failure('fractionWithoutInches', LENGTH_MESSAGES);
  }
  return done(amount.value * factor);
}

const PSI_PER: Record<string, number> = {
  psi: 1,
  bar: PSI_PER_BAR,
  kpa: PSI_PER_KPA,
  mpa: PSI_PER_MPA,
};

/**
 * A typed pressure in whole psi, as stored. A bare number is in the system's unit (bar or psi); a unit
 * overrides it: '4000 psi', '250 bar', '25 MPa', '1700 kPa'.
 */
export function parsePressure(text: string, system: UnitSystem): UnitParseResult {
  const input = normalise(text);
  if (!input) return failure('empty', PRESSURE_MESSAGES);
  const match = /^(.*?)\s*([a-z]+)?$/.exec(input);
  const unit = match?.[2];
  const amount = readAmount(match?.[1] ?? '');
  if ('error' in amount) return failure(amount.error, PRESSURE_MESSAGES);
  if (amount.fraction) return failure('fractionWithoutInches', PRESSURE_MESSAGES);
  const factor = unit === undefined ? (system === 'imperial' ? 1 : PSI_PER_BAR) : PSI_PER[unit];
  if (factor === undefined) return failure('unreadable', PRESSURE_MESSAGES);
  return { ok: true, value: Math.round(amount.value * factor) };
}

/**
 * What a length field holds for a stored length, written so that reading it back gives the same 0.1 mm:
 * metric '1000.1', imperial '39-3/8' when the fraction is exact, else decimal inches ('39.37').
 */
export function lengthInputText(mm: number, system: UnitSystem): string {
  const fraction = formatLength(mm, system, { unit: false, group: false });
  if (system === 'metric') return fraction;
  const stored = Math.round(mm * 10) / 10;
  const back = parseLength(fraction, system);
  if (back.ok && back.value === stored) return fraction;
  return formatLength(mm, system, { unit: false, group: false, inchDecimals: 3 });
}

/** What a pressure field holds for a stored pressure, reading back as the same whole psi: '4000', '275.79'. */
export function pressureInputText(psi: number, system: UnitSystem): string {
  if (system === 'imperial') return formatPressure(psi, system, { unit: false, group: false });
  const stored = Math.round(psi);
  for (const decimals of [0, 1, 2, 3]) {
    const text = decimal(psi / PSI_PER_BAR, decimals, false);
    const back = parsePressure(text, system);
    if (back.ok && back.value === stored) return text;
  }
  return decimal(psi / PSI_PER_BAR, 4, false);
}
