/** Sign-in bookkeeping: the app opens a session after the provider hands it a token, and ends it on sign-out. */
import {
  createSession,
  deleteSession,
  getUserRoles,
  getUserRolesAndSubscription,
  type SessionProfile,
} from '@hosewright/domain';
import { implement } from '../../api/contract-route.ts';
import type { ModuleManifest } from '../../api/manifest.ts';
import type { AuthContext } from '../auth/plugin.ts';
import { endSession, openSession } from './service.ts';

export function sessionModule(): ModuleManifest {
  return {
    routes: [
      implement(createSession).inTransaction(async (_input, { tx, auth }) => {
        await openSession(tx, auth);
        return toProfile(auth);
      }),
      implement(deleteSession).inTransaction(async (_input, { tx, auth }) => {
        await endSession(tx, auth);
        return { ok: true };
      }),
      implement(getUserRolesAndSubscription).outsideTransaction(async (_input, { auth }) => {
        const profile = toProfile(auth);
        return {
          userId: profile.userId,
          email: profile.email,
          userRoles: profile.userRoles,
          subscription: { subscriptionType: profile.subscription, expires: profile.subscriptionExpires },
          subscriptionProperties: {
            maxCustomers: profile.maxCustomers,
            maxHoseAssemblies: profile.maxHoseAssemblies,
            maxHoseKits: profile.maxHoseKits,
          },
          locale: profile.locale,
        };
      }),
      implement(getUserRoles).outsideTransaction(async (_input, { auth }) => ({
        userId: auth.userId,
        userRoles: auth.roles,
      })),
    ],
  };
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
