/**
 * Server-shaped answers for the assemblies web tests: the worked example (GEN-2SN-08 hose, two
 * 90° JIC ends with 55 mm cut-off each, 1000 mm overall: 890 mm cut length). Only tests import this file.
 */
import {
  type AssemblyParts,
  type CompatiblePartsAnswer,
  type CrimpFitting,
  computeAssembly,
  type Ferrule,
  type Hose,
  type HoseAssembly,
  type HoseAssemblyComputeResponse,
  type HoseAssemblyInputDraft,
  type PublicAssembly,
} from '@hosewright/domain';

const STAMP = '2026-05-01T12:00:00.000Z';

export function createHose(overrides: Partial<Hose> = {}): Hose {
  return {
    _id: 'hose-1',
    kind: 'hose',
    origin: 'custom',
    sample: true,
    partNumber: 'GEN-2SN-08',
    brand: 'GEN',
    description: 'Two-wire braid hose, EN853 2SN',
    cost: 4.1,
    costUnit: 'ft',
    active: true,
    productGroup: undefined,
    supplier: undefined,
    series: 'SN',
    dash: -8,
    standard: 'EN853 2SN',
    workingPressurePsi: 4000,
    burstPressurePsi: 16000,
    tempMinC: -40,
    tempMaxC: 100,
    minBendRadiusMm: 180,
    skive: false,
    createdAt: STAMP,
    updatedAt: STAMP,
    ...overrides,
  };
}

export function createFitting(overrides: Partial<CrimpFitting> = {}): CrimpFitting {
  return {
    _id: 'fit-90',
    kind: 'crimpFitting',
    origin: 'custom',
    sample: true,
    partNumber: 'F-SN-08-FJX90',
    brand: 'GEN',
    description: 'Female JIC 37° swivel, 90° elbow',
    cost: 4.5,
    costUnit: 'each',
    active: true,
    productGroup: undefined,
    supplier: undefined,
    series: 'SN',
    dash: -8,
    endType: 'JIC37',
    thread: '3/4-16',
    gender: 'F',
    swivel: true,
    angle: 90,
    pieces: 2,
    cutoffMm: 55,
    workingPressurePsi: 5000,
    createdAt: STAMP,
    updatedAt: STAMP,
    ...overrides,
  };
}

export function createFerrule(overrides: Partial<Ferrule> = {}): Ferrule {
  return {
    _id: 'fer-1',
    kind: 'ferrule',
    origin: 'custom',
    sample: true,
    partNumber: 'FER-SN-08',
    brand: 'GEN',
    description: 'Ferrule for 2SN hose',
    cost: 1.1,
    costUnit: 'each',
    active: true,
    productGroup: undefined,
    supplier: undefined,
    series: 'SN',
    dash: -8,
    skive: false,
    createdAt: STAMP,
    updatedAt: STAMP,
    ...overrides,
  };
}

/** The example hose: the 90° and the straight JIC fittings fit; a -12 ORFS and another maker's do not. */
export function createCompatibleParts(): CompatiblePartsAnswer {
  const hose = createHose();
  const ferrule = createFerrule();
  const elbow = createFitting();
  const straight = createFitting({ _id: 'fit-0', partNumber: 'F-SN-08-FJX', angle: 0, cutoffMm: 30 });
  const wrongDash = createFitting({ _id: 'fit-12', partNumber: 'F-SN-12-FORX', endType: 'ORFS', dash: -12 });
  const otherMaker = createFitting({
    _id: 'fit-acme',
    partNumber: 'P-43-08-FJX',
    brand: 'Acme',
    series: '43',
  });
  return {
    hose,
    series: {
      _id: 'series-sn',
      code: 'SN',
      brand: 'GEN',
      description: 'GEN 2SN couplings',
      skive: false,
      origin: 'catalogue',
    },
    fittings: [
      { item: elbow, compatible: true, exclusions: [], ferrule, maxWorkingPressurePsi: 4000 },
      { item: straight, compatible: true, exclusions: [], ferrule, maxWorkingPressurePsi: 4000 },
      {
        item: wrongDash,
        compatible: false,
        exclusions: [{ code: 'dash', message: 'Dash size -12; this hose is -8' }],
        ferrule: null,
        maxWorkingPressurePsi: null,
      },
      {
        item: otherMaker,
        compatible: false,
        exclusions: [{ code: 'brand', message: 'Made by Acme; this hose is GEN' }],
        ferrule: null,
        maxWorkingPressurePsi: null,
      },
    ],
    ferrules: [{ item: ferrule, compatible: true, exclusions: [] }],
  };
}

function exampleParts(endBFittingId = 'fit-90'): AssemblyParts {
  const c = createCompatibleParts();
  const end = { fitting: createFitting(), ferrule: createFerrule(), adaptor: null };
  const endB = { ...end, fitting: c.fittings.find((f) => f.item._id === endBFittingId)?.item ?? end.fitting };
  return { hose: c.hose, endA: end, endB, wrap: null, series: c.series ? [c.series] : [] };
}

