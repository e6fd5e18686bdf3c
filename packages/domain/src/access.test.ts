/**
 * The access policy: the route table, the navigation guard, the roles, and the guard's codes and messages.
 * The expected table and the expected guard outcomes are written out here by hand, not derived from
 * access.ts, so a slip in `ROUTES` or `evaluateAccess` shows up as a difference.
 */
import { describe, expect, test } from 'vitest';
import {
  type AccessSubject,
  evaluateAccess,
  matchRoute,
  NO_LOGIN_REDIRECT_PATHS,
  NOT_FOUND_ROUTE,
  pageTitle,
  ROUTES,
  type RouteAccess,
} from './access.ts';

type SpecRole = 'regular' | 'admin';
type SpecTier = 'trial' | 'professional' | 'enterprise';

interface SpecRoute {
  path: string;
  public: boolean;
  headerless: boolean;
  /** null: no role restriction. */
  roles: SpecRole[] | null;
  /** null: any valid, unexpired subscription. */
  subscriptions: SpecTier[] | null;
  /** The upgrade and payment pages stay reachable after expiry ("Please upgrade ... to extend"). */
  allowExpired?: boolean;
}

/** The expected table writes parameters as `{name}`; the route table uses `:name`. */
const toPattern = (specPath: string): string => specPath.replace(/\{(\w+)\}/g, ':$1');

const group =
  (rule: Omit<SpecRoute, 'path'>) =>
  (...paths: string[]): SpecRoute[] =>
    paths.map((p) => ({ ...rule, path: toPattern(p) }));

const REGULAR_OR_ADMIN: SpecRole[] = ['regular', 'admin'];
const ADMIN_ONLY: SpecRole[] = ['admin'];
const PRO_OR_ENTERPRISE: SpecTier[] = ['professional', 'enterprise'];
const ENTERPRISE_ONLY: SpecTier[] = ['enterprise'];

const publicRoute = group({ public: true, headerless: false, roles: null, subscriptions: null });
const publicHeaderless = group({ public: true, headerless: true, roles: null, subscriptions: null });
const loginOnly = group({ public: false, headerless: false, roles: null, subscriptions: null });
const regularOrAdmin = group({
  public: false,
  headerless: false,
  roles: REGULAR_OR_ADMIN,
  subscriptions: null,
});
const regularOrAdminPremium = group({
  public: false,
  headerless: false,
  roles: REGULAR_OR_ADMIN,
  subscriptions: PRO_OR_ENTERPRISE,
});
const adminOnly = group({ public: false, headerless: false, roles: ADMIN_ONLY, subscriptions: null });
const adminPremium = group({
  public: false,
  headerless: false,
  roles: ADMIN_ONLY,
  subscriptions: PRO_OR_ENTERPRISE,
});
const premiumAnyRole = group({
  public: false,
  headerless: false,
  roles: null,
  subscriptions: PRO_OR_ENTERPRISE,
});
const enterpriseAdmin = group({
  public: false,
  headerless: false,
  roles: ADMIN_ONLY,
  subscriptions: ENTERPRISE_ONLY,
});
const enterpriseAnyRole = group({
  public: false,
  headerless: false,
  roles: null,
  subscriptions: ENTERPRISE_ONLY,
});

