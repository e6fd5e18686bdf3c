/**
 * Server-shaped work order answers for the web tests: WO-00042, two of the worked example assembly (890 mm
 * cut length) for Red Deer Excavating out of MAIN. Only tests import this file.
 */
import {
  type HoseAssembly,
  type HoseKit,
  type HoseKitListItem,
  requiredBuildSteps,
  type SessionProfile,
  type WorkOrder,
  type WorkOrderLine,
  type WorkOrderMaterial,
  type WorkOrderPick,
  type WorkOrderSummary,
  type WorkOrderUnit,
} from '@hosewright/domain';
import { createSessionProfile } from '@/test/factories';

const STAMP = '2026-11-02T09:00:00.000Z';

// Ids the create and update contracts check as UUIDs.
export const ASSEMBLY_ID = '3a1f6c2e-5b7d-4e8f-9a0b-1c2d3e4f5a01';
export const OTHER_ASSEMBLY_ID = '3a1f6c2e-5b7d-4e8f-9a0b-1c2d3e4f5a02';
export const KIT_ID = '4b2a7d3f-6c8e-4f9a-8b1c-2d3e4f5a6b01';
export const CUSTOMER_ID = '5c3b8e4a-7d9f-4a0b-9c2d-3e4f5a6b7c01';
export const MAIN_ID = '6d4c9f5b-8e0a-4b1c-8d3e-4f5a6b7c8d01';
export const VAN_ID = '6d4c9f5b-8e0a-4b1c-8d3e-4f5a6b7c8d02';

/** The session of a member of a professional organisation (work orders are professional and enterprise). */
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

/** The active warehouses, as the warehouse picker reads them: MAIN (the default) and a van. */
export function warehouses() {
  const warehouse = (over: Record<string, unknown>) => ({
    _id: MAIN_ID,
    code: 'MAIN',
    name: 'Red Deer shop',
    kind: 'warehouse',
    region: '',
    address: null,
    notes: '',
    isDefault: true,
    active: true,
    locations: [],
    stockLines: 2,
    stockValue: 100,
    createdAt: STAMP,
    updatedAt: STAMP,
    ...over,
  });
  const items = [
    warehouse({}),
    warehouse({ _id: VAN_ID, code: 'VAN-2', name: 'Service van 2', kind: 'van', isDefault: false }),
  ];
  return { 'GET /api/v1/warehouses': { body: { items, total: items.length, page: 1 } } };
}

export function createLine(over: Partial<WorkOrderLine> = {}): WorkOrderLine {
  return {
    _id: 'line-1',
    position: 1,
    quantity: 2,
    hoseAssembly: {
      _id: ASSEMBLY_ID,
      title: 'HA-0001_A',
      description: 'Boom cylinder',
      cutLengthMm: 890,
      overallLengthMm: 1000,
      workingPressurePsi: 4000,
      skive: false,
    },
    replacesSerialId: null,
    ...over,
  };
}

/** 1.78 m of hose needed, 1.5 m free: short. */
export function createHoseMaterial(over: Partial<WorkOrderMaterial> = {}): WorkOrderMaterial {
  return {
    componentId: 'hose-1',
    kind: 'hose',
    partNumber: 'GEN-2SN-08',
    description: 'Two-wire braid hose -8',
    stockUnit: 'mm',
    quantity: 1780,
    available: 1500,
    ...over,
  };
}

/** 4 fittings needed, 24 free. */
export function createFittingMaterial(over: Partial<WorkOrderMaterial> = {}): WorkOrderMaterial {
  return {
    componentId: 'fit-90',
    kind: 'crimpFitting',
    partNumber: 'F-SN-08-FJX90',
    description: 'Female JIC 37° swivel, 90° elbow',
    stockUnit: 'each',
    quantity: 4,
    available: 24,
    ...over,
  };
}

export function createPick(over: Partial<WorkOrderPick> = {}): WorkOrderPick {
  return {
    componentId: 'hose-1',
    partNumber: 'GEN-2SN-08',
    description: 'Two-wire braid hose -8',
    stockUnit: 'mm',
    quantity: 1780,
    warehouse: { _id: MAIN_ID, code: 'MAIN' },
    location: { _id: 'bin-a1', code: 'A-01' },
    piece: null,
    ...over,
  };
}

export function createUnit(over: Partial<WorkOrderUnit> = {}): WorkOrderUnit {
  const crimpEnd = { targetMm: 24.6, toleranceMm: 0.2, die: 'D-08', specRevision: 'A', measuredMm: null };
  return {
    _id: 'unit-1',
    lineId: 'line-1',
    index: 1,
    serialId: '7K3M9Q2XAB',
    replacesSerialId: null,
    requiredSteps: requiredBuildSteps(false),
    steps: {},
    cutLengthMm: null,
    crimp: { endA: crimpEnd, endB: crimpEnd },
    test: null,
    ready: false,
    assembledBy: null,
    completedAt: null,
    ...over,
  };
}

