/**
 * A part searched the way its layline prints it: "2SN -8", "R2AT 1/2 4000", "275 bar", a part number.
 *
 * The text is read as terms (one per word, or a number with its unit: "4000 psi", "1 1/4", "12.7 mm").
 * Every term must match (AND); a term matches a part when any of its readings does (OR):
 * - always: equal to the coupling series; and, unless it is a standard, inside the part number, brand or
 *   description;
 * - a dash size: "-8", "8" (a valid dash), "08", '1/2"', "1/2", "1-1/4", "12.7mm", "dash 8": the part's
 *   dash, or for an adaptor an end written with it ("JIC37 M -8", "NPTF M 1/2", "BSPP M G1/2");
 * - a standard: "2SN", "4SH", "R2AT", "100R2AT", "SAE100R13", "EN853", "ISO18752": the part's standard,
 *   description or part number, case and separators ignored ("EN 853", "100R2AT" holds "R2AT"), the
 *   number whole ("R1" is not "R13", not even inside GEN-R13-12); for a fitting or a ferrule also its
 *   coupling series' description;
 * - a working pressure: a bare number from 500, or with psi, equals the working pressure in psi as printed;
 *   with bar, within one bar of it ("275 bar" finds 4000 psi);
 * - a kind: "hose", "fitting", "ferrule", "adaptor", "wrap" (and their plurals).
 *
 * The server turns the terms into SQL (component lists, global search); `matchesLayline` applies the same
 * rules to parts already in hand (the builder's compatible fittings, adaptors and wraps).
 */
import { PSI_PER_BAR } from '../units/units.ts';
import { type ComponentKind, DASH_SIZES, DASH_VALUES } from './components.ts';

export interface LaylineTerm {
  /** What was typed, lower-case. */
  text: string;
  /** A dash size, stored negative (-8). */
  dash?: number;
  /** A standard in one spelling: 'r2at', '2sn', 'en853', 'iso18752', 'j517'. */
  standard?: string;
  /** Working pressures (psi, inclusive) the term names. */
  pressurePsi?: { min: number; max: number };
  kind?: ComponentKind;
}

/** The smallest bare number read as a pressure in psi: below it a number is a dash or part of a part number. */
const BARE_PRESSURE_MIN_PSI = 500;

const KIND_WORDS: Readonly<Record<string, ComponentKind>> = {
  hose: 'hose',
  hoses: 'hose',
  fitting: 'crimpFitting',
  fittings: 'crimpFitting',
  crimp: 'crimpFitting',
  ferrule: 'ferrule',
  ferrules: 'ferrule',
  adaptor: 'adaptor',
  adaptors: 'adaptor',
  adapter: 'adaptor',
  adapters: 'adaptor',
  wrap: 'wrap',
  wraps: 'wrap',
};

const UNIT_WORDS = new Set(['psi', 'bar', 'mm', '"', 'in']);
const NUMBER = /^\d[\d,]*(?:\.\d+)?$/;

