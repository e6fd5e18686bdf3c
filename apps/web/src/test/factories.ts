import type {
  Customer,
  HoseAssemblyListItem,
  RolesAndSubscription,
  SessionProfile,
} from '@hosewright/domain';

const DAY = 24 * 60 * 60 * 1000;

export const inDays = (days: number, from: Date = new Date()) =>
  new Date(from.getTime() + days * DAY).toISOString();

/** What `POST /api/v1/sessions/create` answers; overrides pick the case under test. */
export function createSessionProfile(overrides: Partial<SessionProfile> = {}): SessionProfile {
  return {
    userId: 'user-1',
    email: 'clerk@example.com',
    name: 'Casey Clerk',
    userRoles: ['regular'],
    subscription: 'trial',
    subscriptionExpires: inDays(20),
    locale: 'en_ca',
    maxCustomers: 25,
    maxHoseAssemblies: 50,
    maxHoseKits: 10,
    ...overrides,
  };
}

export function createRolesAndSubscription(overrides: Partial<SessionProfile> = {}): RolesAndSubscription {
  const p = createSessionProfile(overrides);
  return {
    userId: p.userId,
    email: p.email,
    userRoles: p.userRoles,
    subscription: { subscriptionType: p.subscription, expires: p.subscriptionExpires },
    subscriptionProperties: {
      maxCustomers: p.maxCustomers,
      maxHoseAssemblies: p.maxHoseAssemblies,
      maxHoseKits: p.maxHoseKits,
    },
    locale: p.locale,
  };
}

/** A customer as `getCustomer` answers it (every feature that names a customer reads one). */
export function createCustomer(overrides: Partial<Customer> = {}): Customer {
  return {
    _id: 'cust-1',
    name: 'Red Deer Excavating',
    domain: 'reddeerex.ca',
    accountNumber: 'RDX-100',
    contacts: [{ name: 'Pat Buyer', role: 'Purchasing', email: 'pat@reddeerex.ca', phone: '403-555-0100' }],
    billingAddress: {
      line1: '4810 Gaetz Ave',
      line2: '',
      city: 'Red Deer',
      region: 'AB',
      postalCode: 'T4N 4A4',
      country: 'Canada',
    },
    shippingAddress: null,
    currency: 'CAD',
    taxNumber: '',
    taxExempt: false,
    taxes: [],
    priceListId: null,
    notes: '',
    erpId: '',
    active: true,
    marginPct: 35,
    discountPct: null,
    productGroupTerms: [],
    createdAt: '2026-05-01T12:00:00.000Z',
    updatedAt: '2026-05-01T12:00:00.000Z',
    ...overrides,
  };
}

/** One row of `listHoseAssemblies` (the assemblies list, a customer's builds, the kit editor's picker). */
export function createAssemblyListItem(over: Partial<HoseAssemblyListItem> = {}): HoseAssemblyListItem {
  return {
    _id: 'asm-1',
    partNumber: 'HA-0001',
    revision: 'A',
    title: 'HA-0001_A',
    description: 'Boom lift hose -8 1000 mm',
    customerId: null,
    customerName: null,
    hoseId: 'hose-1',
    hosePartNumber: 'GEN-2SN-08',
    dash: -8,
    endAType: 'JIC37',
    endBType: 'JIC37',
    overallLengthMm: 1000,
    cutLengthMm: 890,
    workingPressurePsi: 4000,
    unitPrice: null,
    currency: 'USD',
    createdAt: '2026-11-01T10:00:00.000Z',
    ...over,
  };
}
