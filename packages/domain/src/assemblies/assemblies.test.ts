import { describe, expect, test } from 'vitest';
import {
  type AssemblyAdaptor,
  type AssemblyFerrule,
  type AssemblyFitting,
  type AssemblyHose,
  type AssemblyParts,
  type AssemblyWrap,
  assemblyTitle,
  computeAssembly,
  cutLengthMm,
  HOSE_WASTE_ALLOWANCE_PCT,
  hoseAssemblyInputSchema,
  hoseAssemblyListQuerySchema,
  LABOUR_PER_CRIMP,
  measuringPointOf,
  minimumFreeLengthMm,
  nextAssemblyPartNumber,
  nextRevision,
  normalizeSerialId,
  orientationToleranceDeg,
  SERIAL_ID_PATTERN,
  serialsRequestSchema,
} from './assemblies.ts';

// Parts of the GEN sample catalogue (apps/server/src/modules/components/sample-catalogue.json), copied as literals.
const common = { brand: 'GEN', active: true, productGroup: undefined };
const series = [
  { code: 'SN', brand: 'GEN', skive: false },
  { code: 'SP', brand: 'GEN', skive: false },
  { code: 'XS', brand: 'GEN', skive: true },
  { code: 'TP', brand: 'GEN', skive: false },
];
const hose2sn08: AssemblyHose = {
  ...common,
  _id: 'h-2sn-08',
  partNumber: 'GEN-2SN-08',
  description: 'EN853 2SN hose, 12.7 mm ID',
  series: 'SN',
  dash: -8,
  standard: 'EN853 2SN',
  workingPressurePsi: 4000,
  tempMinC: -40,
  tempMaxC: 100,
  minBendRadiusMm: 180,
  skive: false,
  cost: 4.1,
  costUnit: 'ft',
};
const hoseR1312: AssemblyHose = {
  ...common,
  _id: 'h-r13-12',
  partNumber: 'GEN-R13-12',
  description: 'SAE100R13 hose',
  series: 'XS',
  dash: -12,
  workingPressurePsi: 5000,
  tempMinC: -40,
  tempMaxC: 120,
  minBendRadiusMm: 240,
  skive: true,
  cost: 12.5,
  costUnit: 'ft',
};
const fitting = (over: Partial<AssemblyFitting> & Pick<AssemblyFitting, 'partNumber'>): AssemblyFitting => ({
  ...common,
  _id: over.partNumber,
  description: '',
  series: 'SN',
  dash: -8,
  endType: 'JIC37',
  thread: '3/4-16',
  gender: 'F',
  swivel: true,
  angle: 0,
  pieces: 2,
  cutoffMm: 25,
  workingPressurePsi: 4500,
  cost: 2.9,
  costUnit: 'each',
  ...over,
});
const fjx90 = fitting({ partNumber: 'F-SN-08-FJX90', angle: 90, cutoffMm: 55, cost: 5.4 });
const fjx = fitting({ partNumber: 'F-SN-08-FJX' });
const mnpt = fitting({
  partNumber: 'F-SN-08-MNPT',
  endType: 'NPTF',
  gender: 'M',
  swivel: false,
  cutoffMm: 32,
  cost: 2.3,
  workingPressurePsi: 3000,
});
const mj = fitting({ partNumber: 'F-SN-08-MJ', gender: 'M', swivel: false, cutoffMm: 30, cost: 2.5 });
const ffor90 = fitting({
  partNumber: 'F-SN-08-FFOR90',
  endType: 'ORFS',
  angle: 90,
  cutoffMm: 55,
  cost: 6.2,
  workingPressurePsi: 6000,
});
const xs12 = fitting({
  partNumber: 'F-XS-12-FJX90',
  series: 'XS',
  dash: -12,
  angle: 90,
  cutoffMm: 70,
  cost: 12,
  workingPressurePsi: 3500,
});
const banjo = fitting({
  partNumber: 'F-TP-04-BANJO',
  series: 'TP',
  dash: -4,
  endType: 'BANJO-BSPP',
  gender: '-',
  angle: 90,
  pieces: 1,
  cutoffMm: 25,
  cost: 4.5,
  workingPressurePsi: 3000,
});
const fer08: AssemblyFerrule = {
  ...common,
  _id: 'FER-SN-08',
  partNumber: 'FER-SN-08',
  description: 'Ferrule, series SN, -8',
  series: 'SN',
  dash: -8,
  skive: false,
  cost: 1.1,
  costUnit: 'each',
};
const ferXs12: AssemblyFerrule = {
  ...fer08,
  _id: 'FER-XS-12',
  partNumber: 'FER-XS-12',
  series: 'XS',
  dash: -12,
  skive: true,
  cost: 4.6,
};
const adaptorJicOrb: AssemblyAdaptor = {
  ...common,
  _id: 'A-MJ08-MORB08',
  partNumber: 'A-MJ08-MORB08',
  description: 'JIC37 M -8 x ORB M -8',
  endA: 'JIC37 M -8',
  endB: 'ORB M -8',
  angle: 0,
  workingPressurePsi: 4500,
  cost: 2.2,
  costUnit: 'each',
};
const adaptorNpt: AssemblyAdaptor = {
  ...adaptorJicOrb,
  _id: 'A-MNPT08-MJ08',
  partNumber: 'A-MNPT08-MJ08',
  endA: 'NPTF M 1/2',
  endB: 'JIC37 M -8',
  workingPressurePsi: 3000,
  cost: 2.1,
};
const fireSleeve: AssemblyWrap = {
  ...common,
  _id: 'W-FIRE-32',
  partNumber: 'W-FIRE-32',
  description: 'silicone/fibreglass fire sleeve',
  style: 'silicone/fibreglass fire sleeve',
  fitsOdMinMm: 25,
  fitsOdMaxMm: 32,
  tempMaxC: 260,
  cost: 14,
  costUnit: 'm',
};

