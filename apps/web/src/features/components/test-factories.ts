/**
 * Server-shaped component library answers for the web tests (values from the GEN demo catalogue).
 * Only tests import this file.
 */
import type { CompatiblePartsAnswer, CrimpFitting, Ferrule, Hose } from '@hosewright/domain';

const STAMP = '2026-05-01T12:00:00.000Z';

export function createHose(overrides: Partial<Hose> = {}): Hose {
  return {
    _id: 'hose-1',
    kind: 'hose',
    origin: 'custom',
    sample: false,
    partNumber: 'GEN-2SN-08',
    brand: 'GEN',
    description: 'Two-wire braid hose, EN853 2SN',
    cost: 4.1,
    costUnit: 'ft',
    active: true,
    // The server leaves empty optional text out; the stored types still name the keys.
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
    _id: 'fit-1',
    kind: 'crimpFitting',
    origin: 'catalogue',
    sample: true,
    partNumber: 'F-SN-08-FJX',
    brand: 'GEN',
    description: 'Female JIC 37° swivel, straight',
    cost: 3.25,
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
    angle: 0,
    pieces: 2,
    cutoffMm: 30,
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
    origin: 'catalogue',
    sample: true,
    partNumber: 'FR-SN-08',
    brand: 'GEN',
    description: 'Ferrule for 2SN hose, no skive',
    cost: 0.9,
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

/** A hose with one fitting that fits (with its ferrule) and two that do not, with their reasons. */
export function createCompatibleParts(hose: Hose = createHose()): CompatiblePartsAnswer {
  const ferrule = createFerrule();
  const fits = createFitting();
  const wrongDash = createFitting({ _id: 'fit-2', partNumber: 'F-SN-06-FJX', dash: -6 });
  const otherMaker = createFitting({ _id: 'fit-3', partNumber: 'P-43-08-FJX', brand: 'Acme', series: '43' });
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
      { item: fits, compatible: true, exclusions: [], ferrule, maxWorkingPressurePsi: 4000 },
      {
        item: wrongDash,
        compatible: false,
        exclusions: [{ code: 'dash', message: 'Dash size -6; this hose is -8' }],
        ferrule: null,
        maxWorkingPressurePsi: null,
      },
      {
        item: otherMaker,
        compatible: false,
        exclusions: [
          { code: 'brand', message: 'Made by Acme; this hose is GEN' },
          { code: 'series', message: 'Series 43; this hose takes series SN' },
        ],
        ferrule: null,
        maxWorkingPressurePsi: null,
      },
    ],
    ferrules: [{ item: ferrule, compatible: true, exclusions: [] }],
  };
}

export const ORG = '/api/v1/organization';

/** The query of every call `fetch` got for `path`, in order. */
export function queriesOf(fetchMock: { mock: { calls: unknown[][] } }, path: string): URLSearchParams[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost:3000'))
    .filter((url) => url.pathname === path)
    .map((url) => url.searchParams);
}
