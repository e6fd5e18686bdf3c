/** Server-shaped warehouse answers for the web tests. Only tests import this file. */
import type { Warehouse } from '@hosewright/domain';

const STAMP = '2026-05-01T12:00:00.000Z';

/** Location ids are UUIDs, as the contract checks them when an editor sends them back. */
export const LOC_1 = '0b5e3f3c-4a57-4c39-9a55-1f0b6c1e0a01';
export const LOC_2 = '0b5e3f3c-4a57-4c39-9a55-1f0b6c1e0a02';
export const LOC_3 = '0b5e3f3c-4a57-4c39-9a55-1f0b6c1e0a03';

/** A warehouse as `getWarehouse` answers it: the shop's main building, the default, with two bins. */
export function createWarehouse(overrides: Partial<Warehouse> = {}): Warehouse {
  return {
    _id: 'wh-1',
    code: 'MAIN',
    name: 'Red Deer shop',
    kind: 'warehouse',
    region: 'Central Alberta',
    address: {
      line1: '4810 Gaetz Ave',
      line2: '',
      city: 'Red Deer',
      region: 'AB',
      postalCode: 'T4N 4A1',
      country: 'Canada',
    },
    notes: '',
    isDefault: true,
    active: true,
    locations: [
      { _id: LOC_1, code: 'A-01', name: 'Hose rack' },
      { _id: LOC_2, code: 'B-01', name: 'Fittings shelf' },
    ],
    stockLines: 12,
    stockValue: 1234.5,
    createdAt: STAMP,
    updatedAt: STAMP,
    ...overrides,
  };
}

/** A service van: no address, not the default, empty. */
export function createVan(overrides: Partial<Warehouse> = {}): Warehouse {
  return createWarehouse({
    _id: 'wh-2',
    code: 'VAN-2',
    name: 'Service van 2',
    kind: 'van',
    region: '',
    address: null,
    isDefault: false,
    locations: [{ _id: LOC_3, code: 'REEL-1', name: 'Hose reel' }],
    stockLines: 0,
    stockValue: 0,
    ...overrides,
  });
}

/** The query of every call `fetch` got for `path`, in order. */
export function queriesOf(fetchMock: { mock: { calls: unknown[][] } }, path: string): URLSearchParams[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost:3000'))
    .filter((url) => url.pathname === path)
    .map((url) => url.searchParams);
}