/** The worked example: GEN-2SN-08, two 90° JIC ends with FER-SN-08, 1000 mm, 90° clockwise. */
function example(): { parts: AssemblyParts; input: Parameters<typeof computeAssembly>[1] } {
  return {
    parts: {
      hose: hose2sn08,
      endA: { fitting: fjx90, ferrule: fer08 },
      endB: { fitting: fjx90, ferrule: fer08 },
      series,
    },
    input: {
      overallLengthMm: 1000,
      lengthMeasuredTo: 'centreline',
      orientationDeg: 90,
      orientationConvention: 'clockwise',
    },
  };
}

describe('the worked example', () => {
  test('1000 mm overall with two 55 mm cut-offs is an 890 mm cut length', () => {
    const { parts, input } = example();
    const result = computeAssembly(parts, input);
    expect(result.cutLengthMm).toBe(890);
    expect(result.errors).toEqual([]);
    expect(result.warnings).toEqual([]);
    expect(cutLengthMm(1000, 55, 55)).toBe(890);
  });

  test('its maximum working pressure is the hose’s 4000 psi, the lowest part', () => {
    const { parts, input } = example();
    const result = computeAssembly(parts, input);
    expect(result.maxWorkingPressurePsi).toBe(4000);
    expect(result.pressureLimitedBy).toEqual({ role: 'hose', partNumber: 'GEN-2SN-08' });
  });
});

