/** Server-shaped inventory answers for the web tests. Only tests import this file. */
import type {
  CrimpFitting,
  SessionProfile,
  StockCountCheck,
  StockLevel,
  StockMovement,
  Warehouse,
} from '@hosewright/domain';
import { createSessionProfile } from '@/test/factories';

const STAMP = '2026-05-01T12:00:00.000Z';

// Ids are UUIDs: the movement and reorder contracts check them before anything is sent.
export const HOSE_ID = '5d0c7a3e-1b2f-4c6d-8e9f-0a1b2c3d4e01';
export const FITTING_ID = '5d0c7a3e-1b2f-4c6d-8e9f-0a1b2c3d4e02';
export const MAIN_ID = '6e1d8b4f-2c3a-4d7e-9fa0-1b2c3d4e5f01';
export const VAN_ID = '6e1d8b4f-2c3a-4d7e-9fa0-1b2c3d4e5f02';
export const BIN_A1 = '7f2e9c5a-3d4b-4e8f-a0b1-2c3d4e5f6a01';

export const HOSE = {
  _id: HOSE_ID,
  kind: 'hose',
  partNumber: 'GEN-2SN-08',
  brand: 'GEN',
  description: 'Two-wire braid hose -8',
  costUnit: 'm',
} as const satisfies StockLevel['component'];

export const FITTING = {
  _id: FITTING_ID,
  kind: 'crimpFitting',
  partNumber: 'GEN-JIC-08',
  brand: 'GEN',
  description: 'JIC 37° female swivel -8',
  costUnit: 'each',
} as const satisfies StockLevel['component'];

/** The fitting as the library's `items` search answers it. */
export function createFittingComponent(): CrimpFitting {
  return {
    ...FITTING,
    origin: 'custom',
    sample: false,
    cost: 3.5,
    active: true,
    series: 'GEN',
    dash: -8,
    endType: 'JIC37',
    gender: 'F',
    swivel: true,
    angle: 0,
    pieces: 1,
    cutoffMm: 20,
    workingPressurePsi: 4000,
    createdAt: STAMP,
    updatedAt: STAMP,
  };
}

const MAIN = { _id: MAIN_ID, code: 'MAIN', name: 'Red Deer shop' };
const A1 = { _id: BIN_A1, code: 'A1', name: 'Hose rack' };

/** The session of a member of a professional organisation (inventory is professional and enterprise). */
export function professional(overrides: Partial<SessionProfile> = {}) {
  return {
    'POST /api/v1/sessions/create': {
      body: createSessionProfile({ subscription: 'professional', ...overrides }),
    },
  };
}

/** `getUser` of a user who reads metric or imperial. */
export function userReading(units: 'metric' | 'imperial') {
  return {
    'GET /api/v1/user': {
      body: {
        _id: 'user-1',
        organization_id: 'o1',
        name: 'Casey Clerk',
        email: 'clerk@example.com',
        emailVerified: true,
        unitSystem: units,
        units,
      },
    },
  };
}

/** 12.5 m of hose in MAIN / A1, at or below its reorder point. */
export function createHoseLine(overrides: Partial<StockLevel> = {}): StockLevel {
  return {
    _id: 'line-1',
    component: HOSE,
    warehouse: MAIN,
    location: A1,
    onHand: 12_500,
    reserved: 0,
    stockUnit: 'mm',
    value: 52.5,
    averageCost: 4.2,
    reorderPoint: 15_000,
    reorderQuantity: 50_000,
    low: true,
    updatedAt: STAMP,
    ...overrides,
  };
}

/** 24 fittings in MAIN, no location, no reorder point. */
export function createFittingLine(overrides: Partial<StockLevel> = {}): StockLevel {
  return {
    _id: 'line-2',
    component: FITTING,
    warehouse: MAIN,
    location: null,
    onHand: 24,
    reserved: 0,
    stockUnit: 'each',
    value: 84,
    averageCost: 3.5,
    reorderPoint: null,
    reorderQuantity: null,
    low: false,
    updatedAt: STAMP,
    ...overrides,
  };
}

export function inventoryPage(items: StockLevel[], totalValue = 136.5) {
  return { items, total: items.length, page: 1, totalValue, currency: 'CAD' };
}

export function createMovement(overrides: Partial<StockMovement> = {}): StockMovement {
  return {
    _id: 'mov-1',
    type: 'receipt',
    component: HOSE,
    warehouse: MAIN,
    location: A1,
    quantity: 30_000,
    stockUnit: 'mm',
    value: 126,
    onHandAfter: 30_000,
    reason: '',
    reference: 'PO-10442',
    notes: '',
    groupId: null,
    createdBy: { _id: 'user-1', name: 'Casey Clerk' },
    createdAt: STAMP,
    ...overrides,
  };
}

/** The active warehouses, as the picker reads them: MAIN (the default, bin A1) and a van. */
export function warehouses(): { 'GET /api/v1/warehouses': { body: unknown } } {
  const warehouse = (over: Partial<Warehouse>): Warehouse => ({
    ...MAIN,
    kind: 'warehouse',
    region: '',
    address: null,
    notes: '',
    isDefault: true,
    active: true,
    locations: [A1],
    stockLines: 2,
    stockValue: 136.5,
    createdAt: STAMP,
    updatedAt: STAMP,
    ...over,
  });
  const items = [
    warehouse({}),
    warehouse({
      _id: VAN_ID,
      code: 'VAN-2',
      name: 'Service van 2',
      kind: 'van',
      isDefault: false,
      locations: [],
    }),
  ];
  return { 'GET /api/v1/warehouses': { body: { items, total: items.length, page: 1 } } };
}

export function createCountCheck(overrides: Partial<StockCountCheck> = {}): StockCountCheck {
  return {
    rowsTotal: 3,
    errors: [],
    differences: [
      {
        component: HOSE,
        warehouse: MAIN,
        location: A1,
        onHand: 12_500,
        counted: 10_000,
        difference: -2_500,
        stockUnit: 'mm',
        valueDifference: -10.5,
      },
      {
        component: FITTING,
        warehouse: MAIN,
        location: null,
        onHand: 24,
        counted: 30,
        difference: 6,
        stockUnit: 'each',
        valueDifference: 21,
      },
    ],
    unchanged: 1,
    totalValueDifference: 10.5,
    currency: 'CAD',
    ...overrides,
  };
}

/** The query of every call `fetch` got for `path`, in order. */
export function queriesOf(fetchMock: { mock: { calls: unknown[][] } }, path: string): URLSearchParams[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost:3000'))
    .filter((url) => url.pathname === path)
    .map((url) => url.searchParams);
}
