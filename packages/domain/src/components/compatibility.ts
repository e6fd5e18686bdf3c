/**
 * Which crimp fittings and ferrules fit a hose, and why every other one does not.
 * A hose, its fittings and its ferrules must come from one maker's coupling system: same brand, same
 * coupling series, the fitting's hose-side dash equal to the hose's dash, and the skive requirement agreeing.
 * Mixing systems is refused, never only warned: a shop's safety depends on it.
 *
 * Pure functions: the hose builder (web) and the server call them with whatever they loaded.
 */
import type { CouplingSeries, CrimpFitting, Ferrule, Hose } from './components.ts';

export type HoseLike = Pick<
  Hose,
  'partNumber' | 'brand' | 'series' | 'dash' | 'skive' | 'active' | 'workingPressurePsi'
>;
export type FittingLike = Pick<
  CrimpFitting,
  'partNumber' | 'brand' | 'series' | 'dash' | 'pieces' | 'active' | 'workingPressurePsi'
>;
export type FerruleLike = Pick<Ferrule, 'partNumber' | 'brand' | 'series' | 'dash' | 'skive' | 'active'>;
export type SeriesLike = Pick<CouplingSeries, 'code' | 'brand' | 'skive'>;

export const EXCLUSION_CODES = [
  'inactive',
  'brand',
  'series',
  'unknown-series',
  'dash',
  'skive',
  'no-ferrule',
] as const;
export type ExclusionCode = (typeof EXCLUSION_CODES)[number];

/** Why an item cannot be used on the hose. `message` is plain English for the counter, naming the values. */
export interface Exclusion {
  code: ExclusionCode;
  message: string;
}

export interface FittingMatch<F extends FittingLike = FittingLike, R extends FerruleLike = FerruleLike> {
  item: F;
  compatible: boolean;
  /** Every reason the fitting cannot be used; empty when compatible. */
  exclusions: Exclusion[];
  /** The ferrule a two-piece fitting is crimped with; null for a one-piece fitting or an excluded one. */
  ferrule: R | null;
  /** min(hose, fitting) working pressure; null when the fitting is excluded. */
  maxWorkingPressurePsi: number | null;
}

export interface FerruleMatch<R extends FerruleLike = FerruleLike> {
  item: R;
  compatible: boolean;
  exclusions: Exclusion[];
}

export interface PartsMatch<H extends HoseLike, F extends FittingLike, R extends FerruleLike> {
  hose: H;
  /** The hose's coupling series (same code, same maker), or null when it is not in the list. */
  series: SeriesLike | null;
  /** Compatible fittings first; each group keeps the input order. */
  fittings: FittingMatch<F, R>[];
  /** Compatible ferrules first; each group keeps the input order. */
  ferrules: FerruleMatch<R>[];
}