/** The dash of an inch bore as printed: '1/2"', '1/2', '1-1/4', '1"' (a whole inch needs its mark). */
function dashOfInch(text: string): number | undefined {
  const bare = text.replace(/(?:"|in)$/, '');
  if (bare === text && !bare.includes('/')) return undefined;
  return DASH_SIZES.find((d) => d.inch.replace('"', '') === bare)?.dash;
}

function dashOf(token: string): number | undefined {
  const numbered = /^-?(\d{1,2})$/.exec(token);
  if (numbered) {
    const dash = -Number(numbered[1]);
    return DASH_VALUES.includes(dash) ? dash : undefined;
  }
  const mm = /^(\d+(?:\.\d+)?)mm$/.exec(token);
  if (mm) return DASH_SIZES.find((d) => Math.abs(d.mm - Number(mm[1])) < 0.05)?.dash;
  return dashOfInch(token);
}

function pressureOf(token: string): LaylineTerm['pressurePsi'] {
  const psi = /^(\d{1,3}(?:,\d{3})+|\d+)(psi)?$/.exec(token);
  if (psi) {
    const value = Number(psi[1]?.replaceAll(',', ''));
    if (value > 0 && (psi[2] || value >= BARE_PRESSURE_MIN_PSI)) return { min: value, max: value };
    return undefined;
  }
  const bar = /^(\d+(?:\.\d+)?)bar$/.exec(token);
  if (!bar) return undefined;
  const value = Number(bar[1]);
  // A layline prints both, each rounded: 275 bar beside 4000 psi (275.8 bar).
  return { min: Math.ceil((value - 1) * PSI_PER_BAR), max: Math.floor((value + 1) * PSI_PER_BAR) };
}

/** One spelling of a standard: '100R2AT' and 'SAE100R2AT' are 'r2at', '2SN' is '2sn', 'EN853' 'en853'. */
function standardOf(token: string): string | undefined {
  const sae = /^(?:sae)?(?:j517)?(?:100)?(r\d{1,2}[a-z]{0,2})$/.exec(token);
  if (sae) return sae[1];
  if (/^[1-4](?:sn|sc|sp|sh|st|te)$/.test(token)) return token;
  if (/^(?:en\d{3,5}|iso\d{4,5}|j\d{3,4})$/.test(token)) return token;
  return undefined;
}

/**
 * The words of `input`, each with what it may mean. A number keeps its unit ("4000 psi", "12.7 mm"), a
 * whole inch its fraction ("1 1/4") and "dash" its number ("dash 8").
 */
export function parseLayline(input: string): LaylineTerm[] {
  const tokens = input
    .toLowerCase()
    .replace(/[\u2212\u2013\u2014]/g, '-')
    .replace(/[\u2033\u201c\u201d]/g, '"')
    .split(/\s+/)
    .map((t) => t.replace(/[,;]+$/, ''))
    .filter(Boolean);
  const terms: LaylineTerm[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as string;
    const next = tokens[i + 1];
    let text = token;
    let reading = token;
    if (next !== undefined && NUMBER.test(token) && UNIT_WORDS.has(next)) {
      text = `${token} ${next}`;
      reading = `${token}${next}`;
      i++;
    } else if (next !== undefined && /^\d$/.test(token) && dashOfInch(`${token}-${next}`) !== undefined) {
      text = `${token} ${next}`;
      reading = `${token}-${next}`;
      i++;
    } else if (next !== undefined && token === 'dash' && /^-?\d{1,2}$/.test(next)) {
      text = `${token} ${next}`;
      reading = next;
      i++;
    }
    const term: LaylineTerm = { text };
    const dash = dashOf(reading);
    if (dash !== undefined) term.dash = dash;
    const standard = standardOf(reading);
    if (standard) term.standard = standard;
    const pressurePsi = pressureOf(reading);
    if (pressurePsi) term.pressurePsi = pressurePsi;
    const kind = KIND_WORDS[reading];
    if (kind) term.kind = kind;
    terms.push(term);
  }
  return terms;
}

const SEPARATOR = '[ ._/-]?';

/**
 * A regular expression (the same in JavaScript and PostgreSQL) finding a standard in lower-case text:
 * separators allowed where letters meet digits ("en 853", "100r2 at"), and no digit may follow ("r1" is
 * not "r12"). An SAE R number may follow digits ("100r2at"); other standards start a word.
 */
export function standardPattern(standard: string): string {
  const body = standard.replace(/([a-z])(?=\d)|(\d)(?=[a-z])/g, `$1$2${SEPARATOR}`);
  const before = /^r\d/.test(standard) ? '(^|[^a-z])' : '(^|[^a-z0-9])';
  return `${before}${body}($|[^0-9])`;
}

/** A regular expression finding a dash size in an adaptor's ends ("jic37 m -8 orb m -8", "bspp m g1/2"). */
export function adaptorEndPattern(dash: number): string {
  const size = DASH_SIZES.find((d) => d.dash === dash);
  const inch = size ? `|${size.inch.replace('"', '')}"?` : '';
  return `(^|[ g])(-0?${-dash}${inch})($| )`;
}

/** The fields of a part the rules read; the kind's own are absent on the others. */
export interface LaylinePart {
  kind: ComponentKind;
  partNumber: string;
  brand: string;
  description: string;
  series?: string;
  dash?: number;
  standard?: string;
  workingPressurePsi?: number;
  endA?: string;
  endB?: string;
}

/**
 * Whether a part in hand matches every term, by the rules the server applies in SQL. `seriesDescription`
 * is the description of the part's coupling series, when it is known.
 */
export function matchesLayline(
  terms: readonly LaylineTerm[],
  part: LaylinePart,
  seriesDescription = '',
): boolean {
  const text = `${part.partNumber} ${part.brand} ${part.description}`.toLowerCase();
  const standardText = `${part.standard ?? ''} ${part.description} ${part.partNumber}`.toLowerCase();
  const ends = `${part.endA ?? ''} ${part.endB ?? ''}`.toLowerCase();
  const coupled = part.kind === 'crimpFitting' || part.kind === 'ferrule';
  return terms.every((term) => {
    if (term.kind && part.kind === term.kind) return true;
    if (term.dash !== undefined) {
      if (part.dash === term.dash) return true;
      if (part.kind === 'adaptor' && new RegExp(adaptorEndPattern(term.dash)).test(ends)) return true;
    }
    const pressure = term.pressurePsi;
    const psi = part.workingPressurePsi;
    if (pressure && psi !== undefined && psi >= pressure.min && psi <= pressure.max) return true;
    if (part.series !== undefined && part.series.trim().toLowerCase() === term.text) return true;
    if (!term.standard) return text.includes(term.text);
    const standard = new RegExp(standardPattern(term.standard));
    return standard.test(standardText) || (coupled && standard.test(seriesDescription.toLowerCase()));
  });
}
