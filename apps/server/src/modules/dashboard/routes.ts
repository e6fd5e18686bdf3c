/**
 * What the dashboard shows (`getDashboard`), in one tenant transaction: the organisation, its plan and the
 * counts of what exists, and the shop's week (service.ts). A section is answered only when the viewer may
 * open the list it summarises (its contract's access, `evaluateAccess`); otherwise it is null.
 */
import {
  type AnyEndpoint,
  evaluateAccess,
  getDashboard,
  listImports,
  listLowStock,
  listSalesEstimates,
  listWorkOrders,
} from '@hosewright/domain';
import { count, eq } from 'drizzle-orm';
import { implement } from '../../api/contract-route.ts';
import type { ModuleManifest } from '../../api/manifest.ts';
import { memberships } from '../../db/schema.ts';
import type { ImportTargets } from '../imports/targets.ts';
import { countUnread } from '../notifications/service.ts';
import { getOrganization, getSettings } from '../organization/service.ts';
import {
  currentWeek,
  estimateFigures,
  failedImports,
  limitedCounts,
  lowStockFigures,
  usageFigures,
  weekDays,
  workOrderFigures,
} from './service.ts';

/** `importTargets` names where each import's log is shown (the failed imports link to theirs). */
export function dashboardModule(importTargets: ImportTargets): ModuleManifest {
  return {
    routes: [
      implement(getDashboard).inTransaction(async ({ query }, { tx, auth, organizationId, userId }) => {
        const org = await getOrganization(tx, organizationId);
        const [users] = await tx
          .select({ n: count() })
          .from(memberships)
          .where(eq(memberships.organizationId, organizationId));
        const s = auth.subscription;
        const subject = { roles: auth.roles, subscription: { tier: s.tier, expires: s.expiresAt } };
        const may = (e: AnyEndpoint) => evaluateAccess(e.access, subject).allowed;
        const week = await currentWeek(tx, query.timeZone);
        const limited = await limitedCounts(tx, organizationId);
        const { hideInventory } = await getSettings(tx, organizationId);
        return {
          organization: { _id: org.id, name: org.name },
          subscription: {
            subscriptionType: s.tier,
            expires: s.expiresAt.toISOString(),
            maxCustomers: s.maxCustomers,
            maxHoseAssemblies: s.maxHoseAssemblies,
            maxHoseKits: s.maxHoseKits,
          },
          counts: { users: users?.n ?? 0, ...limited },
          week: { days: await weekDays(tx, organizationId, week) },
          workOrders: may(listWorkOrders) ? await workOrderFigures(tx, organizationId, week) : null,
          estimates: may(listSalesEstimates) ? await estimateFigures(tx, organizationId, week) : null,
          lowStock: may(listLowStock) && !hideInventory ? await lowStockFigures(tx, organizationId) : null,
          attention: {
            importsFailed: may(listImports)
              ? await failedImports(tx, organizationId, week, importTargets)
              : null,
            notificationsUnread: await countUnread(tx, { organizationId, userId }),
          },
          usage: await usageFigures(tx, organizationId, limited, s),
        };
      }),
    ],
  };
}
