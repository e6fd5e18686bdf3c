/** Hose, fitting and ferrule compatibility: one maker's coupling system, no mixing (compatibility.ts). */
import { describe, expect, it } from 'vitest';
import catalogue from '../../../../apps/server/src/modules/components/sample-catalogue.json' with {
  type: 'json',
};
import {
  checkFerrule,
  checkFitting,
  chooseFerrule,
  type FerruleLike,
  type FittingLike,
  type HoseLike,
  matchParts,
  type SeriesLike,
} from './compatibility.ts';

const hose = (over: Partial<HoseLike> = {}): HoseLike => ({
  partNumber: 'H-SN-08',
  brand: 'GEN',
  series: 'SN',
  dash: -8,
  skive: false,
  active: true,
  workingPressurePsi: 4000,
  ...over,
});
const fitting = (over: Partial<FittingLike> = {}): FittingLike => ({
  partNumber: 'F-SN-08',
  brand: 'GEN',
  series: 'SN',
  dash: -8,
  pieces: 2,
  active: true,
  workingPressurePsi: 4500,
  ...over,
});
const ferrule = (over: Partial<FerruleLike> = {}): FerruleLike => ({
  partNumber: 'FER-SN-08',
  brand: 'GEN',
  series: 'SN',
  dash: -8,
  skive: false,
  active: true,
  ...over,
});
const SERIES: SeriesLike[] = [
  { code: 'SN', brand: 'GEN', skive: false },
  { code: 'XS', brand: 'GEN', skive: true },
];

const codes = (exclusions: { code: string }[]) => exclusions.map((e) => e.code);

describe('a compatible fitting', () => {
  it('a two-piece fitting of the same maker, series and dash fits, with its ferrule', () => {
    const fer = ferrule();
    const result = matchParts({ hose: hose(), fittings: [fitting()], ferrules: [fer], series: SERIES });
    expect(result.series).toEqual(SERIES[0]);
    expect(result.fittings).toEqual([
      { item: fitting(), compatible: true, exclusions: [], ferrule: fer, maxWorkingPressurePsi: 4000 },
    ]);
  });

  it('a one-piece fitting needs no ferrule', () => {
    const result = matchParts({
      hose: hose(),
      fittings: [fitting({ pieces: 1 })],
      ferrules: [],
      series: SERIES,
    });
    expect(result.fittings[0]).toMatchObject({ compatible: true, exclusions: [], ferrule: null });
  });

  it('brand and series compare case-insensitively and trimmed', () => {
    const f = fitting({ brand: ' gen ', series: 'sn ' });
    const fer = ferrule({ brand: 'Gen', series: ' Sn' });
    const result = matchParts({
      hose: hose({ brand: 'GEN ', series: 'SN' }),
      fittings: [f],
      ferrules: [fer],
      series: [{ code: ' sn', brand: 'gen', skive: false }],
    });
    expect(result.fittings[0]).toMatchObject({ compatible: true, ferrule: fer });
    expect(result.ferrules[0]).toMatchObject({ compatible: true, exclusions: [] });
  });
});

describe('brand, series and dash', () => {
  it('another maker is refused', () => {
    expect(
      checkFitting(hose(), fitting({ brand: 'PARKER' }), { series: SERIES, ferrules: [ferrule()] }),
    ).toEqual([{ code: 'brand', message: 'Made by PARKER; this hose is GEN' }]);
  });

  it('another series is refused', () => {
    expect(
      checkFitting(hose(), fitting({ series: 'XS' }), { series: SERIES, ferrules: [ferrule()] }),
    ).toEqual([
      { code: 'series', message: 'Series XS; this hose takes series SN' },
      { code: 'skive', message: 'Series XS is for hose that must be skived; this hose is not skived' },
    ]);
  });

  it('a series of the same code from another maker is a different series', () => {
    const other: SeriesLike[] = [{ code: 'SN', brand: 'PARKER', skive: false }];
    const result = matchParts({ hose: hose(), fittings: [fitting()], ferrules: [ferrule()], series: other });
    expect(result.series).toBeNull();
    expect(codes(result.fittings[0]!.exclusions)).toEqual(['unknown-series']);
  });

  it("the fitting's hose-side dash must equal the hose dash; the refusal names both dash sizes", () => {
    expect(checkFitting(hose(), fitting({ dash: -6 }), { series: SERIES, ferrules: [ferrule()] })).toEqual([
      { code: 'dash', message: 'Dash size -6; this hose is -8' },
    ]);
    const hose6 = hose({ dash: -6 });
    expect(checkFitting(hose6, fitting(), { series: SERIES, ferrules: [ferrule({ dash: -6 })] })).toEqual([
      { code: 'dash', message: 'Dash size -8; this hose is -6' },
    ]);
  });

  it('a missing maker is named as such', () => {
    expect(checkFitting(hose(), fitting({ brand: '' }), { series: SERIES, ferrules: [ferrule()] })).toEqual([
      { code: 'brand', message: 'No maker recorded; this hose is GEN' },
    ]);
  });
});

