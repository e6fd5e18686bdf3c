/**
 * Server-shaped sales estimate answers for the web tests: SE-00012 for Red Deer Excavating in CAD, two
 * hose assemblies at the customer's terms and freight at a typed price, GST 5 %. Only tests import this file.
 */
import type {
  Estimate,
  EstimateLine,
  EstimatePricingAnswer,
  EstimateRecheck,
  EstimateSummary,
  HoseAssembly,
  SessionProfile,
} from '@hosewright/domain';
import { createSessionProfile } from '@/test/factories';

const STAMP = '2026-11-02T09:00:00.000Z';

// Ids the contracts check as UUIDs.
export const ESTIMATE_ID = '7e5d0a6c-9f1b-4c2d-8e4f-5a6b7c8d9e01';
export const REVISION_ID = '7e5d0a6c-9f1b-4c2d-8e4f-5a6b7c8d9e02';
export const CUSTOMER_ID = '5c3b8e4a-7d9f-4a0b-9c2d-3e4f5a6b7c01';
export const ASSEMBLY_ID = '3a1f6c2e-5b7d-4e8f-9a0b-1c2d3e4f5a01';
export const NEW_ASSEMBLY_ID = '3a1f6c2e-5b7d-4e8f-9a0b-1c2d3e4f5a03';
export const MAIN_ID = '6d4c9f5b-8e0a-4b1c-8d3e-4f5a6b7c8d01';

/** The session of a member of a professional organisation (estimates are professional and enterprise). */
export function professional(overrides: Partial<SessionProfile> = {}) {
  return {
    'POST /api/v1/sessions/create': {
      body: createSessionProfile({ subscription: 'professional', ...overrides }),
    },
  };
}

/** Two HA-0001_A at $60.00 by the customer's terms: 35 % margin, above the target. */
export function createLine(over: Partial<EstimateLine> = {}): EstimateLine {
  return {
    _id: 'line-1',
    position: 1,
    type: 'assembly',
    itemId: ASSEMBLY_ID,
    partNumber: 'HA-0001_A',
    description: 'Boom cylinder',
    productGroup: null,
    quantity: 2,
    unitPrice: 6000,
    unitPriceOverride: null,
    lineTotal: 12000,
    unitCost: 3900,
    marginPct: 35,
    belowTargetMargin: false,
    pricedBy: { source: 'customerTerms', marginPct: 35, discountPct: 0, productGroup: null },
    pricedByText: 'Customer terms: 35% margin',
    ...over,
  };
}

/** Freight at a typed $25.00. */
export function createFreightLine(over: Partial<EstimateLine> = {}): EstimateLine {
  return createLine({
    _id: 'line-2',
    position: 2,
    type: 'freight',
    itemId: null,
    partNumber: '',
    description: 'Courier',
    quantity: 1,
    unitPrice: 2500,
    unitPriceOverride: 2500,
    lineTotal: 2500,
    unitCost: null,
    marginPct: null,
    pricedBy: { source: 'manual' },
    pricedByText: 'Price typed on the line',
    ...over,
  });
}

export function createEstimate(over: Partial<Estimate> = {}): Estimate {
  return {
    _id: ESTIMATE_ID,
    number: 'SE-00012',
    revision: 1,
    previousId: null,
    laterRevision: null,
    status: 'draft',
    customer: { _id: CUSTOMER_ID, name: 'Red Deer Excavating' },
    contact: { name: 'Pat Buyer', email: 'pat@reddeerex.ca', phone: '403-555-0100' },
    estimateDate: '2026-11-02',
    validUntil: '2026-12-02',
    description: 'Loader boom hoses',
    notes: '',
    terms: 'Prices in CAD. Valid 30 days.',
    currency: 'CAD',
    subtotal: 14500,
    minimumChargeAdjustment: 0,
    taxes: [{ name: 'GST', ratePct: 5, amount: 725 }],
    taxTotal: 725,
    total: 15225,
    taxExempt: false,
    lines: [createLine(), createFreightLine()],
    belowTargetCount: 0,
    unpricedCount: 0,
    workOrders: [],
    sentAt: null,
    sentTo: null,
    decidedAt: null,
    createdBy: { _id: 'user-1', name: 'Casey Clerk' },
    createdAt: STAMP,
    updatedAt: STAMP,
    ...over,
  };
}

/** The same estimate sent to Pat. */
export function createSentEstimate(over: Partial<Estimate> = {}): Estimate {
  return createEstimate({ status: 'sent', sentAt: STAMP, sentTo: 'pat@reddeerex.ca', ...over });
}

export function createSummary(over: Partial<EstimateSummary> = {}): EstimateSummary {
  return {
    _id: ESTIMATE_ID,
    number: 'SE-00012',
    revision: 2,
    status: 'sent',
    customer: { _id: CUSTOMER_ID, name: 'Red Deer Excavating' },
    currency: 'CAD',
    estimateDate: '2026-11-02',
    validUntil: '2026-12-02',
    description: 'Loader boom hoses',
    total: 15225,
    createdAt: STAMP,
    updatedAt: STAMP,
    lineCount: 2,
    ...over,
  };
}

export function createPricing(over: Partial<EstimatePricingAnswer> = {}): EstimatePricingAnswer {
  return {
    currency: 'CAD',
    subtotal: 14500,
    minimumChargeAdjustment: 0,
    taxes: [{ name: 'GST', ratePct: 5, amount: 725 }],
    taxTotal: 725,
    total: 15225,
    taxExempt: false,
    lines: [createLine(), createFreightLine()],
    ...over,
  };
}

/** Today's check of a sent estimate: nothing moved unless `changes` says so. */
export function createRecheck(over: Partial<EstimateRecheck> = {}): EstimateRecheck {
  return {
    upToDate: true,
    checkedOn: '2026-11-24',
    changes: [],
    totalBefore: 15225,
    totalAfter: 15225,
    currency: 'CAD',
    ...over,
  };
}

export function listOf<T>(items: T[]) {
  return { items, total: items.length, page: 1 };
}

/**
 * A hose assembly as `getHoseAssembly` answers it, as much as an estimate line needs: its id, title and
 * description (HA-0002_A, just built in the builder; the figures a bare hose and two fittings).
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
    _id: NEW_ASSEMBLY_ID,
    partNumber: 'HA-0002',
    revision: 'A',
    title: 'HA-0002_A',
    latest: true,
    description: 'Bucket curl',
    notes: '',
    customerId: CUSTOMER_ID,
    customerName: 'Red Deer Excavating',
    spec: {
      hoseId: 'hose-1',
      endA: { fittingId: 'fit-90' },
      endB: { fittingId: 'fit-90' },
      overallLengthMm: 1000,
      lengthMeasuredTo: 'centreline',
      quantity: 1,
      description: 'Bucket curl',
      notes: '',
      partNumber: 'HA-0002',
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
