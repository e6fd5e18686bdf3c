/**
 * Plan limits (`PLANS` in plans.ts): an attempt beyond `maxCustomers`, `maxHoseAssemblies` or `maxHoseKits`
 * is refused with a message that names the limit and links to the upgrade page; so is a picture that would
 * take the organisation's pictures beyond `maxImageStorageBytes`. The caller checks inside the transaction
 * that would create the object, so nothing is half-created.
 */
import { AppErrorCode, isTier, PLANS, type PlanLimits } from '@hosewright/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { acrossCustomers } from '../db/customer-scope.ts';
import { subscriptions } from '../db/schema.ts';
import { AppError } from './errors.ts';

const WHAT: Record<keyof PlanLimits, string> = {
  maxCustomers: 'customers',
  maxHoseAssemblies: 'hose assemblies',
  maxHoseKits: 'hose kits',
};

export const UPGRADE_URL = '/upgradesubscription';

/** The organisation's subscription row, locked, so two requests cannot both take the last place. */
async function lockedSubscription(tx: Tx, organizationId: string) {
  const [sub] = await tx
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.organizationId, organizationId))
    .for('update');
  return sub;
}

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
  const sub = await lockedSubscription(tx, organizationId);
  if (!sub) return;
  const max = sub[limit];
  // The plan counts the whole organisation's, also for a call acting for one customer.
  const count = await acrossCustomers(tx, () => current(tx));
  if (count + adding > max) {
    throw new AppError(
      AppErrorCode.LimitReached,
      `Your plan allows ${max} ${WHAT[limit]} and you have ${count}. Upgrade your subscription to add more.`,
      { limit, max, count, adding, upgradeUrl: UPGRADE_URL },
    );
  }
}

/**
 * Refuses a picture of `bytes` bytes when the organisation's pictures would then take more than its plan's
 * `maxImageStorageBytes` (the tier's value in `PLANS`). `usage` answers the bytes its pictures take now and
 * those of the picture this one replaces: a replacement adds the difference, so a smaller picture is always
 * accepted. Takes the same lock as `assertWithinPlanLimit`.
 */
export async function assertWithinImageStorage(
  tx: Tx,
  organizationId: string,
  bytes: number,
  usage: (tx: Tx) => Promise<{ used: number; replaced: number }>,
): Promise<void> {
  const sub = await lockedSubscription(tx, organizationId);
  if (!sub) return;
  const plan = PLANS[isTier(sub.tier) ? sub.tier : 'trial'];
  const max = plan.maxImageStorageBytes;
  const { used, replaced } = await usage(tx);
  const adding = bytes - replaced;
  if (adding > 0 && used + adding > max) {
    throw new AppError(
      AppErrorCode.LimitReached,
      `Your ${plan.label} plan stores up to ${storage(max)} of pictures and ${storage(used)} are used, so ` +
        `this ${storage(bytes)} picture does not fit. Upgrade your subscription to store more, or replace ` +
        'pictures with smaller ones.',
      { limit: 'maxImageStorageBytes', max, used, upgradeUrl: UPGRADE_URL },
    );
  }
}

/** Bytes as people read them: "50 MB", "49.2 MB", "2 GB", "512 KB" (1 MB is 1024 × 1024 bytes). */
export function storage(bytes: number): string {
  const units = [
    ['GB', 1024 ** 3],
    ['MB', 1024 ** 2],
    ['KB', 1024],
  ] as const;
  for (const [unit, size] of units) {
    if (bytes >= size) return `${Number((bytes / size).toFixed(1))} ${unit}`;
  }
  return `${bytes} bytes`;
}