describe('skive', () => {
  it('a skived hose needs a series for skived hose', () => {
    const skived = hose({ skive: true });
    const result = matchParts({
      hose: skived,
      fittings: [fitting()],
      // Even a skived-hose ferrule in the series does not make the series right for the hose.
      ferrules: [ferrule({ skive: true })],
      series: SERIES,
    });
    expect(result.fittings[0]).toMatchObject({
      compatible: false,
      ferrule: null,
      maxWorkingPressurePsi: null,
    });
    expect(result.fittings[0]!.exclusions).toEqual([
      { code: 'skive', message: 'Series SN is for hose that is not skived; this hose must be skived' },
    ]);
  });

  it('a hose that is not skived needs a series for hose that is not skived', () => {
    const xsHose = hose({ series: 'XS', skive: false });
    const exclusions = checkFitting(xsHose, fitting({ series: 'XS', pieces: 1 }), {
      series: SERIES,
      ferrules: [],
    });
    expect(exclusions).toEqual([
      { code: 'skive', message: 'Series XS is for hose that must be skived; this hose is not skived' },
    ]);
  });

  it('a skived hose in a skive series fits', () => {
    const xsHose = hose({ series: 'XS', skive: true });
    const fer = ferrule({ series: 'XS', skive: true });
    const result = matchParts({
      hose: xsHose,
      fittings: [fitting({ series: 'XS' })],
      ferrules: [fer],
      series: SERIES,
    });
    expect(result.fittings[0]).toMatchObject({ compatible: true, ferrule: fer });
  });

  it("a ferrule's skive must equal the hose's", () => {
    expect(checkFerrule(hose(), ferrule({ skive: true }), { series: SERIES })).toEqual([
      { code: 'skive', message: 'For hose that must be skived; this hose is not skived' },
    ]);
    const wrongSkive = ferrule({ skive: true });
    expect(chooseFerrule(hose(), fitting(), [wrongSkive])).toBeNull();
    expect(codes(checkFitting(hose(), fitting(), { series: SERIES, ferrules: [wrongSkive] }))).toEqual([
      'no-ferrule',
    ]);
  });
});

describe('ferrules', () => {
  it('a two-piece fitting with no ferrule in the library is excluded', () => {
    const result = matchParts({ hose: hose(), fittings: [fitting()], ferrules: [], series: SERIES });
    expect(result.fittings[0]).toEqual({
      item: fitting(),
      compatible: false,
      exclusions: [{ code: 'no-ferrule', message: 'No SN ferrule for -8 hose in the library' }],
      ferrule: null,
      maxWorkingPressurePsi: null,
    });
  });

  it('the chosen ferrule is active, of the hose maker, series and dash, with the hose skive', () => {
    const good = ferrule({ partNumber: 'GOOD' });
    const candidates = [
      ferrule({ partNumber: 'INACTIVE', active: false }),
      ferrule({ partNumber: 'PARKER', brand: 'PARKER' }),
      ferrule({ partNumber: 'XS', series: 'XS' }),
      ferrule({ partNumber: 'DASH6', dash: -6 }),
      ferrule({ partNumber: 'SKIVED', skive: true }),
      good,
      ferrule({ partNumber: 'LATER' }),
    ];
    expect(chooseFerrule(hose(), fitting(), candidates)).toBe(good);
    expect(chooseFerrule(hose(), fitting(), candidates.slice(0, 5))).toBeNull();
  });

  it('a one-piece fitting gets no ferrule even when one exists', () => {
    expect(chooseFerrule(hose(), fitting({ pieces: 1 }), [ferrule()])).toBeNull();
  });

  it('each ferrule is listed with its reasons', () => {
    const result = matchParts({
      hose: hose(),
      fittings: [],
      ferrules: [ferrule({ partNumber: 'A', dash: -6 }), ferrule({ partNumber: 'B' })],
      series: SERIES,
    });
    expect(result.ferrules.map((m) => [m.item.partNumber, m.compatible, m.exclusions])).toEqual([
      ['B', true, []],
      ['A', false, [{ code: 'dash', message: 'Dash size -6; this hose is -8' }]],
    ]);
  });
});