describe('rule 1: compatibility is refused, not warned', () => {
  test('a fitting of another series is an error naming both parts and why', () => {
    const { parts, input } = example();
    const result = computeAssembly({ ...parts, endB: { fitting: xs12, ferrule: ferXs12 } }, input);
    const messages = result.errors.map((e) => e.message).join('\n');
    expect(messages).toContain('End B: fitting F-XS-12-FJX90 does not fit hose GEN-2SN-08');
    expect(messages).toContain('Series XS; this hose takes series SN');
    expect(messages).toContain('Dash size -12; this hose is -8');
    expect(result.errors.some((e) => e.path === 'endB.fittingId')).toBe(true);
    expect(result.errors.some((e) => e.path === 'endB.ferruleId')).toBe(true);
  });

  test('a skived hose with a fitting and ferrule of its series is accepted', () => {
    const result = computeAssembly(
      {
        hose: hoseR1312,
        endA: { fitting: xs12, ferrule: ferXs12 },
        endB: { fitting: xs12, ferrule: ferXs12 },
        series,
      },
      {
        overallLengthMm: 800,
        lengthMeasuredTo: 'centreline',
        orientationDeg: 0,
        orientationConvention: 'clockwise',
      },
    );
    expect(result.errors).toEqual([]);
    expect(result.cutLengthMm).toBe(660);
    expect(result.maxWorkingPressurePsi).toBe(3500);
  });

  test('a two-piece fitting without its ferrule is an error', () => {
    const { parts, input } = example();
    const result = computeAssembly({ ...parts, endA: { fitting: fjx90 } }, input);
    expect(result.errors).toEqual([
      {
        code: 'ferrule-missing',
        path: 'endA.ferruleId',
        message: 'End A: fitting F-SN-08-FJX90 is two-piece; choose its ferrule',
      },
    ]);
  });

  test('a one-piece fitting takes no ferrule', () => {
    const hoseR7: AssemblyHose = {
      ...hose2sn08,
      partNumber: 'GEN-R7-04',
      series: 'TP',
      dash: -4,
      workingPressurePsi: 2750,
    };
    const ok = computeAssembly(
      { hose: hoseR7, endA: { fitting: banjo }, endB: { fitting: banjo }, series },
      {
        overallLengthMm: 500,
        lengthMeasuredTo: 'centreline',
        orientationDeg: 180,
        orientationConvention: 'clockwise',
      },
    );
    expect(ok.errors).toEqual([]);
    const bad = computeAssembly(
      { hose: hoseR7, endA: { fitting: banjo, ferrule: fer08 }, endB: { fitting: banjo }, series },
      {
        overallLengthMm: 500,
        lengthMeasuredTo: 'centreline',
        orientationDeg: 180,
        orientationConvention: 'clockwise',
      },
    );
    expect(bad.errors.map((e) => e.code)).toContain('ferrule-not-needed');
  });

  test('an inactive hose is refused', () => {
    const { parts, input } = example();
    const result = computeAssembly({ ...parts, hose: { ...hose2sn08, active: false } }, input);
    expect(result.errors.map((e) => e.message)).toContain('Hose GEN-2SN-08 is marked inactive');
  });
});

