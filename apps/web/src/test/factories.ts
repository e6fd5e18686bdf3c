import type { RolesAndSubscription, SessionProfile } from '@hosewright/domain';

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
