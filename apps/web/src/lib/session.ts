/**
 * The signed-in user's session as the browser caches it (cookies named in `SESSION_COOKIES`):
 * the profile in cookies, subscription + expiry + roles also in local storage, and a small zustand store that
 * the guard and the chrome read.
 */
import {
  ACCESS_TOKEN_COOKIE,
  ACCESS_TOKEN_COOKIE_DAYS,
  DEFAULT_LOCALE,
  isTier,
  LOCALES,
  type Locale,
  type RolesAndSubscription,
  SESSION_COOKIE_DAYS,
  type SessionProfile,
  type Tier,
} from '@hosewright/domain';
import { create } from 'zustand';
import { getCookie, readCookies, removeCookie, setCookie } from './cookies';
import { applyLocale } from './i18n';

/** What the guard needs: `evaluateAccess` reads roles and the subscription (null = none at all). */
export interface AccessProfile {
  roles: string[];
  subscription: { tier: Tier; expires: string } | null;
}

/** The cached profile: everything `sessions/create` answers except the name (cookies do not hold it). */
export type CachedSession = Omit<SessionProfile, 'name'> & { name?: string };

/**
 * idle: nothing started; pending: the token and session are being fetched; ready: the session is known;
 * unverified: the email address is not verified yet; failed: the session could not be created;
 * signingOut: the logout sequence runs, so nothing may start a new session.
 */
export type SessionStatus = 'idle' | 'pending' | 'ready' | 'unverified' | 'failed' | 'signingOut';

/** Local storage keys: subscription, expiry and roles persist in local storage too. */
export const STORAGE_KEYS = {
  subscription: 'subscription',
  subscriptionExpires: 'subscriptionExpires',
  userRoles: 'userRoles',
} as const;

const LIMIT_COOKIES = ['maxCustomers', 'maxHoseAssemblies', 'maxHoseKits'] as const;

function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

function parseRoles(raw: string | null | undefined): string[] | null {
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) && parsed.every((r) => typeof r === 'string') ? parsed : null;
  } catch {
    return null;
  }
}

function parseLimit(raw: string | undefined): number | null {
  if (raw === undefined || raw === '') return null;
  const value = Number(raw);
  return Number.isInteger(value) ? value : null;
}

/** The cache is complete only if every one of the nine values is present; otherwise null. */
export function readCachedSession(): CachedSession | null {
  const cookies = readCookies();
  const cookie = (name: string) => cookies.get(name);
  const userId = cookie('userId');
  const email = cookie('email');
  const userRoles = parseRoles(cookie('userRoles'));
  const subscription = cookie('subscription');
  const subscriptionExpires = cookie('subscriptionExpires');
  const locale = cookie('locale');
  const [maxCustomers, maxHoseAssemblies, maxHoseKits] = LIMIT_COOKIES.map((name) =>
    parseLimit(cookie(name)),
  );
  if (!userId || !email || !userRoles || !isTier(subscription) || !subscriptionExpires) return null;
  if (!isLocale(locale) || maxCustomers == null || maxHoseAssemblies == null || maxHoseKits == null) {
    return null;
  }
  return {
    userId,
    email,
    userRoles,
    subscription,
    subscriptionExpires,
    locale,
    maxCustomers,
    maxHoseAssemblies,
    maxHoseKits,
  };
}

/** Roles and subscription from local storage, when all three are there. */
export function readPersistedAccess(): AccessProfile | null {
  try {
    const tier = localStorage.getItem(STORAGE_KEYS.subscription);
    const expires = localStorage.getItem(STORAGE_KEYS.subscriptionExpires);
    const roles = parseRoles(localStorage.getItem(STORAGE_KEYS.userRoles));
    if (!isTier(tier) || !expires || !roles) return null;
    return { roles, subscription: { tier, expires } };
  } catch {
    return null;
  }
}

function persistAccess(access: AccessProfile): void {
  try {
    localStorage.setItem(STORAGE_KEYS.userRoles, JSON.stringify(access.roles));
    if (access.subscription) {
      localStorage.setItem(STORAGE_KEYS.subscription, access.subscription.tier);
      localStorage.setItem(STORAGE_KEYS.subscriptionExpires, access.subscription.expires);
    } else {
      localStorage.removeItem(STORAGE_KEYS.subscription);
      localStorage.removeItem(STORAGE_KEYS.subscriptionExpires);
    }
  } catch {
    // Storage can be unavailable (private mode, quota); the cookies and the store still hold the session.
  }
}

