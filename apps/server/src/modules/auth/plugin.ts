/**
 * Authentication and authorisation for every API route, driven by the route's declared `config.access`:
 * verify the bearer token, load the caller's membership and subscription inside their organisation, then
 * apply the same `evaluateAccess` the web router uses. Routes without a declaration are refused at start-up.
 */
import {
  API_CUSTOMER_HEADER,
  type ApiAccess,
  AppErrorCode,
  evaluateAccess,
  isRole,
  isTier,
  type PlanLimits,
  type ProtectedAccess,
  type Role,
  type Tier,
} from '@hosewright/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database, Tx } from '../../db/client.ts';
import {
  apiKeys,
  memberships,
  revokedTokens,
  subscriptions,
  userProfileColumns,
  users,
} from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import type { AccessClaims, TokenVerifier } from './tokens.ts';

export interface AuthContext {
  userId: string;
  organizationId: string;
  email: string;
  name: string;
  locale: string;
  emailVerified: boolean;
  roles: Role[];
  subscription: { tier: Tier; expiresAt: Date } & PlanLimits;
  tokenId: string;
  /** The grant the token came from, when the embedded provider minted it: sign-out ends it. */
  grantId?: string;
  tokenExpiresAt: Date;
  /** An ERP's call (`apikeys/`): the key it came with. It acts with the key's role, as the admin who made it. */
  apiKey?: { id: string; name: string; customerId: string | null };
  /**
   * The customer this call acts for: the key's own, or the `apicustomerid` header's (checked by the contract
   * route). Row-level security then shows that customer's data only (`db/customer-scope.ts`).
   */
  customerId?: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyContextConfig {
    /** Who may call the route: every route declares it (an `/api/v1` route takes its contract's). */
    access?: ApiAccess;
  }
}

/** The caller's context on a protected route (set by the hook; never null there). */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError(AppErrorCode.Unauthenticated, 'Sign in to continue');
  return request.auth;
}

export interface RegisteredRoute {
  method: string;
  url: string;
  access: ApiAccess;
}

/**
 * Verified tokens and their loaded context, for at most `AUTH_CACHE_TTL_MS` and never past the token's
 * expiry (ADR 0005). The database's change feed drops entries the moment a membership, subscription or
 * user changes or a token is revoked, so the cache never answers differently from the database.
 */
const AUTH_CACHE_TTL_MS = 60_000;
const AUTH_CACHE_MAX = 10_000;

interface CachedAuth {
  context: LoadedContext;
  cachedAt: number;
}

class AuthCache {
  private readonly entries = new Map<string, CachedAuth>();
  /** Bumped by every change; a load that saw another version is not cached. */
  version = 0;

  get(token: string): LoadedContext | undefined {
    const hit = this.entries.get(token);
    if (!hit) return undefined;
    const now = Date.now();
    if (now - hit.cachedAt > AUTH_CACHE_TTL_MS || now >= hit.context.tokenExpiresAt.getTime()) {
      this.entries.delete(token);
      return undefined;
    }
    return hit.context;
  }

  set(token: string, context: LoadedContext, version: number): void {
    if (version !== this.version) return;
    if (this.entries.size >= AUTH_CACHE_MAX) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(token, { context, cachedAt: Date.now() });
  }

  onChange(payload: string): void {
    this.version += 1;
    if (payload === '*') {
      this.entries.clear();
      return;
    }
    const [kind, id] = [payload.slice(0, payload.indexOf(':')), payload.slice(payload.indexOf(':') + 1)];
    if (kind === 'token') {
      for (const [token, hit] of this.entries) {
        if (revocationKeys(hit.context).includes(id)) this.entries.delete(token);
      }
      return;
    }
    const field = ({ org: 'organizationId', user: 'userId' } as const)[kind as 'org'];
    if (!field) return;
    for (const [token, hit] of this.entries) {
      if (hit.context[field] === id) this.entries.delete(token);
    }
  }
}

/**
 * Who a bearer token is and whether they may use an endpoint: the one check behind every API request and
 * every notifications socket. Loaded contexts are cached (`AuthCache`) and dropped by the change feed.
 */