describe('rule 2: pressure is the lowest of the hose and every connector', () => {
  test('a 3000 psi NPT fitting limits a 4000 psi hose', () => {
    const result = computeAssembly(
      {
        hose: hose2sn08,
        endA: { fitting: mnpt, ferrule: fer08 },
        endB: { fitting: fjx, ferrule: fer08 },
        series,
      },
      { overallLengthMm: 600, lengthMeasuredTo: 'endOfThread' },
    );
    expect(result.maxWorkingPressurePsi).toBe(3000);
    expect(result.pressureLimitedBy).toEqual({ role: 'endA.fitting', partNumber: 'F-SN-08-MNPT' });
  });

  test('an adaptor counts as a connector', () => {
    const result = computeAssembly(
      {
        hose: hose2sn08,
        endA: { fitting: fjx, ferrule: fer08 },
        endB: { fitting: fjx, ferrule: fer08, adaptor: adaptorNpt },
        series,
      },
      { overallLengthMm: 600, lengthMeasuredTo: 'sealingSurface' },
    );
    expect(result.maxWorkingPressurePsi).toBe(3000);
    expect(result.pressureLimitedBy.role).toBe('endB.adaptor');
  });

  test('an application above the maximum is refused, naming the limiting part', () => {
    const { parts, input } = example();
    const result = computeAssembly(parts, { ...input, application: { workingPressurePsi: 4500, media: '' } });
    expect(result.warnings).toEqual([]);
    expect(result.errors).toEqual([
      {
        code: 'pressure',
        path: 'application.workingPressurePsi',
        message:
          "The application's 4500 psi is above the assembly's maximum working pressure of 4000 psi (set by hose GEN-2SN-08). Choose parts rated for 4500 psi",
      },
    ]);
    // A confirmation cannot let it through: the pressure is not a finding one may accept.
    const confirmed = computeAssembly(parts, {
      ...input,
      application: { workingPressurePsi: 4500, media: '' },
      confirmations: [{ code: 'temperature', reason: 'Checked with the customer' }],
    });
    expect(confirmed.errors.map((e) => e.code)).toEqual(['pressure']);
    // At the rating exactly is fine.
    const atRating = computeAssembly(parts, {
      ...input,
      application: { workingPressurePsi: 4000, media: '' },
    });
    expect(atRating.errors).toEqual([]);
  });

  test('the refusal names a connector that limits the pressure, by its end', () => {
    const result = computeAssembly(
      {
        hose: hose2sn08,
        endA: { fitting: mnpt, ferrule: fer08 },
        endB: { fitting: fjx, ferrule: fer08 },
        series,
      },
      { overallLengthMm: 600, lengthMeasuredTo: 'endOfThread', application: { workingPressurePsi: 3500 } },
    );
    expect(result.errors.map((e) => e.message)).toEqual([
      "The application's 3500 psi is above the assembly's maximum working pressure of 3000 psi (set by End A fitting F-SN-08-MNPT). Choose parts rated for 3500 psi",
    ]);
  });

  test('the messages speak the reader’s units', () => {
    const { parts, input } = example();
    const application = { workingPressurePsi: 4500, bendRadiusMm: 150, media: '' };
    const metric = computeAssembly(parts, { ...input, application }, { units: 'metric' });
    expect(metric.errors.map((w) => w.message)).toEqual([
      "The application's 310 bar is above the assembly's maximum working pressure of 276 bar (set by hose GEN-2SN-08). Choose parts rated for 310 bar",
      "Confirm with a reason before saving: A 150 mm bend is tighter than hose GEN-2SN-08's minimum bend radius of 180 mm",
    ]);
    const imperial = computeAssembly(parts, { ...input, application }, { units: 'imperial' });
    expect(imperial.errors.map((w) => w.message)).toEqual([
      "The application's 4,500 psi is above the assembly's maximum working pressure of 4,000 psi (set by hose GEN-2SN-08). Choose parts rated for 4,500 psi",
      "Confirm with a reason before saving: A 5-7/8 in bend is tighter than hose GEN-2SN-08's minimum bend radius of 7-1/16 in",
    ]);
  });
});

describe('rule 3: length', () => {
  test('a cut length of zero or less is an error', () => {
    const { parts, input } = example();
    const result = computeAssembly(parts, { ...input, overallLengthMm: 110 });
    expect(result.cutLengthMm).toBe(0);
    expect(result.errors.map((e) => e.code)).toEqual(['cut-length']);
    expect(result.errors[0]?.message).toContain('the two fittings take 110 mm');
  });

  test('each end has its measuring point: male end of thread, female sealing surface, elbow centreline', () => {
    expect(measuringPointOf({ fitting: mj })).toBe('endOfThread');
    expect(measuringPointOf({ fitting: fjx })).toBe('sealingSurface');
    expect(measuringPointOf({ fitting: fjx90 })).toBe('centreline');
    expect(measuringPointOf({ fitting: fjx, adaptor: adaptorJicOrb })).toBe('endOfThread');
  });

  test('measuring to a point neither end has is a warning', () => {
    const { parts, input } = example();
    const result = computeAssembly(parts, { ...input, lengthMeasuredTo: 'endOfThread' });
    expect(result.warnings.map((w) => w.code)).toEqual(['measured-to']);
  });
});

