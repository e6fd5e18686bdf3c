/** Server-shaped customer answers for the web tests. Only tests import this file. */
import type { CustomerItem } from '@hosewright/domain';

const STAMP = '2026-05-01T12:00:00.000Z';

export function createCustomerItem(overrides: Partial<CustomerItem> = {}): CustomerItem {
  return {
    _id: 'item-1',
    customerId: 'cust-1',
    customerPartNumber: 'RDX-HYD-42',
    description: '',
    targetType: 'component',
    targetId: 'hose-1',
    targetPartNumber: 'GEN-2SN-08',
    targetDescription: 'Two-wire braid hose',
    price: 48.5,
    createdAt: STAMP,
    updatedAt: STAMP,
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