/** Brands and series codes compare trimmed and case-insensitively. */
function same(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

function maker(brand: string): string {
  return brand.trim();
}

/** The coupling series with this code from this maker, or null. */
export function findSeries<S extends SeriesLike>(
  series: readonly S[],
  brand: string,
  code: string,
): S | null {
  return series.find((s) => same(s.code, code) && same(s.brand, brand)) ?? null;
}

function skiveText(skive: boolean): string {
  return skive ? 'hose that must be skived' : 'hose that is not skived';
}

function hoseSkiveText(hose: HoseLike): string {
  return hose.skive ? 'this hose must be skived' : 'this hose is not skived';
}

/** The reasons shared by fittings and ferrules: active, brand, series, known series, dash, series skive. */
function commonExclusions(
  hose: HoseLike,
  item: { brand: string; series: string; dash: number; active: boolean },
  noun: 'fitting' | 'ferrule',
  series: readonly SeriesLike[],
): Exclusion[] {
  const out: Exclusion[] = [];
  if (!item.active) out.push({ code: 'inactive', message: `This ${noun} is marked inactive` });
  if (!same(item.brand, hose.brand)) {
    const by = maker(item.brand) ? `Made by ${maker(item.brand)}` : 'No maker recorded';
    const hoseBy = maker(hose.brand)
      ? `this hose is ${maker(hose.brand)}`
      : 'this hose has no maker recorded';
    out.push({ code: 'brand', message: `${by}; ${hoseBy}` });
  }
  if (!same(item.series, hose.series)) {
    out.push({
      code: 'series',
      message: `Series ${item.series.trim()}; this hose takes series ${hose.series.trim()}`,
    });
  }
  if (!findSeries(series, hose.brand, hose.series)) {
    const of = maker(hose.brand) ? ` ${maker(hose.brand)}` : '';
    out.push({
      code: 'unknown-series',
      message: `This hose's series ${hose.series.trim()} is not a known${of} coupling series`,
    });
  }
  if (item.dash !== hose.dash) {
    out.push({ code: 'dash', message: `Dash size ${item.dash}; this hose is ${hose.dash}` });
  }
  // The skive requirement of the series the item belongs to (its own maker and code) must agree with the hose.
  const own = findSeries(series, item.brand, item.series);
  if (own && own.skive !== hose.skive) {
    out.push({
      code: 'skive',
      message: `Series ${own.code.trim()} is for ${skiveText(own.skive)}; ${hoseSkiveText(hose)}`,
    });
  }
  return out;
}

/**
 * The ferrule a fitting is crimped with on this hose: the first active ferrule (input order) of the hose's
 * maker, series and dash whose skive equals the hose's. Null for a one-piece fitting (it needs none) or
 * when the library holds no such ferrule.
 */
export function chooseFerrule<R extends FerruleLike>(
  hose: HoseLike,
  fitting: Pick<FittingLike, 'pieces'>,
  ferrules: readonly R[],
): R | null {
  if (fitting.pieces !== 2) return null;
  return (
    ferrules.find(
      (f) =>
        f.active &&
        same(f.brand, hose.brand) &&
        same(f.series, hose.series) &&
        f.dash === hose.dash &&
        f.skive === hose.skive,
    ) ?? null
  );
}

/**
 * The ferrules a fitting takes when no hose is chosen yet: the active ferrules (input order) of the fitting's
 * maker, series and dash, and of the skive its coupling series is for when the series is known. None for a
 * one-piece fitting.
 */
export function ferrulesForFitting<R extends FerruleLike>(
  fitting: Pick<FittingLike, 'brand' | 'series' | 'dash' | 'pieces'>,
  ferrules: readonly R[],
  series: readonly SeriesLike[],
): R[] {
  if (fitting.pieces !== 2) return [];
  const own = findSeries(series, fitting.brand, fitting.series);
  return ferrules.filter(
    (f) =>
      f.active &&
      same(f.brand, fitting.brand) &&
      same(f.series, fitting.series) &&
      f.dash === fitting.dash &&
      (!own || f.skive === own.skive),
  );
}

/** Every reason the fitting cannot go on the hose (not just the first); empty when it can. */
export function checkFitting(
  hose: HoseLike,
  fitting: FittingLike,
  context: { series: readonly SeriesLike[]; ferrules: readonly FerruleLike[] },
): Exclusion[] {
  const out = commonExclusions(hose, fitting, 'fitting', context.series);
  if (fitting.pieces === 2 && !chooseFerrule(hose, fitting, context.ferrules)) {
    out.push({
      code: 'no-ferrule',
      message: `No ${hose.series.trim()} ferrule for ${hose.dash} hose in the library`,
    });
  }
  return out;
}

/** Every reason the ferrule cannot go on the hose; empty when it can. */
export function checkFerrule(
  hose: HoseLike,
  ferrule: FerruleLike,
  context: { series: readonly SeriesLike[] },
): Exclusion[] {
  const out = commonExclusions(hose, ferrule, 'ferrule', context.series);
  if (ferrule.skive !== hose.skive) {
    out.push({ code: 'skive', message: `For ${skiveText(ferrule.skive)}; ${hoseSkiveText(hose)}` });
  }
  return out;
}

/** Compatible first, each group in input order. */
function compatibleFirst<T extends { compatible: boolean }>(matches: T[]): T[] {
  return [...matches.filter((m) => m.compatible), ...matches.filter((m) => !m.compatible)];
}

/**
 * Which fittings and ferrules fit the hose, with every reason for every exclusion. A compatible two-piece
 * fitting comes with its chosen ferrule; every compatible fitting with the assembly's maximum working
 * pressure for that end, min(hose, fitting).
 */
export function matchParts<H extends HoseLike, F extends FittingLike, R extends FerruleLike>(input: {
  hose: H;
  fittings: readonly F[];
  ferrules: readonly R[];
  series: readonly SeriesLike[];
}): PartsMatch<H, F, R> {
  const { hose, fittings, ferrules, series } = input;
  const fittingMatches = fittings.map((item): FittingMatch<F, R> => {
    const exclusions = checkFitting(hose, item, { series, ferrules });
    const compatible = exclusions.length === 0;
    return {
      item,
      compatible,
      exclusions,
      ferrule: compatible ? chooseFerrule(hose, item, ferrules) : null,
      maxWorkingPressurePsi: compatible ? Math.min(hose.workingPressurePsi, item.workingPressurePsi) : null,
    };
  });
  const ferruleMatches = ferrules.map((item): FerruleMatch<R> => {
    const exclusions = checkFerrule(hose, item, { series });
    return { item, compatible: exclusions.length === 0, exclusions };
  });
  return {
    hose,
    series: findSeries(series, hose.brand, hose.series),
    fittings: compatibleFirst(fittingMatches),
    ferrules: compatibleFirst(ferruleMatches),
  };
}
