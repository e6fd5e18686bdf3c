import {
  type Organization,
  type RolesAndSubscription,
  type UserRoles,
  userUpdateSchema,
} from '@hosewright/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { AppError, parseOrThrow } from '../../lib/errors.ts';
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

  // Only the caller's own record: the user id comes from the token, never from the request.
  app.post(
    '/api/v1/users/update',
    { config: { access: { ...MEMBER, allowUnverified: true } } },
    async (request) => {
      const auth = authOf(request);
      const change = parseOrThrow(userUpdateSchema, request.body);
      const [user] = await database.withTenant(auth.organizationId, async (tx) => {
        if (change.name !== undefined || change.locale !== undefined) {
          await tx.update(users).set(change).where(eq(users.id, auth.userId));
        }
        return tx.select().from(users).where(eq(users.id, auth.userId));
      });
      if (!user) throw AppError.notFound('Your user');
      return {
        _id: user.id,
        organization_id: auth.organizationId,
        name: user.name,
        email: user.email,
        emailVerified: user.emailVerifiedAt !== null,
        locale: user.locale,
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

  // The organisation's name is changed by `POST /api/v1/organization/update` (admins; SPEC 7 "/update"),
  // which the components module registers with the other organisation settings: one call, not two.
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
