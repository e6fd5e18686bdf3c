/**
 * Authentication and authorisation for every API route, driven by the route's declared `config.access`:
 * verify the bearer token, load the caller's membership and subscription inside their organisation, then
 * apply the same `evaluateAccess` the web router uses. Routes without a declaration are refused at start-up.
 */
import {
  AppErrorCode,
  evaluateAccess,
  isRole,
  isTier,
  type PlanLimits,
  type Role,
  type Tier,
} from '@hosewright/domain';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.ts';
import { memberships, revokedTokens, subscriptions, users } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import type { ApiAccess } from './access.ts';
import type { TokenVerifier } from './tokens.ts';

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
  tokenExpiresAt: Date;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
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

export function installAuth(
  app: FastifyInstance,
  database: Database,
  verifyToken: TokenVerifier,
): RegisteredRoute[] {
  const routes: RegisteredRoute[] = [];
  app.decorateRequest('auth', null);

  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    if (!access) {
      throw new Error(
        `Route ${String(route.method)} ${route.url} does not declare config.access (role and tier)`,
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
    const claims = await verifyToken(token);
    const context = await loadContext(database, claims);

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
    if (!decision.allowed) {
      throw denialError(decision.code, decision.message, context);
    }
    request.auth = context as AuthContext;
  });

  return routes;
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

type LoadedContext = Omit<AuthContext, 'subscription'> & { subscription: AuthContext['subscription'] | null };

async function loadContext(
  database: Database,
  claims: { userId: string; organizationId: string; tokenId: string; expiresAt: Date },
): Promise<LoadedContext> {
  if (!isUuid(claims.userId) || !isUuid(claims.organizationId)) {
    throw new AppError(
      AppErrorCode.Unauthenticated,
      'The access token does not name a user and organisation',
    );
  }
  return database.withTenant(claims.organizationId, async (tx) => {
    const [revoked] = await tx
      .select({ tokenId: revokedTokens.tokenId })
      .from(revokedTokens)
      .where(eq(revokedTokens.tokenId, claims.tokenId));
    if (revoked) throw new AppError(AppErrorCode.Unauthenticated, 'This session has ended. Sign in again.');

    const [row] = await tx
      .select({ user: users, role: memberships.role })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(
        and(eq(memberships.userId, claims.userId), eq(memberships.organizationId, claims.organizationId)),
      );
    if (!row) {
      throw new AppError(AppErrorCode.Unauthorized, 'Unauthorized to access this resource');
    }
    const [sub] = await tx
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.organizationId, claims.organizationId));
    return {
      userId: row.user.id,
      organizationId: claims.organizationId,
      email: row.user.email,
      name: row.user.name,
      locale: row.user.locale,
      emailVerified: row.user.emailVerifiedAt !== null,
      roles: isRole(row.role) ? [row.role] : [],
      subscription:
        sub && isTier(sub.tier)
          ? {
              tier: sub.tier,
              expiresAt: sub.expiresAt,
              maxCustomers: sub.maxCustomers,
              maxHoseAssemblies: sub.maxHoseAssemblies,
              maxHoseKits: sub.maxHoseKits,
            }
          : null,
      tokenId: claims.tokenId,
      tokenExpiresAt: claims.expiresAt,
    };
  });
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
