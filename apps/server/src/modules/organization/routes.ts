import type { Organization, RolesAndSubscription, UserRoles } from '@hosewright/domain';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { MEMBER } from '../auth/access.ts';
import { authOf } from '../auth/plugin.ts';
import { requestPasswordReset, sendVerificationEmail } from '../identity/accounts.ts';
import type { Mailer } from '../mail/mailer.ts';
import { toProfile } from '../session/routes.ts';
import { getOrganization } from './service.ts';

interface Deps {
  config: Config;
  database: Database;
  mailer: Mailer;
}

/** The signed-in user and their organisation: `/api/v1/user...` and `/api/v1/organization/...`. */
export function organizationRoutes(app: FastifyInstance, { config, database, mailer }: Deps): void {
  app.get(
    '/api/v1/user',
    { config: { access: { ...MEMBER, allowExpired: true, allowUnverified: true } } },
    async (request) => {
      const auth = authOf(request);
      return {
        _id: auth.userId,
        organization_id: auth.organizationId,
        name: auth.name,
        email: auth.email,
        emailVerified: auth.emailVerified,
      };
    },
  );

  app.post(
    '/api/v1/user/resetpassword',
    { config: { access: { ...MEMBER, allowExpired: true } } },
    async (request) => {
      await requestPasswordReset(database, mailer, config, authOf(request).email);
      return { ok: true };
    },
  );

  app.post(
    '/api/v1/user/verifyemail/resend',
    { config: { access: { ...MEMBER, allowExpired: true, allowUnverified: true } } },
    async (request) => {
      const auth = authOf(request);
      if (!auth.emailVerified) await sendVerificationEmail(database, mailer, config, auth.userId);
      return { ok: true };
    },
  );

  app.get('/api/v1/organization/', { config: { access: MEMBER } }, async (request): Promise<Organization> => {
    const auth = authOf(request);
    const org = await getOrganization(database, auth.organizationId);
    return { _id: org.id, name: org.name, createdAt: org.createdAt.toISOString() };
  });

  app.get(
    '/api/v1/organization/userrolesandsubscription',
    { config: { access: { ...MEMBER, allowExpired: true } } },
    async (request): Promise<RolesAndSubscription> => {
      const profile = toProfile(authOf(request));
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
    },
  );

  app.get(
    '/api/v1/organization/userroles',
    { config: { access: { ...MEMBER, allowExpired: true } } },
    async (request): Promise<UserRoles> => {
      const auth = authOf(request);
      return { userId: auth.userId, userRoles: auth.roles };
    },
  );
}
