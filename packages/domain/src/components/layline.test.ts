/** Reading a search the way a layline prints it (layline.ts). */
import { describe, expect, it } from 'vitest';
import {
  adaptorEndPattern,
  type LaylinePart,
  matchesLayline,
  parseLayline,
  standardPattern,
} from './layline.ts';

const hose = (over: Partial<LaylinePart> = {}): LaylinePart => ({
  kind: 'hose',
  partNumber: 'GEN-2SN-08',
  brand: 'GEN',
  description: 'Braided hose',
  series: 'SN',
  dash: -8,
  standard: 'EN853 2SN',
  workingPressurePsi: 4000,
  ...over,
});
const matches = (text: string, part: LaylinePart, seriesDescription?: string) =>
  matchesLayline(parseLayline(text), part, seriesDescription);

describe('parseLayline', () => {
  it('reads a dash with or without the minus, as an inch bore or in mm', () => {
    for (const text of [
      '-8',
      '8',
      '08',
      '\u22128',
      '1/2',
      '1/2"',
      '1/2\u2033',
      '1/2in',
      '12.7mm',
      'dash 8',
    ]) {
      expect(parseLayline(text).map((t) => t.dash)).toEqual([-8]);
    }
    expect(parseLayline('1 1/4')).toEqual([{ text: '1 1/4', dash: -20 }]);
    expect(parseLayline('1-1/4"')[0]?.dash).toBe(-20);
    expect(parseLayline('12.7 mm')).toEqual([{ text: '12.7 mm', dash: -8 }]);
    expect(parseLayline('1"')[0]?.dash).toBe(-16);
  });

  it('leaves numbers that are no dash size as text', () => {
    expect(parseLayline('7')).toEqual([{ text: '7' }]);
    expect(parseLayline('-7')).toEqual([{ text: '-7' }]);
    expect(parseLayline('1')).toEqual([{ text: '1' }]);
    expect(parseLayline('3/32')).toEqual([{ text: '3/32' }]);
  });

  it('reads a number from 500, or with psi, as the working pressure, and bar within a bar', () => {
    expect(parseLayline('4000')).toEqual([{ text: '4000', pressurePsi: { min: 4000, max: 4000 } }]);
    expect(parseLayline('4,000 psi')[0]?.pressurePsi).toEqual({ min: 4000, max: 4000 });
    expect(parseLayline('4000PSI')[0]?.pressurePsi).toEqual({ min: 4000, max: 4000 });
    expect(parseLayline('300 psi')[0]?.pressurePsi).toEqual({ min: 300, max: 300 });
    expect(parseLayline('300')).toEqual([{ text: '300' }]);
    const bar = parseLayline('275 bar')[0]?.pressurePsi;
    // 275 bar is 3989 psi; the same layline prints 4000 psi.
    expect(bar && bar.min <= 3989 && bar.max >= 4000).toBe(true);
    expect(bar && bar.max < 4100).toBe(true);
  });

  it('reads standards in one spelling', () => {
    const standard = (text: string) => parseLayline(text).map((t) => t.standard);
    expect(standard('R2AT 100R2AT SAE100R2AT')).toEqual(['r2at', 'r2at', 'r2at']);
    expect(standard('2SN 4sh 1SC EN853 ISO18752 R13')).toEqual([
      '2sn',
      '4sh',
      '1sc',
      'en853',
      'iso18752',
      'r13',
    ]);
    expect(standard('GEN-2SN-08')).toEqual([undefined]);
  });

  it('reads kind words, and keeps the rest as text', () => {
    expect(parseLayline('Wraps adapter fitting hose ferrule').map((t) => t.kind)).toEqual([
      'wrap',
      'adaptor',
      'crimpFitting',
      'hose',
      'ferrule',
    ]);
    expect(parseLayline('  R2AT   1/2  4000 ')).toEqual([
      { text: 'r2at', standard: 'r2at' },
      { text: '1/2', dash: -8 },
      { text: '4000', pressurePsi: { min: 4000, max: 4000 } },
    ]);
    expect(parseLayline('')).toEqual([]);
  });
});