function writeSessionCookies(session: CachedSession): void {
  const options = { days: SESSION_COOKIE_DAYS };
  setCookie('userId', session.userId, options);
  setCookie('email', session.email, options);
  setCookie('userRoles', JSON.stringify(session.userRoles), options);
  setCookie('subscription', session.subscription, options);
  setCookie('subscriptionExpires', session.subscriptionExpires, options);
  setCookie('locale', session.locale, options);
  setCookie('maxCustomers', String(session.maxCustomers), options);
  setCookie('maxHoseAssemblies', String(session.maxHoseAssemblies), options);
  setCookie('maxHoseKits', String(session.maxHoseKits), options);
}

function accessOf(session: CachedSession): AccessProfile {
  return {
    roles: session.userRoles,
    subscription: { tier: session.subscription, expires: session.subscriptionExpires },
  };
}

interface SessionState {
  profile: CachedSession | null;
  /** null until roles and subscription are known (the guard waits for them). */
  access: AccessProfile | null;
  status: SessionStatus;
  /** Set by the redirect callback: the next session start must ask the server, not trust the cache. */
  isFreshLogin: boolean;
  /** The roles cookie was dropped (a call was refused for a missing role): `/userroles` is asked again. */
  rolesStale: boolean;
}

function initialState(): SessionState {
  return {
    profile: null,
    access: readPersistedAccess(),
    status: 'idle',
    isFreshLogin: false,
    rolesStale: false,
  };
}

export const useSessionStore = create<SessionState>()(() => initialState());

/** Re-read the persisted state (tests, and after another tab signs out). */
export function resetSessionStore(): void {
  useSessionStore.setState(initialState(), true);
}

export function setSessionStatus(status: SessionStatus): void {
  useSessionStore.setState({ status });
}

/** A sign-in just completed: forget what was cached for whoever was here before. */
export function beginFreshLogin(): void {
  useSessionStore.setState({
    profile: null,
    access: null,
    status: 'idle',
    isFreshLogin: true,
    rolesStale: false,
  });
}

/** Store what `sessions/create` answered: cookies (30 days), local storage, the store and the language. */
export function storeSessionProfile(session: CachedSession): void {
  writeSessionCookies(session);
  const access = accessOf(session);
  persistAccess(access);
  useSessionStore.setState({ profile: session, access, status: 'ready', isFreshLogin: false });
  applyLocale(session.locale);
}

/**
 * The user changed their own name or language (`users/update`): the cached profile and the `locale` cookie
 * follow, and the interface switches language at once (the next session start reads the same values).
 */
export function updateOwnProfile(change: { name?: string; locale?: Locale }): void {
  if (change.locale) {
    setCookie('locale', change.locale, { days: SESSION_COOKIE_DAYS });
    applyLocale(change.locale);
  }
  const { profile } = useSessionStore.getState();
  if (!profile) return;
  useSessionStore.setState({
    profile: {
      ...profile,
      ...(change.name !== undefined ? { name: change.name } : {}),
      ...(change.locale ? { locale: change.locale } : {}),
    },
  });
}

/** Whether the roles are held in their cookie (they are fetched from `/userroles` when absent). */
export function hasRolesCookie(): boolean {
  return parseRoles(getCookie('userRoles')) !== null;
}

/**
 * The server refused a call for a missing role (guard code 845): the user's roles may have changed since they
 * were cached, so the cookie goes and `useRolesSync` asks `/userroles`.
 */
export function forgetRoles(): void {
  removeCookie('userRoles');
  useSessionStore.setState({ rolesStale: true });
}

/** Store what `/userroles` answered: the cookie, local storage and the store. */
export function storeRoles(roles: string[]): void {
  setCookie('userRoles', JSON.stringify(roles), { days: SESSION_COOKIE_DAYS });
  const { access, profile } = useSessionStore.getState();
  const nextAccess: AccessProfile = { roles, subscription: access?.subscription ?? null };
  persistAccess(nextAccess);
  useSessionStore.setState({
    access: nextAccess,
    profile: profile ? { ...profile, userRoles: roles } : null,
    rolesStale: false,
  });
}