describe('inactive items', () => {
  it('an inactive fitting is excluded', () => {
    expect(
      checkFitting(hose(), fitting({ active: false }), { series: SERIES, ferrules: [ferrule()] }),
    ).toEqual([{ code: 'inactive', message: 'This fitting is marked inactive' }]);
  });

  it('an inactive ferrule is excluded and never chosen', () => {
    const inactive = ferrule({ active: false });
    const result = matchParts({ hose: hose(), fittings: [fitting()], ferrules: [inactive], series: SERIES });
    expect(result.ferrules[0]!.exclusions).toEqual([
      { code: 'inactive', message: 'This ferrule is marked inactive' },
    ]);
    expect(codes(result.fittings[0]!.exclusions)).toEqual(['no-ferrule']);
  });
});

describe('unknown coupling series', () => {
  it('every fitting and ferrule is excluded when the hose series is not known', () => {
    const suHose = hose({ series: 'SU', dash: -24 });
    const result = matchParts({
      hose: suHose,
      fittings: [fitting({ series: 'SU', dash: -24, pieces: 1 }), fitting()],
      ferrules: [ferrule({ series: 'SU', dash: -24 })],
      series: SERIES,
    });
    expect(result.series).toBeNull();
    expect(result.fittings.every((m) => !m.compatible)).toBe(true);
    expect(result.fittings[0]!.exclusions).toEqual([
      { code: 'unknown-series', message: "This hose's series SU is not a known GEN coupling series" },
    ]);
    expect(codes(result.fittings[1]!.exclusions)).toEqual(['series', 'unknown-series', 'dash']);
    expect(codes(result.ferrules[0]!.exclusions)).toEqual(['unknown-series']);
  });
});

describe('all reasons, pressure and order', () => {
  it('lists every reason, not just the first', () => {
    const wrong = fitting({ active: false, brand: 'PARKER', series: 'XS', dash: -6 });
    const series = [...SERIES, { code: 'XS', brand: 'PARKER', skive: true }];
    expect(codes(checkFitting(hose(), wrong, { series, ferrules: [] }))).toEqual([
      'inactive',
      'brand',
      'series',
      'dash',
      'skive',
      'no-ferrule',
    ]);
  });

  it('the working pressure is the lower of hose and fitting', () => {
    const result = matchParts({
      hose: hose({ workingPressurePsi: 4000 }),
      fittings: [
        fitting({ partNumber: 'HIGH', workingPressurePsi: 6000 }),
        fitting({ partNumber: 'LOW', workingPressurePsi: 3000 }),
        fitting({ partNumber: 'SAME', workingPressurePsi: 4000 }),
      ],
      ferrules: [ferrule()],
      series: SERIES,
    });
    expect(result.fittings.map((m) => [m.item.partNumber, m.maxWorkingPressurePsi])).toEqual([
      ['HIGH', 4000],
      ['LOW', 3000],
      ['SAME', 4000],
    ]);
  });

  it('puts compatible fittings first, each group in input order', () => {
    const result = matchParts({
      hose: hose(),
      fittings: [
        fitting({ partNumber: 'X1', dash: -6 }),
        fitting({ partNumber: 'OK1' }),
        fitting({ partNumber: 'X2', brand: 'PARKER' }),
        fitting({ partNumber: 'OK2', pieces: 1 }),
        fitting({ partNumber: 'X3', active: false }),
        fitting({ partNumber: 'OK3' }),
      ],
      ferrules: [ferrule()],
      series: SERIES,
    });
    expect(result.fittings.map((m) => m.item.partNumber)).toEqual(['OK1', 'OK2', 'OK3', 'X1', 'X2', 'X3']);
  });

  it('keeps the caller types and leaves the input alone', () => {
    const fittings = [
      { ...fitting({ partNumber: 'X', dash: -6 }), _id: 'f1' },
      { ...fitting({ partNumber: 'OK' }), _id: 'f2' },
    ];
    const ferrules = [{ ...ferrule(), _id: 'r1' }];
    const result = matchParts({ hose: { ...hose(), _id: 'h1' }, fittings, ferrules, series: SERIES });
    expect(result.hose._id).toBe('h1');
    expect(result.fittings[0]!.item._id).toBe('f2');
    expect(result.fittings[0]!.ferrule?._id).toBe('r1');
    expect(fittings.map((f) => f._id)).toEqual(['f1', 'f2']);
  });
});