/** The expected route table, group by group. */
const EXPECTED_ROUTES: SpecRoute[] = [
  // ### Public routes (no login)
  ...publicRoute('/', '/contact', '/signup', '/login', '/logout', '/callback', '/logoutcallback'),
  ...publicRoute('/qs/{serialId}'),
  ...publicRoute('/verifyemail', '/subscriptionexpired', '/errors/login', '/features'),
  // "/configurator and /iframe/hoseassembly: hose assembly configurator, no page headers, embeddable"
  ...publicHeaderless('/configurator', '/iframe/hoseassembly'),

  // ### Login only (valid unexpired subscription, no other restriction)
  ...loginOnly(
    '/dashboard',
    '/attributions',
    '/user',
    '/user/{initialTab}',
    '/notifications',
    '/support',
    '/search',
  ),
  ...loginOnly('/hoseassemblies', '/hoseassembly/{hoseAssemblyId}', '/item/{itemId}'),
  ...loginOnly('/hosekits', '/hosekit/{hoseKitId}', '/hosekit/{hoseKitId}/{initialTab}'),
  ...loginOnly('/customers', '/customer/{customerId}'),
  ...loginOnly('/organization', '/organization/{initialTab}'),
  // "'Billing History' (/organization/billing) [is] admin only", and an expired shop must reach it to pay
  // (issue 15): its own route, ahead of the tab route.
  ...adminOnly('/organization/billing').map((r) => ({ ...r, allowExpired: true })),
  ...loginOnly(
    '/adaptor/{adaptorId}',
    '/crimpfitting/{crimpFittingId}',
    '/hose/{hoseId}',
    '/ferrule/{ferruleId}',
    '/wrap/{wrapId}',
    '/otheritem/{otherItemId}',
  ),
  // The expiry banner asks the shop to upgrade, so an expired shop can still reach the payment pages.
  ...loginOnly('/upgradesubscription', '/stripe/callback', '/payment/success', '/payment/cancel').map(
    (r) => ({
      ...r,
      allowExpired: true,
    }),
  ),
  // "Any unmatched path shows a Not Found page." (listed under Login only)
  ...loginOnly('*'),

  // ### Regular or admin role
  ...regularOrAdmin('/hoseassemblies/new', '/hoseassembly/{hoseAssemblyId}/edit'),
  ...regularOrAdmin('/hosekit/{hoseKitId}/edit', '/hosekit/{hoseKitId}/edit/{editType}', '/hosekits/new'),
  ...regularOrAdmin('/customers/new', '/customer/{customerId}/edit'),
  ...regularOrAdmin('/customer/{customerId}/hosekits/new', '/customer/{customerId}/hoseassemblies/new'),

  // ### Regular or admin, plus professional or enterprise subscription
  ...regularOrAdminPremium('/customer/{customerId}/salesestimates/new', '/salesestimates/new'),
  // "/salesestimate/{salesEstimateId}/edit and /edit/{editType}"
  ...regularOrAdminPremium(
    '/salesestimate/{salesEstimateId}/edit',
    '/salesestimate/{salesEstimateId}/edit/{editType}',
  ),
  ...regularOrAdminPremium(
    '/warehouses/new',
    '/warehouse/{warehouseId}/edit',
    '/warehouse/{warehouseId}/edit/{editType}',
  ),
  ...regularOrAdminPremium(
    '/workorders/new',
    '/workorder/{workOrderId}/edit',
    '/workorder/{workOrderId}/edit/{editType}',
  ),

  // ### Admin only
  ...adminOnly('/hoseassemblies/import', '/customers/import'),
  ...adminOnly(
    '/components',
    '/components/{itemType}',
    '/components/{itemType}/{originType}',
    '/components/import',
  ),

  // ### Admin, plus professional or enterprise
  ...adminPremium('/inventory/import', '/warehouses/import', '/customers/items/import'),

  // ### Professional or enterprise, any role (premium features depend on the subscription, not the role)
  ...premiumAnyRole('/inventory', '/warehouses', '/warehouse/{warehouseId}'),
  ...premiumAnyRole('/workorders', '/workorder/{workOrderId}'),
  ...premiumAnyRole('/salesestimates', '/salesestimate/{salesEstimateId}'),

  // ### Enterprise only
  ...enterpriseAdmin('/pricelists', '/pricelists/new', '/pricelists/import', '/pricelist/{priceListId}/edit'),
  ...enterpriseAnyRole('/pricelist/{priceListId}'),
];

const sorted = <T extends string>(values: readonly T[] | undefined): T[] | null =>
  values ? [...values].sort() : null;

/** The code's route in the same normalised shape as the expected table. */
const normalise = (route: RouteAccess): SpecRoute => ({
  path: route.path,
  public: route.public === true,
  headerless: route.headerless === true,
  roles: sorted(route.roles),
  subscriptions: sorted(route.subscriptions),
  allowExpired: route.allowExpired === true,
});

