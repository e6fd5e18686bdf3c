/**
 * The access policy: every SPA route as data (ADR 0002), and the guard that evaluates it.
 * The web router guard and the server's route declarations both use these types and this evaluation,
 * so the two sides cannot drift apart.
 */
import { ENTERPRISE_TIERS, PREMIUM_TIERS, type Role, type Tier } from './plans.ts';

export interface RouteAccess {
  /** React Router style pattern: `/hosekit/:hoseKitId/edit`. */
  path: string;
  /** The route name used in the page title: `Hosewright - <name>`. */
  name: string;
  /** Public routes need no sign-in and no subscription. */
  public?: boolean;
  /** Headerless routes render only their content (no app bar, footer). */
  headerless?: boolean;
  /** At least one of these roles is needed; undefined means any signed-in user. */
  roles?: readonly Role[];
  /** The current subscription must be one of these; undefined means any valid, unexpired tier. */
  subscriptions?: readonly Tier[];
  /** Reachable with an expired subscription: the pages that let an expired shop upgrade and pay. */
  allowExpired?: boolean;
}

const ANY_ROLE: readonly Role[] = ['regular', 'admin'];
const ADMIN: readonly Role[] = ['admin'];

const pub = (path: string, name: string, headerless = false): RouteAccess =>
  headerless ? { path, name, public: true, headerless } : { path, name, public: true };
const login = (path: string, name: string): RouteAccess => ({ path, name });
const payment = (path: string, name: string): RouteAccess => ({ path, name, allowExpired: true });
const editor = (path: string, name: string): RouteAccess => ({ path, name, roles: ANY_ROLE });
const premiumEditor = (path: string, name: string): RouteAccess => ({
  path,
  name,
  roles: ANY_ROLE,
  subscriptions: PREMIUM_TIERS,
});
const admin = (path: string, name: string): RouteAccess => ({ path, name, roles: ADMIN });
const premiumAdmin = (path: string, name: string): RouteAccess => ({
  path,
  name,
  roles: ADMIN,
  subscriptions: PREMIUM_TIERS,
});
const premium = (path: string, name: string): RouteAccess => ({ path, name, subscriptions: PREMIUM_TIERS });
const enterpriseAdmin = (path: string, name: string): RouteAccess => ({
  path,
  name,
  roles: ADMIN,
  subscriptions: ENTERPRISE_TIERS,
});
const enterprise = (path: string, name: string): RouteAccess => ({
  path,
  name,
  subscriptions: ENTERPRISE_TIERS,
});

