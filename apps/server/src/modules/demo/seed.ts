/**
 * On an empty database the app creates a demo organisation so a new installation has someone to sign in
 * as: the GEN sample catalogue (components/sample-catalogue.json) loaded as sample data, its warehouses and
 * stock (stock.ts), and a shop's worth of customers, assemblies, kits, estimates and work orders (shop.ts).
 */
import { randomBytes } from 'node:crypto';
import { PLANS } from '@hosewright/domain';
import { count, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { organizations, subscriptions } from '../../db/schema.ts';
import { loadSampleData } from '../components/sample-data.ts';
import { createOrganizationWithAdmin } from '../identity/accounts.ts';
import { buildDemoShop } from './shop.ts';
import { seedDemoStock } from './stock.ts';

export const DEMO_EMAIL = 'demo@hosewright.local';
export const DEMO_ORGANIZATION = 'Demo Hydraulics';
const DEMO_ADMIN = 'Demo Admin';

export interface DemoSeed {
  email: string;
  password: string;
  organizationId: string;
}

/** Create the demo organisation when there is no organisation at all; otherwise do nothing. */
export async function seedDemoIfEmpty(database: Database, password?: string): Promise<DemoSeed | null> {
  // System context: counting organisations spans tenants, and there is no tenant yet.
  const [{ n } = { n: 0 }] = await database.withSystem((tx) => tx.select({ n: count() }).from(organizations));
  if (n > 0) return null;
  const demoPassword = password ?? `${randomBytes(9).toString('base64url')}-7`;
  const { organizationId, userId } = await createOrganizationWithAdmin(database, {
    name: DEMO_ADMIN,
    email: DEMO_EMAIL,
    password: demoPassword,
    organizationName: DEMO_ORGANIZATION,
    emailVerified: true,
  });
  // The demo shows every feature: enterprise for a year, set first so the plan's limits are the demo's.
  const plan = PLANS.enterprise;
  await database.withTenant(organizationId, async (tx) => {
    await tx
      .update(subscriptions)
      .set({
        tier: plan.tier,
        expiresAt: new Date(Date.now() + 365 * 86_400_000),
        maxCustomers: plan.maxCustomers,
        maxHoseAssemblies: plan.maxHoseAssemblies,
        maxHoseKits: plan.maxHoseKits,
        updatedAt: new Date(),
      })
      .where(eq(subscriptions.organizationId, organizationId));
    await loadSampleData(tx, organizationId);
    await seedDemoStock(tx, organizationId, userId);
    await buildDemoShop(tx, organizationId, { id: userId, name: DEMO_ADMIN });
  });
  return { email: DEMO_EMAIL, password: demoPassword, organizationId };
}
