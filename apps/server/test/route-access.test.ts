/**
 * Generated over the live route table: every API route declares its role and tier, and every protected
 * route answers each role × subscription exactly as the shared access policy says.
 */
import { randomUUID } from 'node:crypto';
import { type AccessDecision, evaluateAccess, type Role } from '@hosewright/domain';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProtectedAccess } from '../src/modules/auth/access.ts';
import { installAuth } from '../src/modules/auth/plugin.ts';
import { bearer, createTenant, createTestApp, mintToken, type TestApp, type TestTenant } from './helpers.ts';

const SUBSCRIPTIONS = ['trial', 'professional', 'enterprise', 'expired'] as const;
type SubscriptionCase = (typeof SUBSCRIPTIONS)[number];
const ROLE_CASES: Role[] = ['regular', 'admin'];

const t: TestApp = await createTestApp();
afterAll(() => t.close());

const protectedRoutes = t.routes.filter(
  (r): r is typeof r & { access: ProtectedAccess } => !r.access.public && r.method !== 'HEAD',
);

describe('route declarations', () => {
  it('has protected API routes to check', () => {
    expect(protectedRoutes.length).toBeGreaterThan(5);
  });

  it.each(t.routes.map((r) => [`${r.method} ${r.url}`, r] as const))(
    '%s declares its access',
    (_name, route) => {
      if (route.access.public) {
        expect(route.access).toEqual({ public: true });
      } else {
        expect(route.access.roles.length).toBeGreaterThan(0);
      }
    },
  );

  it('refuses to register a route that declares nothing', async () => {
    const bare = Fastify();
    installAuth(bare, {
      authenticate: async () => {
        throw new Error('unused');
      },
    });
    expect(() => bare.get('/api/v1/undeclared', async () => ({}))).toThrow(/does not declare config.access/);
    expect(() =>
      bare.get('/api/v1/no-contract', { config: { access: { public: true } } }, async () => ({})),
    ).toThrow(/is not a contract/);
    await bare.close();
  });
});

describe('every protected route × role × subscription', () => {
  const tenants = {} as Record<SubscriptionCase, TestTenant>;

  beforeAll(async () => {
    for (const s of SUBSCRIPTIONS) {
      tenants[s] = await createTenant(t, s === 'expired' ? { tier: 'trial', expired: true } : { tier: s });
    }
  });

  const cases = protectedRoutes.flatMap((route) =>
    ROLE_CASES.flatMap((role) =>
      SUBSCRIPTIONS.map((sub) => [`${route.method} ${route.url}`, role, sub, route] as const),
    ),
  );

  it.each(cases)('%s as %s on %s', async (_name, role, sub, route) => {
    const tenant = tenants[sub];
    const userId = role === 'admin' ? tenant.adminId : tenant.regularId;
    const token = await mintToken(t, { userId, organizationId: tenant.organizationId });
    const res = await t.app.inject({
      method: route.method as 'GET' | 'POST',
      url: route.url.replace(/:(\w+)/g, () => randomUUID()),
      headers: bearer(token),
      ...(route.method === 'GET' ? {} : { payload: {} }),
    });

    const expected: AccessDecision = evaluateAccess(route.access, {
      roles: [role],
      subscription: {
        tier: sub === 'expired' ? 'trial' : sub,
        expires: sub === 'expired' ? Date.now() - 86_400_000 : Date.now() + 86_400_000,
      },
    });
    if (expected.allowed) {
      expect([401, 403], res.body).not.toContain(res.statusCode);
    } else {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().message).toBe(expected.message);
      if (expected.code !== 'unauthorized') expect(res.json().details.guardCode).toBe(expected.code);
    }
  });
});