describe('the GEN demo catalogue', () => {
  // The catalogue file writes the dash as `hoseDash` and the brand once for all items.
  const brand = catalogue.brand;
  const pieces = (n: number): 1 | 2 => {
    if (n !== 1 && n !== 2) throw new Error(`pieces ${n}`);
    return n;
  };
  const series: SeriesLike[] = catalogue.couplingSeries.map((s) => ({ code: s.code, brand, skive: s.skive }));
  const hoses: HoseLike[] = catalogue.hoses.map((h) => ({
    partNumber: h.partNumber,
    brand,
    series: h.series,
    dash: h.dash,
    skive: h.skive,
    active: true,
    workingPressurePsi: h.workingPressurePsi,
  }));
  const fittings: FittingLike[] = catalogue.crimpFittings.map((f) => ({
    partNumber: f.partNumber,
    brand,
    series: f.series,
    dash: f.hoseDash,
    pieces: pieces(f.pieces),
    active: true,
    workingPressurePsi: f.workingPressurePsi,
  }));
  const ferrules: FerruleLike[] = catalogue.ferrules.map((f) => ({
    partNumber: f.partNumber,
    brand,
    series: f.series,
    dash: f.hoseDash,
    skive: f.skive,
    active: true,
  }));
  const match = (partNumber: string) => {
    const h = hoses.find((x) => x.partNumber === partNumber);
    if (!h) throw new Error(`no hose ${partNumber} in the demo catalogue`);
    return matchParts({ hose: h, fittings, ferrules, series });
  };
  const compatible = (result: ReturnType<typeof match>) => result.fittings.filter((m) => m.compatible);

  it('GEN-2SN-08 takes exactly the SN -8 fittings, each with FER-SN-08', () => {
    const result = match('GEN-2SN-08');
    const ok = compatible(result);
    expect(ok.map((m) => m.item.partNumber)).toEqual([
      'F-SN-08-FJX',
      'F-SN-08-FJX45',
      'F-SN-08-FJX90',
      'F-SN-08-MJ',
      'F-SN-08-FFOR',
      'F-SN-08-FFOR90',
      'F-SN-08-MORB',
      'F-SN-08-FBSPP90',
      'F-SN-08-MBSPP',
      'F-SN-08-MNPT',
      'F-SN-08-DKOL15',
    ]);
    expect(ok.every((m) => m.ferrule?.partNumber === 'FER-SN-08')).toBe(true);
    const psi = (pn: string) => ok.find((m) => m.item.partNumber === pn)?.maxWorkingPressurePsi;
    expect(psi('F-SN-08-FFOR')).toBe(4000);
    expect(psi('F-SN-08-MNPT')).toBe(3000);
    expect(result.ferrules.filter((m) => m.compatible).map((m) => m.item.partNumber)).toEqual(['FER-SN-08']);
    expect(result.fittings.find((m) => m.item.partNumber === 'F-SN-06-FJX')?.exclusions).toEqual([
      { code: 'dash', message: 'Dash size -6; this hose is -8' },
    ]);
  });

  it('GEN-R13-12 takes the XS -12 fittings with FER-XS-12', () => {
    const result = match('GEN-R13-12');
    expect(
      compatible(result).map((m) => [m.item.partNumber, m.ferrule?.partNumber, m.maxWorkingPressurePsi]),
    ).toEqual([['F-XS-12-FJX90', 'FER-XS-12', 3500]]);
    // Same dash, other system: refused for the series and for the skive.
    expect(result.fittings.find((m) => m.item.partNumber === 'F-SN-12-FJX')?.exclusions).toEqual([
      { code: 'series', message: 'Series SN; this hose takes series XS' },
      { code: 'skive', message: 'Series SN is for hose that is not skived; this hose must be skived' },
    ]);
  });

  it('GEN-R4-24 (series SU) takes nothing: its coupling series is unknown', () => {
    const result = match('GEN-R4-24');
    expect(result.series).toBeNull();
    expect(result.fittings).toHaveLength(catalogue.crimpFittings.length);
    expect(compatible(result)).toEqual([]);
    for (const m of result.fittings) {
      expect(m.exclusions).toContainEqual({
        code: 'unknown-series',
        message: "This hose's series SU is not a known GEN coupling series",
      });
    }
    expect(result.ferrules.every((m) => !m.compatible)).toBe(true);
  });
});