/** Every SPA route with its role and tier rule. `*` is the Not Found page. */
export const ROUTES: readonly RouteAccess[] = [
  // Public routes (no login)
  pub('/', 'Home'),
  pub('/contact', 'Contact Us'),
  pub('/signup', 'Sign Up'),
  pub('/login', 'Login'),
  pub('/logout', 'Logout'),
  pub('/callback', 'Callback'),
  pub('/logoutcallback', 'Logout'),
  pub('/qs/:serialId', 'Hose Assembly'),
  pub('/verifyemail', 'Verify Email'),
  pub('/subscriptionexpired', 'Subscription Expired'),
  pub('/errors/login', 'Login Error'),
  pub('/features', 'Features'),
  pub('/configurator', 'Configurator', true),
  pub('/iframe/hoseassembly', 'Configurator', true),

  // Login only
  login('/dashboard', 'Dashboard'),
  login('/attributions', 'Attributions'),
  login('/user', 'User'),
  login('/user/:initialTab', 'User'),
  login('/notifications', 'Notifications'),
  login('/support', 'Support'),
  login('/search', 'Search'),
  login('/hoseassemblies', 'Hose Assemblies'),
  login('/hoseassembly/:hoseAssemblyId', 'Hose Assembly'),
  login('/item/:itemId', 'Item'),
  login('/hosekits', 'Hose Kits'),
  login('/hosekit/:hoseKitId', 'Hose Kit'),
  login('/hosekit/:hoseKitId/:initialTab', 'Hose Kit'),
  login('/customers', 'Customers'),
  login('/customer/:customerId', 'Customer'),
  login('/organization', 'Organization'),
  // Admins only, and reachable when the plan has expired: the invoices and the card, to pay (issue 15).
  { path: '/organization/billing', name: 'Billing History', roles: ADMIN, allowExpired: true },
  login('/organization/:initialTab', 'Organization'),
  login('/adaptor/:adaptorId', 'Adaptor'),
  login('/crimpfitting/:crimpFittingId', 'Crimp Fitting'),
  login('/hose/:hoseId', 'Hose'),
  login('/ferrule/:ferruleId', 'Ferrule'),
  login('/wrap/:wrapId', 'Wrap'),
  login('/otheritem/:otherItemId', 'Other Item'),
  payment('/upgradesubscription', 'Upgrade Subscription'),
  payment('/stripe/callback', 'Payment'),
  payment('/payment/success', 'Payment Success'),
  payment('/payment/cancel', 'Payment Cancelled'),

  // Regular or admin role
  editor('/hoseassemblies/new', 'Build a Hose'),
  editor('/hoseassembly/:hoseAssemblyId/edit', 'Edit Hose Assembly'),
  editor('/hosekit/:hoseKitId/edit', 'Edit Hose Kit'),
  editor('/hosekit/:hoseKitId/edit/:editType', 'Edit Hose Kit'),
  editor('/hosekits/new', 'New Hose Kit'),
  editor('/customers/new', 'New Customer'),
  editor('/customer/:customerId/edit', 'Edit Customer'),
  editor('/customer/:customerId/hosekits/new', 'New Hose Kit'),
  editor('/customer/:customerId/hoseassemblies/new', 'Build a Hose'),

  // Regular or admin, plus professional or enterprise
  premiumEditor('/customer/:customerId/salesestimates/new', 'New Sales Estimate'),
  premiumEditor('/salesestimates/new', 'New Sales Estimate'),
  premiumEditor('/salesestimate/:salesEstimateId/edit', 'Edit Sales Estimate'),
  premiumEditor('/salesestimate/:salesEstimateId/edit/:editType', 'Edit Sales Estimate'),
  premiumEditor('/warehouses/new', 'New Warehouse'),
  premiumEditor('/warehouse/:warehouseId/edit', 'Edit Warehouse'),
  premiumEditor('/warehouse/:warehouseId/edit/:editType', 'Edit Warehouse'),
  premiumEditor('/workorders/new', 'New Work Order'),
  premiumEditor('/workorder/:workOrderId/edit', 'Edit Work Order'),
  premiumEditor('/workorder/:workOrderId/edit/:editType', 'Edit Work Order'),

  // Admin only
  admin('/hoseassemblies/import', 'Import Hose Assemblies'),
  admin('/customers/import', 'Import Customers'),
  admin('/components', 'Component Library'),
  admin('/components/import', 'Import Components'),
  admin('/components/:itemType', 'Component Library'),
  admin('/components/:itemType/:originType', 'Component Library'),

  // Admin, plus professional or enterprise
  premiumAdmin('/inventory/import', 'Import Inventory'),
  premiumAdmin('/warehouses/import', 'Import Warehouses'),
  premiumAdmin('/customers/items/import', 'Import Customer Items'),

  // Professional or enterprise, any role
  premium('/inventory', 'Inventory'),
  premium('/warehouses', 'Warehouses'),
  premium('/warehouse/:warehouseId', 'Warehouse'),
  premium('/workorders', 'Work Orders'),
  premium('/workorder/:workOrderId', 'Work Order'),
  premium('/salesestimates', 'Sales Estimates'),
  premium('/salesestimate/:salesEstimateId', 'Sales Estimate'),

  // Enterprise only
  enterpriseAdmin('/pricelists', 'Price Lists'),
  enterpriseAdmin('/pricelists/new', 'New Price List'),
  enterpriseAdmin('/pricelists/import', 'Import Price Lists'),
  enterpriseAdmin('/pricelist/:priceListId/edit', 'Edit Price List'),
  enterprise('/pricelist/:priceListId', 'Price List'),

  // Any unmatched path: Not Found, which needs a signed-in user
  login('*', 'Not Found'),
];

export const NOT_FOUND_ROUTE = ROUTES[ROUTES.length - 1]!;

/**
 * Find the route a concrete path belongs to. Static segments outrank parameters (as in React Router),
 * so `/hosekit/1/edit` is the edit route, not `/hosekit/:hoseKitId/:initialTab`.
 */
