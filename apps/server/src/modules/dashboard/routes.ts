/** What the dashboard shows: the organisation, its plan and the counts of what exists. */
import { getDashboard } from '@hosewright/domain';
import { count, eq } from 'drizzle-orm';
import { implement } from '../../api/contract-route.ts';
import type { ModuleManifest } from '../../api/manifest.ts';
import { memberships } from '../../db/schema.ts';
import { countAssemblies } from '../assemblies/service.ts';
import { countCustomers } from '../customers/service.ts';
import { countKits } from '../kits/service.ts';
import { getOrganization } from '../organization/service.ts';

export function dashboardModule(): ModuleManifest {
  return {
    routes: [
      implement(getDashboard).inTransaction(async (_input, { tx, auth, organizationId }) => {
        const org = await getOrganization(tx, organizationId);
        const [users] = await tx
          .select({ n: count() })
          .from(memberships)
          .where(eq(memberships.organizationId, organizationId));
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
            customers: await countCustomers(tx, organizationId),
            hoseAssemblies: await countAssemblies(tx, organizationId),
            hoseKits: await countKits(tx, organizationId),
          },
        };
      }),
    ],
  };
}