describe('rule 4: orientation', () => {
  test('two bent ends need an orientation', () => {
    const { parts } = example();
    const result = computeAssembly(parts, { overallLengthMm: 1000, lengthMeasuredTo: 'centreline' });
    expect(result.bothEndsBent).toBe(true);
    expect(result.errors.map((e) => e.code)).toEqual(['orientation-missing']);
  });

  test('an orientation with a straight end is a warning and has no tolerance', () => {
    const result = computeAssembly(
      {
        hose: hose2sn08,
        endA: { fitting: ffor90, ferrule: fer08 },
        endB: { fitting: fjx, ferrule: fer08 },
        series,
      },
      {
        overallLengthMm: 700,
        lengthMeasuredTo: 'centreline',
        orientationDeg: 45,
        orientationConvention: 'clockwise',
      },
    );
    expect(result.errors).toEqual([]);
    expect(result.warnings.map((w) => w.message)).toEqual([
      'End B is straight, so the orientation does not apply and is not saved',
    ]);
    expect(result.orientationToleranceDeg).toBeNull();
  });

  test('the tolerance is ±3° up to 600 mm and ±5° above', () => {
    expect(orientationToleranceDeg(300)).toBe(3);
    expect(orientationToleranceDeg(600)).toBe(3);
    expect(orientationToleranceDeg(601)).toBe(5);
    const { parts, input } = example();
    expect(computeAssembly(parts, input).orientationToleranceDeg).toBe(5);
    expect(computeAssembly(parts, { ...input, overallLengthMm: 500 }).orientationToleranceDeg).toBe(3);
  });

  test('the input takes the angle and its convention together', () => {
    const base = {
      hoseId: '00000000-0000-4000-8000-000000000001',
      endA: { fittingId: '00000000-0000-4000-8000-000000000002' },
      endB: { fittingId: '00000000-0000-4000-8000-000000000002' },
      overallLengthMm: 1000,
      lengthMeasuredTo: 'centreline',
    };
    expect(hoseAssemblyInputSchema.safeParse({ ...base, orientationDeg: 90 }).error?.issues[0]?.message).toBe(
      'Give the orientation angle and its convention together',
    );
    const ok = hoseAssemblyInputSchema.parse({
      ...base,
      orientationDeg: 90,
      orientationConvention: 'counterClockwise',
    });
    expect(ok.quantity).toBe(1);
    expect(ok.partNumber).toBeUndefined();
    expect(
      hoseAssemblyInputSchema.safeParse({ ...base, lengthMeasuredTo: 'somewhere' }).error?.issues[0]?.message,
    ).toBe('Say where the overall length was measured to: end of thread, sealing surface or centreline');
  });
});