const summary = (p: Hose | CrimpFitting | Ferrule) => ({
  _id: p._id,
  kind: p.kind,
  partNumber: p.partNumber,
  brand: p.brand,
  description: p.description,
  ...('dash' in p ? { dash: p.dash } : {}),
  ...(p.kind === 'crimpFitting'
    ? { endType: p.endType, gender: p.gender, angle: p.angle, pieces: p.pieces, cutoffMm: p.cutoffMm }
    : {}),
});

function examplePartsSummary(): HoseAssembly['parts'] {
  const end = { fitting: summary(createFitting()), ferrule: summary(createFerrule()), adaptor: null };
  return { hose: summary(createHose()), endA: end, endB: end, wrap: null } as HoseAssembly['parts'];
}

/** What the server's compute answers for the example at `overallLengthMm` (End B: the elbow or `endB`). */
export function createComputeResponse(
  overallLengthMm = 1000,
  orientationDeg?: number,
  endBFittingId = 'fit-90',
): HoseAssemblyComputeResponse {
  const computation = computeAssembly(
    exampleParts(endBFittingId),
    {
      overallLengthMm,
      lengthMeasuredTo: 'centreline',
      ...(orientationDeg !== undefined
        ? { orientationDeg, orientationConvention: 'clockwise' as const }
        : {}),
    },
    {},
  );
  return {
    ...computation,
    partNumber: 'HA-0001',
    revision: 'A',
    title: 'HA-0001_A',
    parts: examplePartsSummary(),
  };
}

/**
 * What the server's compute answers for a draft of the example's parts, as it computes it: the draft's
 * lengths, application figures and confirmations, in metric units (the test users' own).
 */
export function computeResponseFor(draft: HoseAssemblyInputDraft): HoseAssemblyComputeResponse {
  const computation = computeAssembly(
    exampleParts(draft.endB?.fittingId),
    {
      overallLengthMm: draft.overallLengthMm,
      lengthMeasuredTo: draft.lengthMeasuredTo ?? 'centreline',
      orientationDeg: draft.orientationDeg ?? undefined,
      orientationConvention: draft.orientationConvention ?? undefined,
      application: draft.application
        ? {
            workingPressurePsi: draft.application.workingPressurePsi ?? undefined,
            tempC: draft.application.tempC ?? undefined,
            bendRadiusMm: draft.application.bendRadiusMm ?? undefined,
          }
        : undefined,
      confirmations: draft.confirmations ?? [],
    },
    { units: 'metric' },
  );
  return {
    ...computation,
    partNumber: 'HA-0001',
    revision: 'A',
    title: 'HA-0001_A',
    parts: examplePartsSummary(),
  };
}

export function createAssembly(overrides: Partial<HoseAssembly> = {}): HoseAssembly {
  const computed = createComputeResponse(1000, 90);
  return {
    _id: 'asm-1',
    partNumber: 'HA-0001',
    revision: 'A',
    title: 'HA-0001_A',
    latest: true,
    description: 'Boom cylinder',
    notes: '',
    customerId: null,
    customerName: null,
    spec: {
      hoseId: 'hose-1',
      endA: { fittingId: 'fit-90', ferruleId: 'fer-1' },
      endB: { fittingId: 'fit-90', ferruleId: 'fer-1' },
      overallLengthMm: 1000,
      lengthMeasuredTo: 'centreline',
      orientationDeg: 90,
      orientationConvention: 'clockwise',
      quantity: 1,
      description: 'Boom cylinder',
      notes: '',
      partNumber: 'HA-0001',
    },
    computed,
    parts: examplePartsSummary(),
    revisions: [
      {
        _id: 'asm-1',
        revision: 'A',
        title: 'HA-0001_A',
        latest: true,
        createdAt: STAMP,
        createdByName: 'Casey Clerk',
      },
    ],
    serials: [],
    createdAt: STAMP,
    createdBy: 'user-1',
    createdByName: 'Casey Clerk',
    ...overrides,
  };
}

export function createPublicAssembly(overrides: Partial<PublicAssembly> = {}): PublicAssembly {
  return {
    serialId: '7K3M9Q2XAB',
    proofTest: null,
    partNumber: 'HA-0001',
    revision: 'A',
    title: 'HA-0001_A',
    description: 'Boom cylinder',
    builtAt: STAMP,
    workingPressurePsi: 4000,
    overallLengthMm: 1000,
    cutLengthMm: 890,
    lengthMeasuredTo: 'centreline',
    orientationDeg: 90,
    orientationConvention: 'clockwise',
    parts: examplePartsSummary(),
    organizationName: 'Demo Hose Shop',
    contact: {
      address: {
        line1: '12 Coupling Road',
        line2: '',
        city: 'Red Deer',
        region: 'AB',
        postalCode: 'T4N 1A1',
        country: 'Canada',
      },
      phone: '+1 (403) 555-0142',
      email: 'counter@demohose.example',
    },
    reorder: 'Call Demo Hose Shop and quote the serial.',
    ...overrides,
  };
}
