/**
 * Plan limits (`PLANS` in plans.ts): an attempt beyond `maxCustomers`, `maxHoseAssemblies` or `maxHoseKits`
 * is refused with a message that names the limit and links to the upgrade page; the caller checks inside the
 * transaction that would create the object, so nothing is half-created.
 */
import { AppErrorCode, type PlanLimits } from '@hosewright/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { subscriptions } from '../db/schema.ts';
import { AppError } from './errors.ts';

const WHAT: Record<keyof PlanLimits, string> = {
  maxCustomers: 'customers',
  maxHoseAssemblies: 'hose assemblies',
  maxHoseKits: 'hose kits',
};

export const UPGRADE_URL = '/upgradesubscription';

/**
 * Refuses when the organisation already has `current` objects and its plan allows no more. Takes the
 * subscription row's lock, so two requests cannot both take the last place.
 */
export async function assertWithinPlanLimit(
  tx: Tx,
  organizationId: string,
  limit: keyof PlanLimits,
  current: (tx: Tx) => Promise<number>,
  adding = 1,
): Promise<void> {
  const [sub] = await tx
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.organizationId, organizationId))
    .for('update');
  if (!sub) return;
  const max = sub[limit];
  const count = await current(tx);
  if (count + adding > max) {
    throw new AppError(
      AppErrorCode.LimitReached,
      `Your plan allows ${max} ${WHAT[limit]} and you have ${count}. Upgrade your subscription to add more.`,
      { limit, max, count, upgradeUrl: UPGRADE_URL },
    );
  }
}