describe('rule 5: safety findings are saved only when confirmed with a reason (ADR 22)', () => {
  test('a temperature outside the hose’s range and a tighter bend need confirming: until then, errors', () => {
    const { parts, input } = example();
    const hot = computeAssembly(parts, {
      ...input,
      application: { tempC: 120, bendRadiusMm: 150, media: 'oil' },
    });
    expect(hot.warnings).toEqual([]);
    expect(hot.findings).toEqual([
      {
        code: 'temperature',
        path: 'application.tempC',
        message: "120 °C is above hose GEN-2SN-08's highest temperature of 100 °C",
        reason: null,
      },
      {
        code: 'bend-radius',
        path: 'application.bendRadiusMm',
        message: "A 150 mm bend is tighter than hose GEN-2SN-08's minimum bend radius of 180 mm",
        reason: null,
      },
    ]);
    expect(hot.errors).toEqual([
      {
        code: 'temperature',
        path: 'application.tempC',
        message:
          "Confirm with a reason before saving: 120 °C is above hose GEN-2SN-08's highest temperature of 100 °C",
      },
      {
        code: 'bend-radius',
        path: 'application.bendRadiusMm',
        message:
          "Confirm with a reason before saving: A 150 mm bend is tighter than hose GEN-2SN-08's minimum bend radius of 180 mm",
      },
    ]);
    const cold = computeAssembly(parts, { ...input, application: { tempC: -50, media: '' } });
    expect(cold.findings?.map((f) => f.message)).toEqual([
      "-50 °C is below hose GEN-2SN-08's lowest temperature of -40 °C",
    ]);
    expect(cold.errors.map((e) => e.code)).toEqual(['temperature']);
  });

  test('each confirmation clears its own finding and carries its reason; the others still refuse', () => {
    const { parts, input } = example();
    const application = { tempC: 120, bendRadiusMm: 150, media: 'oil' };
    const one = computeAssembly(parts, {
      ...input,
      application,
      confirmations: [{ code: 'temperature', reason: 'Short duty near the exhaust, guarded' }],
    });
    expect(one.findings?.map((f) => [f.code, f.reason])).toEqual([
      ['temperature', 'Short duty near the exhaust, guarded'],
      ['bend-radius', null],
    ]);
    expect(one.errors.map((e) => e.code)).toEqual(['bend-radius']);
    const both = computeAssembly(parts, {
      ...input,
      application,
      confirmations: [
        { code: 'temperature', reason: 'Short duty near the exhaust, guarded' },
        { code: 'bend-radius', reason: 'Bend is static, never flexed' },
      ],
    });
    expect(both.errors).toEqual([]);
    // A confirmation of a finding that does not arise changes nothing.
    const fine = computeAssembly(parts, {
      ...input,
      confirmations: [{ code: 'free-length', reason: 'Not needed' }],
    });
    expect(fine.findings).toEqual([]);
    expect(fine.errors).toEqual([]);
  });

  test('a temperature above the wrap’s is a finding of its own', () => {
    const { parts, input } = example();
    const spiral: AssemblyWrap = { ...fireSleeve, partNumber: 'W-SPIRAL-25', tempMaxC: 80 };
    const result = computeAssembly({ ...parts, wrap: spiral }, { ...input, application: { tempC: 90 } });
    expect(result.findings?.map((f) => [f.code, f.message])).toEqual([
      ['wrap-temperature', "90 °C is above wrap W-SPIRAL-25's highest temperature of 80 °C"],
    ]);
    expect(result.errors.map((e) => e.code)).toEqual(['wrap-temperature']);
    const confirmed = computeAssembly(
      { ...parts, wrap: spiral },
      {
        ...input,
        application: { tempC: 90 },
        confirmations: [{ code: 'wrap-temperature', reason: 'Guard only over the cool run' }],
      },
    );
    expect(confirmed.errors).toEqual([]);
    expect(confirmed.findings?.[0]?.reason).toBe('Guard only over the cool run');
  });

  test('a cut length below the minimum free length of the hose’s dash needs confirming', () => {
    expect(minimumFreeLengthMm(-4)).toBe(82);
    expect(minimumFreeLengthMm(-8)).toBe(114);
    expect(minimumFreeLengthMm(-12)).toBe(146);
    expect(minimumFreeLengthMm(-16)).toBe(177);
    expect(minimumFreeLengthMm(-32)).toBe(304);
    const { parts, input } = example();
    // 220 mm overall less two 55 mm cut-offs: 110 mm of -8 hose, below its 114 mm.
    const short = computeAssembly(parts, { ...input, overallLengthMm: 220 });
    expect(short.cutLengthMm).toBe(110);
    expect(short.findings).toEqual([
      {
        code: 'free-length',
        path: 'overallLengthMm',
        message: 'The 110 mm cut length is below the minimum free length of 114 mm for -8 hose GEN-2SN-08',
        reason: null,
      },
    ]);
    expect(short.errors.map((e) => e.code)).toEqual(['free-length']);
    expect(computeAssembly(parts, { ...input, overallLengthMm: 224 }).findings).toEqual([]);
    const confirmed = computeAssembly(parts, {
      ...input,
      overallLengthMm: 220,
      confirmations: [{ code: 'free-length', reason: 'Customer’s drawing; fitted straight' }],
    });
    expect(confirmed.errors).toEqual([]);
    // No hose left at all stays an error no confirmation clears.
    const none = computeAssembly(parts, {
      ...input,
      overallLengthMm: 110,
      confirmations: [{ code: 'free-length', reason: 'Customer’s drawing' }],
    });
    expect(none.errors.map((e) => e.code)).toEqual(['cut-length']);
  });

  test('the input takes each confirmation once, with a reason of 3 to 500 characters', () => {
    const base = {
      hoseId: '00000000-0000-4000-8000-000000000001',
      endA: { fittingId: '00000000-0000-4000-8000-000000000002' },
      endB: { fittingId: '00000000-0000-4000-8000-000000000002' },
      overallLengthMm: 1000,
      lengthMeasuredTo: 'centreline',
    };
    expect(hoseAssemblyInputSchema.parse(base).confirmations).toEqual([]);
    expect(
      hoseAssemblyInputSchema.parse({
        ...base,
        confirmations: [{ code: 'temperature', reason: '  Short duty  ' }],
      }).confirmations,
    ).toEqual([{ code: 'temperature', reason: 'Short duty' }]);
    const message = (confirmations: unknown) =>
      hoseAssemblyInputSchema.safeParse({ ...base, confirmations }).error?.issues[0]?.message;
    expect(message([{ code: 'temperature', reason: ' ok ' }])).toBe(
      'Give the reason for the confirmation in at least 3 characters',
    );
    expect(message([{ code: 'temperature', reason: 'x'.repeat(501) }])).toBe(
      'The reason must be at most 500 characters',
    );
    expect(message([{ code: 'pressure', reason: 'Trust me' }])).toBe(
      'Say which finding is confirmed: temperature, wrap-temperature, bend-radius or free-length',
    );
    expect(
      message([
        { code: 'temperature', reason: 'Short duty' },
        { code: 'temperature', reason: 'Again' },
      ]),
    ).toBe('Confirm each finding once');
  });
});

