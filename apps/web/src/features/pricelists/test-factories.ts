/** Server-shaped price list answers for the web tests. Only tests import this file. */
import type {
  PriceListDetail,
  PriceListItemRow,
  PriceListReview,
  PriceListSummary,
} from '@hosewright/domain';

const STAMP = '2026-11-01T12:00:00.000Z';

/** Ids are UUIDs where the contract checks them when a page sends them back. */
export const LIST_ID = '5d1c7a52-3f0e-4b7a-9c11-0a0000000001';
export const VERSION_1 = '5d1c7a52-3f0e-4b7a-9c11-0a0000000011';
export const VERSION_2 = '5d1c7a52-3f0e-4b7a-9c11-0a0000000012';
export const DRAFT_ID = '5d1c7a52-3f0e-4b7a-9c11-0a0000000013';
export const HOSE_ID = '5d1c7a52-3f0e-4b7a-9c11-0a0000000021';
export const FITTING_ID = '5d1c7a52-3f0e-4b7a-9c11-0a0000000022';
export const CUSTOMER_ID = '5d1c7a52-3f0e-4b7a-9c11-0a0000000031';

/** One row of `listPriceLists`: in CAD, a version in force since Nov 1 with 120 items, a draft, 3 customers. */
export function createPriceListSummary(overrides: Partial<PriceListSummary> = {}): PriceListSummary {
  return {
    _id: LIST_ID,
    name: 'Fleet 2027',
    currency: 'CAD',
    description: 'Fleet customers',
    inForce: { _id: VERSION_2, effectiveFrom: '2026-11-01', itemCount: 120 },
    draft: { _id: DRAFT_ID, itemCount: 121 },
    customerCount: 3,
    updatedAt: STAMP,
    ...overrides,
  };
}

/** `getPriceList`: a draft, the version in force and an older one; one customer; 2 items below target. */
export function createPriceList(overrides: Partial<PriceListDetail> = {}): PriceListDetail {
  return {
    ...createPriceListSummary(),
    versions: [
      {
        _id: DRAFT_ID,
        effectiveFrom: null,
        publishedAt: null,
        publishedBy: null,
        itemCount: 121,
        note: '',
        inForce: false,
      },
      {
        _id: VERSION_2,
        effectiveFrom: '2026-11-01',
        publishedAt: '2026-10-28T15:00:00.000Z',
        publishedBy: { _id: 'user-2', name: 'Alex Admin' },
        itemCount: 120,
        note: 'November supplier increase',
        inForce: true,
      },
      {
        _id: VERSION_1,
        effectiveFrom: '2026-06-01',
        publishedAt: '2026-05-20T15:00:00.000Z',
        publishedBy: { _id: 'user-2', name: 'Alex Admin' },
        itemCount: 110,
        note: '',
        inForce: false,
      },
    ],
    customers: [{ _id: CUSTOMER_ID, name: 'Red Deer Excavating' }],
    alertCount: 2,
    targetMarginPct: 25,
    createdAt: STAMP,
    ...overrides,
  };
}

/** One item of `listPriceListItems`: a hose at $12.50 with a break at 10, cost $10.00, below a 25% target. */
export function createPriceListItem(overrides: Partial<PriceListItemRow> = {}): PriceListItemRow {
  return {
    itemType: 'component',
    itemId: HOSE_ID,
    partNumber: 'GEN-2SN-08',
    description: 'Two-wire braid hose -8',
    unitPrice: 1250,
    breaks: [{ minQuantity: 10, unitPrice: 1100 }],
    unitCost: 1000,
    marginPct: 9.09,
    belowTargetMargin: true,
    ...overrides,
  };
}

/** `reviewPriceListDraft`: one item up, one down, one added, none removed. */
export function createReview(overrides: Partial<PriceListReview> = {}): PriceListReview {
  return {
    draftId: DRAFT_ID,
    comparedWith: { _id: VERSION_2, effectiveFrom: '2026-11-01' },
    added: [
      {
        itemType: 'kit',
        itemId: 'kit-1',
        partNumber: 'KIT-100',
        description: 'Loader kit',
        unitPrice: 45000,
      },
    ],
    removed: [],
    changed: [
      {
        itemType: 'component',
        itemId: HOSE_ID,
        partNumber: 'GEN-2SN-08',
        description: 'Two-wire braid hose -8',
        oldUnitPrice: 1250,
        newUnitPrice: 1400,
        change: 150,
        changePct: 12,
        direction: 'up',
        breaksChanged: false,
      },
      {
        itemType: 'component',
        itemId: FITTING_ID,
        partNumber: 'FIT-08-JIC',
        description: 'JIC female swivel -8',
        oldUnitPrice: 800,
        newUnitPrice: 720,
        change: -80,
        changePct: -10,
        direction: 'down',
        breaksChanged: true,
      },
    ],
    unchangedCount: 118,
    upCount: 1,
    downCount: 1,
    alertCount: 0,
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