/** Asking `/userroles` failed: stop asking until the next refusal ('Could not get user roles' is shown). */
export function rolesFetchFailed(): void {
  useSessionStore.setState({ rolesStale: false });
}

/** Store what `organization/userrolesandsubscription` answered (it carries the same values). */
export function storeRolesAndSubscription(value: RolesAndSubscription): void {
  const previous = useSessionStore.getState().profile;
  storeSessionProfile({
    ...(previous?.name ? { name: previous.name } : {}),
    userId: value.userId,
    email: value.email,
    userRoles: value.userRoles,
    subscription: value.subscription.subscriptionType,
    subscriptionExpires: value.subscription.expires,
    locale: value.locale,
    maxCustomers: value.subscriptionProperties.maxCustomers,
    maxHoseAssemblies: value.subscriptionProperties.maxHoseAssemblies,
    maxHoseKits: value.subscriptionProperties.maxHoseKits,
  });
}

/**
 * A 403 carrying the subscription status (`apiRequest` hands it here). The stored subscription becomes
 * trial if the last one was trial (a lapsed trial stays a trial, whatever tier the server names), and the
 * expiry becomes the server's, so the banner and the guard see the expiry at once.
 */
export function applySubscriptionStatus(status: { subscriptionType?: unknown; expires?: unknown }): void {
  const { access, profile } = useSessionStore.getState();
  const last = access?.subscription?.tier;
  const tier: Tier =
    last === 'trial'
      ? 'trial'
      : isTier(status.subscriptionType)
        ? status.subscriptionType
        : (last ?? 'trial');
  const expires = typeof status.expires === 'string' ? status.expires : new Date().toISOString();
  const nextAccess: AccessProfile = { roles: access?.roles ?? [], subscription: { tier, expires } };
  persistAccess(nextAccess);
  setCookie('subscription', tier, { days: SESSION_COOKIE_DAYS });
  setCookie('subscriptionExpires', expires, { days: SESSION_COOKIE_DAYS });
  useSessionStore.setState({
    access: nextAccess,
    profile: profile ? { ...profile, subscription: tier, subscriptionExpires: expires } : null,
  });
}

/**
 * Signing out, first step: clear the profile, reset the locale to en_ca and remove the cached role,
 * email, subscription and limit values. The userId and token cookies stay until the session delete call
 * has used them.
 */
export function clearCachedProfile(): void {
  for (const name of ['email', 'userRoles', 'subscription', 'subscriptionExpires', ...LIMIT_COOKIES]) {
    removeCookie(name);
  }
  setCookie('locale', DEFAULT_LOCALE, { days: SESSION_COOKIE_DAYS });
  try {
    for (const key of Object.values(STORAGE_KEYS)) localStorage.removeItem(key);
  } catch {
    // Nothing to clear when storage is unavailable.
  }
  useSessionStore.setState({
    profile: null,
    access: null,
    status: 'signingOut',
    isFreshLogin: false,
    rolesStale: false,
  });
  applyLocale(DEFAULT_LOCALE);
}

/** The last logout step on our side: the token (and the user id the delete call sent) go. */
export function removeAccessToken(): void {
  removeCookie(ACCESS_TOKEN_COOKIE);
  removeCookie('userId');
}

export function getStoredAccessToken(): string | undefined {
  return getCookie(ACCESS_TOKEN_COOKIE) || undefined;
}

/** The access token cookie lasts `ACCESS_TOKEN_COOKIE_DAYS` (the token itself expires much sooner). */
export function storeAccessToken(token: string): void {
  setCookie(ACCESS_TOKEN_COOKIE, token, { days: ACCESS_TOKEN_COOKIE_DAYS });
}

/** The banner's rule: a subscription exists and its expiry is earlier than now. */
export function isSubscriptionExpired(access: AccessProfile | null, now: Date = new Date()): boolean {
  if (!access?.subscription) return false;
  return new Date(access.subscription.expires).getTime() < now.getTime();
}