describe('costs and price', () => {
  test('the roll-up: hose per foot × cut length plus waste, fittings, ferrules, wrap per metre, labour per crimp', () => {
    const { parts, input } = example();
    const result = computeAssembly(
      { ...parts, wrap: fireSleeve },
      { ...input, wrap: { wrapId: 'W-FIRE-32', lengthMm: 500 } },
    );
    const hoseCost = (4.1 / 304.8) * 890 * (1 + HOSE_WASTE_ALLOWANCE_PCT / 100);
    const expected = hoseCost + 2 * 5.4 + 2 * 1.1 + 0.5 * 14 + 2 * LABOUR_PER_CRIMP;
    expect(result.costs.unitCost).toBeCloseTo(expected, 2);
    expect(result.costs.lines.map((l) => l.role)).toEqual([
      'hose',
      'endA.fitting',
      'endA.ferrule',
      'endB.fitting',
      'endB.ferrule',
      'wrap',
      'labour',
    ]);
    expect(result.wrapLengthMm).toBe(500);
  });

  test('the wrap defaults to the live (cut) length', () => {
    const { parts, input } = example();
    const result = computeAssembly({ ...parts, wrap: fireSleeve }, input);
    expect(result.wrapLengthMm).toBe(890);
  });

  test('the sell price follows the customer’s margin then discount; default margin otherwise', () => {
    const { parts, input } = example();
    const plain = computeAssembly(parts, { ...input, quantity: 3 });
    expect(plain.costs.marginPct).toBe(30);
    expect(plain.costs.unitPrice).toBeCloseTo(plain.costs.unitCost / 0.7, 1);
    expect(plain.costs.totalPrice).toBeCloseTo(plain.costs.unitPrice * 3, 2);
    const terms = computeAssembly(parts, input, { terms: { marginPct: 50, discountPct: 10 } });
    expect(terms.costs.unitPrice).toBeCloseTo((terms.costs.unitCost / 0.5) * 0.9, 1);
    expect(terms.costs.discountPct).toBe(10);
  });

  test('a part without a cost is named and left out', () => {
    const { parts, input } = example();
    const result = computeAssembly(
      { ...parts, endA: { fitting: { ...fjx90, cost: null }, ferrule: fer08 } },
      input,
    );
    expect(result.costs.missingCosts).toEqual(['F-SN-08-FJX90']);
    expect(result.warnings.map((w) => w.code)).toEqual(['cost-missing']);
  });
});

