/** Kits as the API answers them, for the feature's tests. */
import {
  type HoseKit,
  type HoseKitComputeResponse,
  type HoseKitInputDraft,
  type HoseKitLine,
  type PricingTerms,
  rollUpKit,
} from '@hosewright/domain';

/** The server's pricing, done the same way: assemblies at the given costs, the customer's terms. */
export function priceDraft(
  body: HoseKitInputDraft,
  costs: Record<string, { partNumber: string; description: string; cost: number }>,
  terms: PricingTerms | null = { marginPct: 30, discountPct: 10 },
): HoseKitComputeResponse {
  const lines = (body.lines ?? []).map((line, i) => {
    const known = costs[line.hoseAssemblyId ?? line.componentId ?? ''];
    const unitCost = line.lineType === 'other' ? (line.unitCost ?? null) : (known?.cost ?? null);
    return {
      position: i + 1,
      lineType: line.lineType,
      hoseAssemblyId: line.hoseAssemblyId ?? null,
      componentId: line.componentId ?? null,
      description: line.lineType === 'other' ? (line.description ?? '') : (known?.description ?? ''),
      partNumber: known?.partNumber ?? '',
      quantity: line.quantity,
      unitCostOverride: line.unitCost ?? null,
      productGroup: null,
      assembly: null,
      component: null,
      unitCost,
    };
  });
  const rollup = rollUpKit(
    lines.map((l) => ({ quantity: l.quantity, unitCost: l.unitCost })),
    terms,
  );
  return {
    lines: lines.map((l, i) => ({ ...l, ...rollup.lines[i]! })),
    totals: rollup.totals,
    currency: 'USD',
    costCurrency: 'USD',
  };
}

export function createKitLine(over: Partial<HoseKitLine> = {}): HoseKitLine {
  return {
    _id: 'line-1',
    position: 1,
    lineType: 'hoseAssembly',
    hoseAssemblyId: 'asm-1',
    componentId: null,
    description: 'Boom lift hose -8 1000 mm',
    partNumber: 'HA-0001_A',
    quantity: 2,
    unitCostOverride: null,
    productGroup: null,
    assembly: null,
    component: null,
    unitCost: 70,
    unitPrice: 90,
    extendedCost: 140,
    extendedPrice: 180,
    marginPct: 30,
    discountPct: 10,
    ...over,
  };
}

export function createKit(over: Partial<HoseKit> = {}): HoseKit {
  return {
    _id: 'kit-1',
    partNumber: 'KIT-100',
    revision: 'A',
    title: 'KIT-100_A',
    latest: true,
    released: false,
    description: 'Excavator boom kit',
    customerId: 'cust-1',
    customerName: 'Prairie Excavating',
    currency: 'CAD',
    costCurrency: 'USD',
    machine: 'CAT 320 boom',
    notes: '',
    lines: [createKitLine()],
    totals: { cost: 140, price: 180, linesWithoutCost: 0, marginPct: 22.22 },
    revisions: [
      {
        _id: 'kit-1',
        revision: 'A',
        title: 'KIT-100_A',
        latest: true,
        released: false,
        createdAt: '2026-11-01T10:00:00.000Z',
        hasPicture: false,
      },
    ],
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    createdByName: 'Casey Clerk',
    ...over,
  };
}