const specNormalised = (route: SpecRoute): SpecRoute => ({
  ...route,
  allowExpired: route.allowExpired === true,
  roles: sorted(route.roles ?? undefined),
  subscriptions: sorted(route.subscriptions ?? undefined),
});

const byPath = (a: SpecRoute, b: SpecRoute) => a.path.localeCompare(b.path);

describe('route table', () => {
  test('the expected table itself has no duplicate paths', () => {
    const paths = EXPECTED_ROUTES.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  test('ROUTES has no duplicate paths', () => {
    const paths = ROUTES.map((r) => r.path);
    const duplicates = paths.filter((p, i) => paths.indexOf(p) !== i);
    expect(duplicates).toEqual([]);
  });

  test('ROUTES equals the expected table exactly (paths, roles, subscriptions, public and headerless flags)', () => {
    expect(ROUTES.map(normalise).sort(byPath)).toEqual(EXPECTED_ROUTES.map(specNormalised).sort(byPath));
  });

  test.each(EXPECTED_ROUTES.map((r) => [r.path, r] as const))(
    'expected route %s is present in ROUTES with its rule',
    (path, spec) => {
      const route = ROUTES.find((r) => r.path === path);
      expect(route, `missing route ${path}`).toBeDefined();
      expect(normalise(route!)).toEqual(specNormalised(spec));
    },
  );

  test('every route has a name for the page title', () => {
    for (const route of ROUTES) expect(route.name.trim(), route.path).not.toBe('');
  });

  test("the Not Found route is '*' and is the last entry", () => {
    expect(NOT_FOUND_ROUTE.path).toBe('*');
    expect(NOT_FOUND_ROUTE.name).toBe('Not Found');
    expect(ROUTES[ROUTES.length - 1]).toBe(NOT_FOUND_ROUTE);
  });

  test('only /configurator and /iframe/hoseassembly are headerless', () => {
    expect(
      ROUTES.filter((r) => r.headerless)
        .map((r) => r.path)
        .sort(),
    ).toEqual(['/configurator', '/iframe/hoseassembly']);
  });

  test('an unauthenticated visitor is sent to /login except from /login, /logout, /logoutcallback, /callback and /', () => {
    // "Unauthenticated user: sent to /login unless on /login, /logout, /logoutcallback, /callback or /."
    expect([...NO_LOGIN_REDIRECT_PATHS].sort()).toEqual([
      '/',
      '/callback',
      '/login',
      '/logout',
      '/logoutcallback',
    ]);
  });
});

// ---------------------------------------------------------------------------------------------------------
// Navigation guard, generated: every route x role set x subscription state.
// ---------------------------------------------------------------------------------------------------------

const NOW = new Date('2025-06-15T12:00:00.000Z');
const DAY_MS = 24 * 60 * 60 * 1000;
const YESTERDAY = new Date(NOW.getTime() - DAY_MS);
const NEXT_MONTH = new Date(NOW.getTime() + 30 * DAY_MS);

const ROLE_CASES = {
  regular: ['regular'],
  admin: ['admin'],
  none: [],
} as const satisfies Record<string, readonly SpecRole[]>;

type SubscriptionCase = 'trial' | 'professional' | 'enterprise' | 'expired' | 'none';
const SUBSCRIPTION_CASES: Record<SubscriptionCase, AccessSubject['subscription']> = {
  trial: { tier: 'trial', expires: NEXT_MONTH },
  professional: { tier: 'professional', expires: NEXT_MONTH },
  enterprise: { tier: 'enterprise', expires: NEXT_MONTH },
  // An enterprise subscription that ran out yesterday: expiry must win over everything else.
  expired: { tier: 'enterprise', expires: YESTERDAY },
  none: null,
};

type Expected =
  | { allowed: true }
  | { allowed: false; code: 'unauthorized'; message: string; redirect: string }
  | { allowed: false; code: 997 | 996 | 845; message: string; redirect: string };

/** The navigation guard's expected outcome: the checks in order, each with its code, message and redirect. */
function expectedOutcome(route: SpecRoute, roles: readonly SpecRole[], sub: SubscriptionCase): Expected {
  if (route.public) return { allowed: true };
  // "No subscription means unauthorized." / "No subscription | 'Unauthorized to access this resource', go to /login"
  if (sub === 'none') {
    return {
      allowed: false,
      code: 'unauthorized',
      message: 'Unauthorized to access this resource',
      redirect: '/login',
    };
  }
  // "Expiry earlier than now means code 997." / "Subscription expiry blocks the whole app."
  if (sub === 'expired' && !route.allowExpired) {
    return { allowed: false, code: 997, message: 'Subscription Expired', redirect: '/subscriptionexpired' };
  }
  // "A missing role means 845." / "Code 845 | 'Cannot access this resource', go to /login"
  if (route.roles && !route.roles.some((r) => roles.includes(r))) {
    return { allowed: false, code: 845, message: 'Cannot access this resource', redirect: '/login' };
  }
  // "A subscription not in the route's allowed list while the role is fine means 996."
  // The expired case's tier is enterprise (see SUBSCRIPTION_CASES).
  const tier: SpecTier = sub === 'expired' ? 'enterprise' : sub;
  if (route.subscriptions && !route.subscriptions.includes(tier)) {
    return {
      allowed: false,
      code: 996,
      message: 'Cannot access this feature',
      redirect: '/upgradesubscription',
    };
  }
  return { allowed: true };
}

const GUARD_CASES = EXPECTED_ROUTES.flatMap((route) =>
  (Object.keys(ROLE_CASES) as (keyof typeof ROLE_CASES)[]).flatMap((roleCase) =>
    (Object.keys(SUBSCRIPTION_CASES) as SubscriptionCase[]).map((sub) => {
      const expected = expectedOutcome(route, ROLE_CASES[roleCase], sub);
      const label = expected.allowed ? 'allowed' : `${expected.code} -> ${expected.redirect}`;
      return { path: route.path, roleCase, sub, expected, label };
    }),
  ),
);

describe('evaluateAccess, generated: every route x role set x subscription state', () => {
  test.each(GUARD_CASES)(
    '$path as $roleCase with $sub subscription: $label',
    ({ path, roleCase, sub, expected }) => {
      const route = ROUTES.find((r) => r.path === path);
      expect(route, `missing route ${path}`).toBeDefined();
      const subject: AccessSubject = { roles: ROLE_CASES[roleCase], subscription: SUBSCRIPTION_CASES[sub] };
      expect(evaluateAccess(route!, subject, NOW)).toEqual(expected);
    },
  );
});

describe('evaluateAccess edge cases', () => {
  const dashboard = { roles: undefined, subscriptions: undefined };
  const premiumAdmin = { roles: ['admin'] as const, subscriptions: ['professional', 'enterprise'] as const };

  test('a user holding both roles passes a regular-or-admin and an admin rule', () => {
    const subject: AccessSubject = {
      roles: ['regular', 'admin'],
      subscription: { tier: 'professional', expires: NEXT_MONTH },
    };
    expect(evaluateAccess(premiumAdmin, subject, NOW)).toEqual({ allowed: true });
  });

  test('missing role is reported before a wrong tier (996 only "while the role is fine")', () => {
    const subject: AccessSubject = {
      roles: ['regular'],
      subscription: { tier: 'trial', expires: NEXT_MONTH },
    };
    expect(evaluateAccess(premiumAdmin, subject, NOW)).toMatchObject({ code: 845 });
  });

  test('expiry is accepted as an ISO string and as epoch milliseconds', () => {
    const asString: AccessSubject = {
      roles: [],
      subscription: { tier: 'trial', expires: YESTERDAY.toISOString() },
    };
    const asNumber: AccessSubject = {
      roles: [],
      subscription: { tier: 'trial', expires: YESTERDAY.getTime() },
    };
    expect(evaluateAccess(dashboard, asString, NOW)).toMatchObject({ code: 997 });
    expect(evaluateAccess(dashboard, asNumber, NOW)).toMatchObject({ code: 997 });
    const future: AccessSubject = {
      roles: [],
      subscription: { tier: 'trial', expires: NEXT_MONTH.toISOString() },
    };
    expect(evaluateAccess(dashboard, future, NOW)).toEqual({ allowed: true });
  });

  test('an expiry exactly now is not "earlier than now"; one millisecond before is', () => {
    const atNow: AccessSubject = { roles: [], subscription: { tier: 'trial', expires: NOW } };
    const justBefore: AccessSubject = {
      roles: [],
      subscription: { tier: 'trial', expires: new Date(NOW.getTime() - 1) },
    };
    expect(evaluateAccess(dashboard, atNow, NOW)).toEqual({ allowed: true });
    expect(evaluateAccess(dashboard, justBefore, NOW)).toMatchObject({ code: 997 });
  });

  test('unknown role names do not satisfy a role rule', () => {
    const subject: AccessSubject = {
      roles: ['owner'],
      subscription: { tier: 'enterprise', expires: NEXT_MONTH },
    };
    expect(evaluateAccess({ roles: ['regular', 'admin'] }, subject, NOW)).toMatchObject({ code: 845 });
  });

  test('a public rule is allowed even for a subject with nothing', () => {
    expect(evaluateAccess({ public: true }, { roles: [], subscription: null }, NOW)).toEqual({
      allowed: true,
    });
  });
});

// ---------------------------------------------------------------------------------------------------------
// matchRoute and pageTitle
// ---------------------------------------------------------------------------------------------------------

describe('matchRoute', () => {
  test.each([
    ['/hosekit/abc/edit', '/hosekit/:hoseKitId/edit', { hoseKitId: 'abc' }],
    ['/hosekit/abc/bom', '/hosekit/:hoseKitId/:initialTab', { hoseKitId: 'abc', initialTab: 'bom' }],
    [
      '/hosekit/abc/edit/items',
      '/hosekit/:hoseKitId/edit/:editType',
      { hoseKitId: 'abc', editType: 'items' },
    ],
    ['/hosekit/abc', '/hosekit/:hoseKitId', { hoseKitId: 'abc' }],
    ['/hosekits/new', '/hosekits/new', {}],
    ['/components/import', '/components/import', {}],
    ['/components/hoses', '/components/:itemType', { itemType: 'hoses' }],
    [
      '/components/hoses/catalogue',
      '/components/:itemType/:originType',
      { itemType: 'hoses', originType: 'catalogue' },
    ],
    ['/customers/items/import', '/customers/items/import', {}],
    ['/customers/import', '/customers/import', {}],
    ['/customers/new', '/customers/new', {}],
    ['/customer/5', '/customer/:customerId', { customerId: '5' }],
    ['/customer/5/edit', '/customer/:customerId/edit', { customerId: '5' }],
    ['/customer/5/hosekits/new', '/customer/:customerId/hosekits/new', { customerId: '5' }],
    ['/customer/5/hoseassemblies/new', '/customer/:customerId/hoseassemblies/new', { customerId: '5' }],
    ['/customer/5/salesestimates/new', '/customer/:customerId/salesestimates/new', { customerId: '5' }],
    ['/hoseassemblies/new', '/hoseassemblies/new', {}],
    ['/hoseassemblies/import', '/hoseassemblies/import', {}],
    ['/hoseassembly/7/edit', '/hoseassembly/:hoseAssemblyId/edit', { hoseAssemblyId: '7' }],
    ['/pricelists/new', '/pricelists/new', {}],
    ['/pricelist/p1', '/pricelist/:priceListId', { priceListId: 'p1' }],
    ['/pricelist/p1/edit', '/pricelist/:priceListId/edit', { priceListId: 'p1' }],
    ['/warehouses/import', '/warehouses/import', {}],
    ['/user/details', '/user/:initialTab', { initialTab: 'details' }],
    ['/organization/billing', '/organization/billing', {}],
    ['/organization/settings', '/organization/:initialTab', { initialTab: 'settings' }],
    ['/errors/login', '/errors/login', {}],
    ['/', '/', {}],
  ])('%s -> %s', (pathname, expectedPath, params) => {
    const match = matchRoute(pathname);
    expect(match.route.path).toBe(expectedPath);
    expect(match.params).toEqual(params);
  });

  test.each([
    ['/dashboard/', '/dashboard', {}],
    ['/hosekit/abc/edit/', '/hosekit/:hoseKitId/edit', { hoseKitId: 'abc' }],
    ['/search?q=hose', '/search', {}],
    ['/search/?q=hose&page=2', '/search', {}],
    ['/hosekit/abc?tab=1', '/hosekit/:hoseKitId', { hoseKitId: 'abc' }],
    ['/?code=x&state=y', '/', {}],
    ['', '/', {}],
  ])('trailing slash / query string: %s -> %s', (pathname, expectedPath, params) => {
    const match = matchRoute(pathname);
    expect(match.route.path).toBe(expectedPath);
    expect(match.params).toEqual(params);
  });

  test('parameters are URI-decoded', () => {
    expect(matchRoute('/qs/SN%2F0042').params).toEqual({ serialId: 'SN/0042' });
    expect(matchRoute('/customer/Acme%20Hydraulics').params).toEqual({ customerId: 'Acme Hydraulics' });
  });

  test('a malformed escape does not throw and keeps the raw segment', () => {
    expect(() => matchRoute('/qs/100%')).not.toThrow();
    expect(matchRoute('/qs/100%')).toEqual({
      route: ROUTES.find((r) => r.path === '/qs/:serialId'),
      params: { serialId: '100%' },
    });
  });

  test.each([
    '/nope',
    '/dashboard/extra',
    '/hosekit/a/b/c/d',
    '/components/a/b/c',
    '/customer/5/hosekits',
    '/pricelists/new/extra',
    '/qs',
  ])('unknown path %s -> Not Found', (pathname) => {
    const match = matchRoute(pathname);
    expect(match.route).toBe(NOT_FOUND_ROUTE);
    expect(match.route.path).toBe('*');
    expect(match.params).toEqual({});
  });

  // Every expected route, with its parameters filled in, must match itself (no route is shadowed).
  const concrete = (pattern: string) => pattern.replace(/:(\w+)/g, (_, name: string) => `x-${name}`);
  test.each(EXPECTED_ROUTES.filter((r) => r.path !== '*').map((r) => [concrete(r.path), r.path] as const))(
    '%s matches its own route %s',
    (pathname, pattern) => {
      const match = matchRoute(pathname);
      expect(match.route.path).toBe(pattern);
      const expectedParams = Object.fromEntries(
        [...pattern.matchAll(/:(\w+)/g)].map(([, name]) => [name!, `x-${name}`]),
      );
      expect(match.params).toEqual(expectedParams);
    },
  );
});

describe('pageTitle', () => {
  test.each([
    ['/', 'Hosewright - Home'],
    ['/dashboard', 'Hosewright - Dashboard'],
    ['/contact', 'Hosewright - Contact Us'],
    ['/components', 'Hosewright - Component Library'],
    ['/hosekit/abc/edit', 'Hosewright - Edit Hose Kit'],
    ['/hosekits', 'Hosewright - Hose Kits'],
    ['/subscriptionexpired', 'Hosewright - Subscription Expired'],
    ['/upgradesubscription', 'Hosewright - Upgrade Subscription'],
    ['/search?q=hose', 'Hosewright - Search'],
    ['/features/', 'Hosewright - Features'],
  ])('%s -> %s', (pathname, title) => {
    expect(pageTitle(pathname)).toBe(title);
  });

  test.each(['/nope', '/hosekit/a/b/c/d', '/Dashboardx'])(
    'unknown %s -> Hosewright - Not Found',
    (pathname) => {
      expect(pageTitle(pathname)).toBe('Hosewright - Not Found');
    },
  );
});