describe('standardPattern and adaptorEndPattern', () => {
  const finds = (standard: string, text: string) => new RegExp(standardPattern(standard)).test(text);

  it('ignores separators and case but not the number', () => {
    expect(finds('r2at', 'sae j517 100r2at')).toBe(true);
    expect(finds('r2at', 'sae 100 r2 at')).toBe(true);
    expect(finds('r2', 'sae100r2at')).toBe(true);
    expect(finds('r1', 'sae100r12')).toBe(false);
    expect(finds('r1', 'gen-r1-08')).toBe(true);
    expect(finds('en853', 'din en 853 2sn')).toBe(true);
    expect(finds('2sn', 'en853/2sn')).toBe(true);
    expect(finds('2sn', 'en853 1sn')).toBe(false);
    expect(finds('4sh', 'en856 4sp')).toBe(false);
  });

  it('finds a dash in adaptor ends written with a minus or an inch size', () => {
    const finds8 = (ends: string) => new RegExp(adaptorEndPattern(-8)).test(ends);
    expect(finds8('jic37 m -8 orb m -8')).toBe(true);
    expect(finds8('bspp m g1/2 jic37 m -6')).toBe(true);
    expect(finds8('nptf m 1/2 jic37 m -6')).toBe(true);
    expect(finds8('jic37 m -10 orb m -12')).toBe(false);
    expect(new RegExp(adaptorEndPattern(-4)).test('nptf m 1-1/4')).toBe(false);
  });
});

describe('matchesLayline', () => {
  it('needs every term, each by any of its readings', () => {
    expect(matches('2SN -8', hose())).toBe(true);
    expect(matches('2SN -8', hose({ dash: -6, partNumber: 'GEN-2SN-06' }))).toBe(false);
    expect(matches('2SN -8', hose({ standard: 'EN853 1SN', partNumber: 'GEN-1SN-08' }))).toBe(false);
    expect(matches('R2AT 1/2 4000', hose({ standard: 'SAE J517 100R2AT' }))).toBe(true);
    expect(matches('R2AT 1/2 4000', hose({ standard: 'SAE J517 100R2AT', workingPressurePsi: 3500 }))).toBe(
      false,
    );
    expect(matches('275 bar', hose())).toBe(true);
  });

  it('finds a standard with its number whole, even in a part number', () => {
    const r13 = hose({ partNumber: 'GEN-R13-12', standard: 'SAE100R13 / ISO18752 CC', dash: -12 });
    expect(matches('R1', r13)).toBe(false);
    expect(matches('R13', r13)).toBe(true);
    expect(matches('100R13', r13)).toBe(true);
    expect(matches('R1', hose({ partNumber: 'GEN-1SN-04', standard: 'EN853 1SN / SAE100R1AT' }))).toBe(true);
    expect(
      matches('2SN', hose({ partNumber: 'HX-08', standard: undefined, description: 'EN 853-2SN hose' })),
    ).toBe(true);
  });

  it('reads a bare number as a dash or a pressure, or as part of the part number', () => {
    expect(matches('8', hose({ dash: -6, partNumber: 'X-8-Y' }))).toBe(true);
    expect(matches('8', hose({ dash: -6, partNumber: 'X-6' }))).toBe(false);
    expect(matches('4000', hose({ workingPressurePsi: 3000, partNumber: 'HX4000-6' }))).toBe(true);
    expect(matches('4000', hose({ workingPressurePsi: 4800 }))).toBe(false);
  });

  it("finds a fitting or ferrule by its coupling series' standard, never a hose", () => {
    const fitting: LaylinePart = {
      kind: 'crimpFitting',
      partNumber: 'F-SN-08-FJX',
      brand: 'GEN',
      description: 'JIC37 female swivel 0°',
      series: 'SN',
      dash: -8,
      workingPressurePsi: 4500,
    };
    const series = 'Two-piece crimp series for 1SN/2SN braided hose';
    expect(matches('2SN -8', fitting, series)).toBe(true);
    expect(matches('2SN -8', fitting)).toBe(false);
    expect(matches('2SN', hose({ standard: 'EN853 1SN', partNumber: 'GEN-1SN-08' }), series)).toBe(false);
    expect(matches('sn', fitting)).toBe(true);
    expect(matches('F-SN', fitting)).toBe(true);
  });

  it('finds adaptors by their ends and parts by kind words', () => {
    const adaptor: LaylinePart = {
      kind: 'adaptor',
      partNumber: 'A-MNPT08-MJ08',
      brand: 'GEN',
      description: 'Adaptor',
      endA: 'NPTF M 1/2',
      endB: 'JIC37 M -8',
      workingPressurePsi: 3000,
    };
    expect(matches('adaptor -8', adaptor)).toBe(true);
    expect(matches('-12', adaptor)).toBe(false);
    expect(matches('wrap', adaptor)).toBe(false);
    expect(matches('wrap', { kind: 'wrap', partNumber: 'W-1', brand: '', description: 'Nylon sleeve' })).toBe(
      true,
    );
  });
});