describe('adaptors', () => {
  test('an adaptor that does not mate with its fitting is a warning', () => {
    const result = computeAssembly(
      {
        hose: hose2sn08,
        endA: { fitting: mj, ferrule: fer08, adaptor: adaptorJicOrb },
        endB: { fitting: fjx, ferrule: fer08 },
        series,
      },
      { overallLengthMm: 600, lengthMeasuredTo: 'endOfThread' },
    );
    expect(result.warnings.map((w) => w.code)).toEqual(['adaptor-mismatch']);
    const ok = computeAssembly(
      {
        hose: hose2sn08,
        endA: { fitting: fjx, ferrule: fer08, adaptor: adaptorJicOrb },
        endB: { fitting: fjx, ferrule: fer08 },
        series,
      },
      { overallLengthMm: 600, lengthMeasuredTo: 'endOfThread' },
    );
    expect(ok.warnings).toEqual([]);
  });
});

describe('part numbers, revisions and serials', () => {
  test('the next part number follows the organisation’s pattern', () => {
    expect(nextAssemblyPartNumber('HA-{0000}', [])).toBe('HA-0001');
    expect(nextAssemblyPartNumber('HA-{0000}', ['HA-0007', 'HA-0002', 'OTHER-9'])).toBe('HA-0008');
  });

  test('revisions run A, B, … Z, AA; the title joins them with the delimiter', () => {
    expect(nextRevision('A')).toBe('B');
    expect(nextRevision('Z')).toBe('AA');
    expect(nextRevision('AZ')).toBe('BA');
    expect(assemblyTitle('C-00042', 'B')).toBe('C-00042_B');
    expect(assemblyTitle('C-00042', 'B', '-')).toBe('C-00042-B');
  });

  test('a typed serial is read the way a person means it', () => {
    expect(normalizeSerialId(' 0o1l-abcd ef ')).toBe('0011ABCDEF');
    expect(SERIAL_ID_PATTERN.test('0011ABCDEF')).toBe(true);
    expect(SERIAL_ID_PATTERN.test('0011ABCDEU')).toBe(false);
    expect(serialsRequestSchema.parse({}).quantity).toBe(1);
  });

  test('list filters parse from the URL', () => {
    const q = hoseAssemblyListQuerySchema.parse({
      dash: '-8,-12',
      endType: 'JIC37',
      createdFrom: '2026-01-01',
    });
    expect(q).toMatchObject({ dash: [-8, -12], endType: ['JIC37'], sort: 'createdAt', order: 'desc' });
    // Lenient as clients expect: a positive dash is the stored negative one; an unknown sort, the default.
    expect(
      hoseAssemblyListQuerySchema.parse({ dash: '8', sort: 'price', order: 'ASC', page: '0' }),
    ).toMatchObject({
      dash: [-8],
      sort: 'createdAt',
      order: 'asc',
      page: 1,
      itemsPerPage: 25,
    });
    expect(hoseAssemblyListQuerySchema.safeParse({ dash: 'large' }).error?.issues[0]?.message).toBe(
      'dash must be dash sizes such as -8; large is not one',
    );
    expect(hoseAssemblyListQuerySchema.safeParse({ createdTo: 'soon' }).error?.issues[0]?.message).toBe(
      'createdTo must be a date such as 2026-01-31',
    );
  });
});