export interface Authenticator {
  /** The caller's context, refused with the guard's error when `access` does not let them in. */
  authenticate(token: string, access: ProtectedAccess): Promise<AuthContext>;
}

export function createAuthenticator(
  database: Database,
  verifyToken: TokenVerifier,
): Authenticator & { close(): void } {
  const cache = new AuthCache();
  const unsubscribe = database.onChange((payload) => cache.onChange(payload));
  return {
    close: unsubscribe,
    async authenticate(token, access) {
      let context = cache.get(token);
      if (!context) {
        const version = cache.version;
        context = await loadContext(database, await verifyToken(token));
        cache.set(token, context, version);
      }
      if (!context.emailVerified && !access.allowUnverified) {
        throw new AppError(AppErrorCode.EmailNotVerified, 'Verify your email address to continue', {
          email: context.email,
        });
      }
      const decision = evaluateAccess(access, {
        roles: context.roles,
        subscription: context.subscription
          ? { tier: context.subscription.tier, expires: context.subscription.expiresAt }
          : null,
      });
      if (!decision.allowed) throw denialError(decision.code, decision.message, context);
      return context as AuthContext;
    },
  };
}

/**
 * Every route declares its access; an `/api/v1/` route is a contract (`registerContractRoute`), so it cannot
 * exist without one. The request hook authenticates protected routes before anything else runs.
 */
export function installAuth(app: FastifyInstance, authenticator: Authenticator): RegisteredRoute[] {
  const routes: RegisteredRoute[] = [];
  app.decorateRequest('auth', null);

  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    if (!access) {
      throw new Error(
        `Route ${String(route.method)} ${route.url} does not declare config.access (role and tier)`,
      );
    }
    if (route.url.startsWith('/api/v1/') && !route.config?.contract) {
      throw new Error(
        `Route ${String(route.method)} ${route.url} is not a contract (see api/contract-route.ts)`,
      );
    }
    for (const method of [route.method].flat()) routes.push({ method, url: route.url, access });
  });

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access;
    if (!access || access.public) return;

    const token = bearerToken(request);
    if (!token) {
      if (access.missingTokenIsNotAcceptable) {
        throw new AppError(AppErrorCode.NotAcceptable, 'accessToken is required');
      }
      throw new AppError(AppErrorCode.Unauthenticated, 'Sign in to continue');
    }
    request.auth = actingFor(await authenticator.authenticate(token, access), request);
  });

  return routes;
}

/**
 * The customer a call acts for: a key bound to a customer always acts for it, and the `apicustomerid` header
 * (SPEC 7: every product call sends it, empty outside API mode) names one for any other caller. A header that
 * is not an id, or differs from the key's customer, names a customer we do not have: 404.
 */