export function matchRoute(pathname: string): { route: RouteAccess; params: Record<string, string> } {
  const parts = splitPath(pathname);
  let best: { route: RouteAccess; params: Record<string, string>; score: number } | undefined;
  for (const route of ROUTES) {
    if (route.path === '*') continue;
    const pattern = splitPath(route.path);
    if (pattern.length !== parts.length) continue;
    const params: Record<string, string> = {};
    let score = 0;
    let ok = true;
    for (let i = 0; i < pattern.length; i++) {
      const p = pattern[i]!;
      const v = parts[i]!;
      if (p.startsWith(':')) {
        params[p.slice(1)] = safeDecode(v);
        score += 1;
      } else if (p === v) {
        score += 10;
      } else {
        ok = false;
        break;
      }
    }
    if (ok && (!best || score > best.score)) best = { route, params, score };
  }
  return best ? { route: best.route, params: best.params } : { route: NOT_FOUND_ROUTE, params: {} };
}

/** A malformed escape (`/qs/100%`) must not throw out of the router guard; keep the raw segment. */
function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function splitPath(path: string): string[] {
  return path.split('?')[0]!.split('/').filter(Boolean);
}

export interface AccessSubject {
  roles: readonly string[];
  /** null when the user has no subscription at all. */
  subscription: { tier: Tier; expires: Date | string | number } | null;
}

/** Guard outcome codes, as the web app and the API answer them (the messages are in `AccessDenial`). */
export const ACCESS_CODES = {
  unauthorized: 'unauthorized',
  wrongTier: 996,
  expired: 997,
  missingRole: 845,
} as const;

export type AccessDenial =
  | { code: 'unauthorized'; message: 'Unauthorized to access this resource'; redirect: '/login' }
  | { code: 997; message: 'Subscription Expired'; redirect: '/subscriptionexpired' }
  | { code: 996; message: 'Cannot access this feature'; redirect: '/upgradesubscription' }
  | { code: 845; message: 'Cannot access this resource'; redirect: '/login' };

export type AccessDecision = { allowed: true } | ({ allowed: false } & AccessDenial);

/** The access rule of a route or an API endpoint. `public` needs nothing at all. */
export interface AccessRule {
  public?: boolean;
  roles?: readonly Role[];
  subscriptions?: readonly Tier[];
  /** An expired subscription may still use it (upgrade, payment, the calls that report the expiry). */
  allowExpired?: boolean;
}

/**
 * Evaluate a rule for a subject (the navigation guard and the API's auth hook, ADR 0002): no subscription
 * -> unauthorized; expired -> 997 (except where the rule allows it: an expired shop must still be able to
 * upgrade); a missing role -> 845; a tier outside the allowed list while the role is fine -> 996.
 */
export function evaluateAccess(
  rule: AccessRule,
  subject: AccessSubject,
  now: Date = new Date(),
): AccessDecision {
  if (rule.public) return { allowed: true };
  if (!subject.subscription) {
    return {
      allowed: false,
      code: 'unauthorized',
      message: 'Unauthorized to access this resource',
      redirect: '/login',
    };
  }
  if (!rule.allowExpired && new Date(subject.subscription.expires).getTime() < now.getTime()) {
    return { allowed: false, code: 997, message: 'Subscription Expired', redirect: '/subscriptionexpired' };
  }
  if (rule.roles && !rule.roles.some((role) => subject.roles.includes(role))) {
    return { allowed: false, code: 845, message: 'Cannot access this resource', redirect: '/login' };
  }
  if (rule.subscriptions && !rule.subscriptions.includes(subject.subscription.tier)) {
    return {
      allowed: false,
      code: 996,
      message: 'Cannot access this feature',
      redirect: '/upgradesubscription',
    };
  }
  return { allowed: true };
}

/** Paths where the navigation guard does not send an unauthenticated visitor to /login. */
export const NO_LOGIN_REDIRECT_PATHS: readonly string[] = [
  '/login',
  '/logout',
  '/logoutcallback',
  '/callback',
  '/',
];

/** The page title for a path: the product name followed by the route name. */
export function pageTitle(pathname: string): string {
  return `Hosewright - ${matchRoute(pathname).route.name}`;
}
