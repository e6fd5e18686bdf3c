/**
 * Generated over the live route table and the contracts: every route declares its access, every `/api/v1`
 * route is a contract, and every protected contract, called with its example input, answers each role ×
 * subscription exactly as the shared access policy (`evaluateAccess`) says. A contract added later is
 * covered here without anyone listing it.
 */
import { randomUUID } from 'node:crypto';
import * as domain from '@hosewright/domain';
import {
  type AccessDecision,
  type AnyEndpoint,
  evaluateAccess,
  exampleOf,
  exampleRefs,
  isPublicAccess,
  type ProtectedAccess,
  type Role,
} from '@hosewright/domain';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installAuth } from '../src/modules/auth/plugin.ts';
import { callEndpoint } from './contract-call.ts';
import { createTenant, createTestApp, mintToken, type TestApp, type TestTenant } from './helpers.ts';

const SUBSCRIPTIONS = ['trial', 'professional', 'enterprise', 'expired'] as const;
type SubscriptionCase = (typeof SUBSCRIPTIONS)[number];
const ROLE_CASES: Role[] = ['regular', 'admin'];

const t: TestApp = await createTestApp();
afterAll(() => t.close());

const protectedContracts = t.contracts.filter(
  (e): e is AnyEndpoint & { access: ProtectedAccess } => !isPublicAccess(e.access),
);

/** Every endpoint contract the domain exports. */
const declared = Object.values(domain).filter(
  (value): value is AnyEndpoint =>
    typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'access' in value,
);

describe('route declarations', () => {
  it('implements every contract the domain declares, each once', () => {
    const implemented = t.contracts.map((e) => e.name).sort();
    expect(new Set(implemented).size).toBe(implemented.length);
    expect(implemented).toEqual(declared.map((e) => e.name).sort());
  });

  it('registers every /api/v1 route from a contract', () => {
    const fromContracts = new Set(t.contracts.map((e) => `${e.method} ${e.path}`));
    const apiRoutes = t.routes.filter((r) => r.url.startsWith('/api/v1') && r.method !== 'HEAD');
    for (const route of apiRoutes) {
      expect(fromContracts.has(`${route.method} ${route.url}`), `${route.method} ${route.url}`).toBe(true);
    }
    expect(apiRoutes.length).toBe(t.contracts.length);
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

  it('refuses to register a route that declares nothing, or an /api/v1 route that is not a contract', async () => {
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

describe('every protected contract × role × subscription', () => {
  const tenants = {} as Record<SubscriptionCase, TestTenant>;

  beforeAll(async () => {
    for (const s of SUBSCRIPTIONS) {
      tenants[s] = await createTenant(t, s === 'expired' ? { tier: 'trial', expired: true } : { tier: s });
    }
  });

  it('has protected contracts to check', () => {
    expect(protectedContracts.length).toBeGreaterThan(20);
  });

  const cases = protectedContracts.flatMap((e) =>
    ROLE_CASES.flatMap((role) => SUBSCRIPTIONS.map((sub) => [e.name, role, sub, e] as const)),
  );

  it.each(cases)('%s as %s on %s', async (_name, role, sub, e) => {
    const tenant = tenants[sub];
    const userId = role === 'admin' ? tenant.adminId : tenant.regularId;
    const token = await mintToken(t, { userId, organizationId: tenant.organizationId });
    // The example's objects do not exist in this organisation: access is decided before they are looked up.
    const res = await callEndpoint(
      t,
      e,
      exampleOf(e, () => randomUUID()),
      token,
    );

    const expected: AccessDecision = evaluateAccess(e.access, {
      roles: [role],
      subscription: {
        tier: sub === 'expired' ? 'trial' : sub,
        expires: sub === 'expired' ? Date.now() - 86_400_000 : Date.now() + 86_400_000,
      },
    });
    if (expected.allowed) {
      expect([401, 403], res.body).not.toContain(res.statusCode);
      // An example that names no objects is complete: it must succeed for everyone it lets in.
      if (exampleRefs(e).length === 0) expect(res.statusCode, res.body).toBe(e.status ?? 200);
    } else {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().message).toBe(expected.message);
      if (expected.code !== 'unauthorized') expect(res.json().details.guardCode).toBe(expected.code);
    }
  });
});
