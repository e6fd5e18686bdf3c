/**
 * Exact money for estimates and price lists. Every amount is a safe integer in the minor units of its
 * currency (cents for CAD and USD, yen for JPY, fils for KWD); arithmetic that can leave a fraction (a
 * quantity of 2.5 m, a tax rate of 9.975 %) is done on integers with `BigInt` and rounded once, half away
 * from zero, so a credit (-2.5 cents -> -3) rounds as its sale does (2.5 -> 3).
 */

/** Quantities are kept to 3 decimals (metres of hose, hours of labour): 2.5 m is 2500 thousandths. */
export const QUANTITY_DECIMALS = 3;
const QUANTITY_SCALE = 10 ** QUANTITY_DECIMALS;
/** Percentages (tax rates, margins) are read to 3 decimals: 9.975 % is exact. */
const PCT_SCALE = 1000;

/** Decimal places of the currency's minor unit (2 for CAD, 0 for JPY, 3 for KWD). */
export function minorDigits(currency: string): number {
  const cached = DIGITS.get(currency);
  if (cached !== undefined) return cached;
  let digits = 2;
  try {
    digits =
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ??
      2;
  } catch {
    // Not an ISO 4217 code: cents, as the rest of the app assumes.
  }
  DIGITS.set(currency, digits);
  return digits;
}
const DIGITS = new Map<string, number>();

/** Rounds half away from zero to an integer (2.5 -> 3, -2.5 -> -3), immune to 1.005 * 100 = 100.4999... */
export function roundHalfAwayFromZero(value: number): number {
  const magnitude = Math.abs(value);
  const rounded = Math.round(Number(magnitude.toPrecision(15)));
  return value < 0 ? -rounded : rounded;
}

/** `numerator / denominator` rounded half away from zero, exactly (`denominator` > 0). */
export function divideRounded(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n;
  const magnitude = negative ? -numerator : numerator;
  const quotient = (magnitude * 2n + denominator) / (denominator * 2n);
  return negative ? -quotient : quotient;
}

/** A decimal amount of `currency` (12.345 CAD) in its minor units, half away from zero (1235). */
export function toMinorUnits(amount: number, currency: string): number {
  return roundHalfAwayFromZero(amount * 10 ** minorDigits(currency));
}

/** Minor units back to a decimal amount for display or storage as numeric (1235 CAD -> 12.35). */
export function fromMinorUnits(minor: number, currency: string): number {
  return minor / 10 ** minorDigits(currency);
}

/** A quantity in thousandths (2.5 -> 2500), the scale line totals are computed at. */
export function quantityThousandths(quantity: number): bigint {
  return BigInt(roundHalfAwayFromZero(quantity * QUANTITY_SCALE));
}

/**
 * A line's total: quantity x unit price, rounded half away from zero to the minor unit once per line (the
 * estimate adds rounded lines, so what each line shows adds up to the subtotal shown).
 */
export function extendPrice(quantity: number, unitPrice: number): number {
  return Number(divideRounded(quantityThousandths(quantity) * BigInt(unitPrice), BigInt(QUANTITY_SCALE)));
}

/** `ratePct` % of `amount` (minor units), half away from zero; the rate is read to 3 decimals. */
export function percentOf(amount: number, ratePct: number): number {
  const rate = BigInt(roundHalfAwayFromZero(ratePct * PCT_SCALE));
  return Number(divideRounded(BigInt(amount) * rate, BigInt(100 * PCT_SCALE)));
}

/** `part` as a percentage of `whole`, to 2 decimals half away from zero; null when `whole` is 0. */
export function percentage(part: number, whole: number): number | null {
  if (whole === 0) return null;
  const sign = whole < 0 ? -1n : 1n;
  return Number(divideRounded(BigInt(part) * 10_000n * sign, BigInt(whole) * sign)) / 100;
}