function actingFor(context: AuthContext, request: FastifyRequest): AuthContext {
  const header = request.headers[API_CUSTOMER_HEADER];
  const named = (Array.isArray(header) ? header[0] : header)?.trim() ?? '';
  const bound = context.apiKey?.customerId ?? '';
  if (named && (!isUuid(named) || (bound && named.toLowerCase() !== bound))) {
    throw new AppError(AppErrorCode.NotFound, 'The customer was not found');
  }
  const customerId = bound || named.toLowerCase();
  return customerId ? { ...context, customerId } : context;
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

type LoadedContext = Omit<AuthContext, 'subscription'> & { subscription: AuthContext['subscription'] | null };

async function loadContext(database: Database, claims: AccessClaims): Promise<LoadedContext> {
  if ((!claims.apiKeyId && !isUuid(claims.userId)) || !isUuid(claims.organizationId)) {
    throw new AppError(
      AppErrorCode.Unauthenticated,
      'The access token does not name a user and organisation',
    );
  }
  if (claims.apiKeyId) return loadApiKeyContext(database, claims, claims.apiKeyId);
  return database.withTenant(claims.organizationId, async (tx) => {
    const [revoked] = await tx
      .select({ tokenId: revokedTokens.tokenId })
      .from(revokedTokens)
      .where(inArray(revokedTokens.tokenId, revocationKeys(claims)));
    if (revoked) throw new AppError(AppErrorCode.Unauthenticated, 'This session has ended. Sign in again.');

    const [row] = await tx
      .select({
        user: userProfileColumns,
        role: memberships.role,
      })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(
        and(eq(memberships.userId, claims.userId), eq(memberships.organizationId, claims.organizationId)),
      );
    if (!row) {
      throw new AppError(AppErrorCode.Unauthorized, 'Unauthorized to access this resource');
    }
    const subscription = await subscriptionOf(tx, claims.organizationId);
    return {
      userId: row.user.id,
      organizationId: claims.organizationId,
      email: row.user.email,
      name: row.user.name,
      locale: row.user.locale,
      emailVerified: row.user.emailVerifiedAt !== null,
      roles: isRole(row.role) ? [row.role] : [],
      subscription,
      tokenId: claims.tokenId,
      ...(claims.grantId ? { grantId: claims.grantId } : {}),
      tokenExpiresAt: claims.expiresAt,
    };
  });
}

/**
 * An ERP's token: the key must still exist, be enabled and not have expired, else 401 with `apiFailed` (the
 * embedded app then asks its parent page for a new token). It acts with the key's role as the admin who made
 * it (what it saves is theirs), and is cached no longer than the key works.
 */
async function loadApiKeyContext(
  database: Database,
  claims: AccessClaims,
  apiKeyId: string,
): Promise<LoadedContext> {
  const refused = (message: string) =>
    new AppError(AppErrorCode.Unauthenticated, message, { apiFailed: true });
  if (!isUuid(apiKeyId)) throw refused('The API token is not valid. Exchange the API key for a new one.');
  return database.withTenant(claims.organizationId, async (tx) => {
    const [key] = await tx.select().from(apiKeys).where(eq(apiKeys.id, apiKeyId));
    if (!key) throw refused('This API key was deleted. Ask an admin of the shop for a new key.');
    if (!key.enabled) throw refused('This API key is disabled. Ask an admin of the shop to enable it.');
    if (key.expiresAt && key.expiresAt.getTime() <= Date.now()) {
      throw refused('This API key has expired. Ask an admin of the shop for a new key.');
    }
    const subscription = await subscriptionOf(tx, claims.organizationId);
    const expiresAt = key.expiresAt && key.expiresAt < claims.expiresAt ? key.expiresAt : claims.expiresAt;
    return {
      userId: key.createdBy,
      organizationId: claims.organizationId,
      email: '',
      name: key.name,
      locale: 'en-CA',
      emailVerified: true,
      roles: isRole(key.role) ? [key.role] : [],
      subscription,
      tokenId: claims.tokenId,
      tokenExpiresAt: expiresAt,
      apiKey: { id: key.id, name: key.name, customerId: key.customerId },
    };
  });
}

async function subscriptionOf(tx: Tx, organizationId: string): Promise<AuthContext['subscription'] | null> {
  const [sub] = await tx.select().from(subscriptions).where(eq(subscriptions.organizationId, organizationId));
  return sub && isTier(sub.tier)
    ? {
        tier: sub.tier,
        expiresAt: sub.expiresAt,
        maxCustomers: sub.maxCustomers,
        maxHoseAssemblies: sub.maxHoseAssemblies,
        maxHoseKits: sub.maxHoseKits,
      }
    : null;
}

function denialError(
  code: 'unauthorized' | 996 | 997 | 845,
  message: string,
  context: LoadedContext,
): AppError {
  switch (code) {
    case 997:
      return new AppError(AppErrorCode.SubscriptionExpired, message, {
        guardCode: 997,
        subscriptionStatus: {
          subscriptionType: context.subscription?.tier,
          expires: context.subscription?.expiresAt.toISOString(),
        },
      });
    case 996:
      return new AppError(AppErrorCode.WrongTier, message, { guardCode: 996 });
    case 845:
      return new AppError(AppErrorCode.MissingRole, message, { guardCode: 845 });
    default:
      return new AppError(AppErrorCode.Unauthorized, message);
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/**
 * The `revoked_tokens` keys that refuse a token: its own id, and its grant's (`grant:<id>`), which sign-out
 * revokes so that every access token minted from the grant is refused at once, not only the one signing out.
 */
export function revocationKeys(token: { tokenId: string; grantId?: string }): string[] {
  return token.grantId ? [token.tokenId, `grant:${token.grantId}`] : [token.tokenId];
}
