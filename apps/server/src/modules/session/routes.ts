import type { SessionProfile } from '@hosewright/domain';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import { MEMBER } from '../auth/access.ts';
import { type AuthContext, authOf } from '../auth/plugin.ts';
import { endSession, openSession } from './service.ts';

/** Sign-in bookkeeping: the app opens a session after the provider hands it a token, and ends it on sign-out. */
export function sessionRoutes(app: FastifyInstance, database: Database): void {
  app.post(
    '/api/v1/sessions/create',
    {
      config: {
        access: { ...MEMBER, allowExpired: true, missingTokenIsNotAcceptable: true },
      },
    },
    async (request) => {
      const auth = authOf(request);
      await openSession(database, auth);
      return toProfile(auth);
    },
  );

  app.post(
    '/api/v1/sessions/delete',
    { config: { access: { ...MEMBER, allowExpired: true, allowUnverified: true } } },
    async (request) => {
      await endSession(database, authOf(request));
      return { ok: true };
    },
  );
}

export function toProfile(auth: AuthContext): SessionProfile {
  return {
    userId: auth.userId,
    email: auth.email,
    name: auth.name,
    userRoles: auth.roles,
    subscription: auth.subscription.tier,
    subscriptionExpires: auth.subscription.expiresAt.toISOString(),
    locale: auth.locale === 'en_us' || auth.locale === 'en' ? auth.locale : 'en_ca',
    maxCustomers: auth.subscription.maxCustomers,
    maxHoseAssemblies: auth.subscription.maxHoseAssemblies,
    maxHoseKits: auth.subscription.maxHoseKits,
  };
}
