import type { Dashboard } from '@hosewright/domain';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import { memberships, organizations } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { countAssemblies } from '../assemblies/service.ts';
import { MEMBER } from '../auth/access.ts';
import { authOf } from '../auth/plugin.ts';
import { countCustomers } from '../customers/service.ts';
import { countKits } from '../kits/service.ts';

/** What the dashboard shows: the organisation, its plan and the counts of what exists. */
export function dashboardRoutes(app: FastifyInstance, database: Database): void {
  app.get('/api/v1/dashboard', { config: { access: MEMBER } }, async (request): Promise<Dashboard> => {
    const auth = authOf(request);
    return database.withTenant(auth.organizationId, async (tx) => {
      const [org] = await tx.select().from(organizations).where(eq(organizations.id, auth.organizationId));
      if (!org) throw AppError.notFound('The organisation');
      const [users] = await tx
        .select({ n: count() })
        .from(memberships)
        .where(eq(memberships.organizationId, auth.organizationId));
      const s = auth.subscription;
      return {
        organization: { _id: org.id, name: org.name },
        subscription: {
          subscriptionType: s.tier,
          expires: s.expiresAt.toISOString(),
          maxCustomers: s.maxCustomers,
          maxHoseAssemblies: s.maxHoseAssemblies,
          maxHoseKits: s.maxHoseKits,
        },
        counts: {
          users: users?.n ?? 0,
          customers: await countCustomers(tx, auth.organizationId),
          hoseAssemblies: await countAssemblies(tx, auth.organizationId),
          hoseKits: await countKits(tx, auth.organizationId),
        },
      };
    });
  });
}