/** A draft of two units, due long ago (so overdue), nothing reserved yet. */
export function createWorkOrder(over: Partial<WorkOrder> = {}): WorkOrder {
  return {
    _id: 'wo-1',
    number: 'WO-00042',
    status: 'draft',
    priority: 'high',
    source: 'assemblies',
    customer: { _id: CUSTOMER_ID, name: 'Red Deer Excavating' },
    warehouse: { _id: MAIN_ID, code: 'MAIN', name: 'Red Deer shop' },
    hoseKit: null,
    dueDate: '2020-12-01',
    description: 'Loader boom hoses',
    notes: '',
    cancelReason: '',
    lines: [createLine()],
    units: [],
    looseItems: [],
    materials: [createHoseMaterial(), createFittingMaterial()],
    picks: [],
    unitCount: 2,
    unitsReady: 0,
    createdBy: { _id: 'user-1', name: 'Casey Clerk' },
    createdAt: STAMP,
    updatedAt: STAMP,
    releasedAt: null,
    completedAt: null,
    ...over,
  };
}

/** The same work order released: two numbered units, the hose picked from MAIN / A-01. */
export function createReleasedWorkOrder(over: Partial<WorkOrder> = {}): WorkOrder {
  return createWorkOrder({
    status: 'released',
    units: [createUnit(), createUnit({ _id: 'unit-2', index: 2, serialId: '7K3M9Q2XAC' })],
    picks: [
      createPick(),
      createPick({
        componentId: 'fit-90',
        partNumber: 'F-SN-08-FJX90',
        description: 'Female JIC 37° swivel, 90° elbow',
        stockUnit: 'each',
        quantity: 4,
        location: null,
      }),
    ],
    releasedAt: STAMP,
    ...over,
  });
}

export function createSummary(over: Partial<WorkOrderSummary> = {}): WorkOrderSummary {
  return {
    _id: 'wo-1',
    number: 'WO-00042',
    status: 'released',
    priority: 'urgent',
    source: 'assemblies',
    customer: { _id: CUSTOMER_ID, name: 'Red Deer Excavating' },
    warehouse: { _id: MAIN_ID, code: 'MAIN', name: 'Red Deer shop' },
    dueDate: '2020-12-01',
    description: 'Loader boom hoses',
    unitCount: 4,
    unitsReady: 1,
    createdAt: STAMP,
    updatedAt: STAMP,
    completedAt: null,
    firstAssembly: 'HA-0001_A',
    moreLines: 2,
    ...over,
  };
}

export function listOf<T>(items: T[]) {
  return { items, total: items.length, page: 1 };
}

/** The kit as the kit list's search answers it. */
export function createKitListItem(over: Partial<HoseKitListItem> = {}): HoseKitListItem {
  return {
    _id: KIT_ID,
    partNumber: 'KIT-100',
    revision: 'A',
    title: 'KIT-100_A',
    released: true,
    description: 'Excavator boom kit',
    machine: 'CAT 320 boom',
    customerId: CUSTOMER_ID,
    customerName: 'Red Deer Excavating',
    lineCount: 3,
    createdAt: STAMP,
    updatedAt: STAMP,
    ...over,
  };
}

/** A kit as `getHoseKit` answers it (a link from the kit's page names it), with no lines. */
export function createKit(over: Partial<HoseKit> = {}): HoseKit {
  return {
    _id: KIT_ID,
    partNumber: 'KIT-100',
    revision: 'A',
    title: 'KIT-100_A',
    latest: true,
    released: true,
    description: 'Excavator boom kit',
    customerId: CUSTOMER_ID,
    customerName: 'Red Deer Excavating',
    currency: 'CAD',
    costCurrency: 'CAD',
    machine: 'CAT 320 boom',
    notes: '',
    lines: [],
    totals: { cost: 0, price: 0, linesWithoutCost: 0, marginPct: null },
    revisions: [],
    createdAt: STAMP,
    updatedAt: STAMP,
    createdByName: null,
    ...over,
  };
}

/**
 * A hose assembly as `getHoseAssembly` answers it, as much as a link from the assembly's page needs: its id,
 * title and description (the figures are the worked example's, the parts a bare hose and two fittings).
 */
export function createAssembly(over: Partial<HoseAssembly> = {}): HoseAssembly {
  const part = (id: string, kind: 'hose' | 'crimpFitting', partNumber: string) => ({
    _id: id,
    kind,
    partNumber,
    brand: 'GEN',
    description: partNumber,
  });
  const end = { fitting: part('fit-90', 'crimpFitting', 'F-SN-08-FJX90'), ferrule: null, adaptor: null };
  return {
    _id: ASSEMBLY_ID,
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
      endA: { fittingId: 'fit-90' },
      endB: { fittingId: 'fit-90' },
      overallLengthMm: 1000,
      lengthMeasuredTo: 'centreline',
      quantity: 1,
      description: 'Boom cylinder',
      notes: '',
      partNumber: 'HA-0001',
    },
    computed: {
      overallLengthMm: 1000,
      cutLengthMm: 890,
      wrapLengthMm: null,
      maxWorkingPressurePsi: 4000,
      pressureLimitedBy: { role: 'hose', partNumber: 'GEN-2SN-08' },
      bothEndsBent: true,
      orientationToleranceDeg: null,
      measuredTo: { endA: 'centreline', endB: 'centreline' },
      costs: {
        lines: [],
        unitCost: 40,
        unitPrice: 60,
        currency: 'CAD',
        costCurrency: 'CAD',
        totalCost: 40,
        totalPrice: 60,
        quantity: 1,
        marginPct: 33,
        discountPct: 0,
        missingCosts: [],
      },
      warnings: [],
      errors: [],
    },
    parts: { hose: part('hose-1', 'hose', 'GEN-2SN-08'), endA: end, endB: end, wrap: null },
    revisions: [],
    serials: [],
    createdAt: STAMP,
    createdBy: null,
    createdByName: null,
    ...over,
  };
}
