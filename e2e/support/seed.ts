/**
 * Prepares a DATA_DIR before a server starts on it (PGlite allows one process per directory, so this runs
 * first and exits). It uses the server's own modules, so the rows are exactly what the app would write:
 *
 *   node --import tsx e2e/support/seed.ts <dataDir> '<json SeedPlan>'
 *
 * prints one line of JSON: { "<key>": { "userId", "organizationId" }, ... }.
 *
 * Regular members cannot be created through the UI yet, so journeys that need one seed it here.
 */
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { migrateDatabase } from '../../apps/server/src/db/migrate.ts';
import { memberships, subscriptions, users } from '../../apps/server/src/db/schema.ts';
import { createOrganizationWithAdmin } from '../../apps/server/src/modules/identity/accounts.ts';
import { hashPassword } from '../../apps/server/src/modules/identity/passwords.ts';
import { PLANS } from '../../packages/domain/src/plans.ts';

export interface SeedOrganization {
  key: string;
  organizationName: string;
  admin: { name: string; email: string; password: string };
  /** Regular members (verified) of this organisation. */
  regulars?: { key: string; name: string; email: string; password: string }[];
  /** The subscription ended yesterday. */
  expired?: boolean;
  /** A paid plan (with its limits) instead of the trial a sign-up starts on. */
  tier?: 'professional' | 'enterprise';
}

export interface SeedPlan {
  organizations: SeedOrganization[];
}

export type SeedResult = Record<string, { userId: string; organizationId: string }>;

async function main(): Promise<void> {
  const [dataDir, planJson] = process.argv.slice(2);
  if (!dataDir || !planJson) throw new Error('usage: seed.ts <dataDir> <plan json>');
  const plan = JSON.parse(planJson) as SeedPlan;
  // The same directory the server opens: DATA_DIR/pglite (see apps/server/src/main.ts).
  const database = await openDatabase({ pgliteDir: path.join(path.resolve(dataDir), 'pglite') });
  const result: SeedResult = {};
  try {
    await migrateDatabase(database);
    for (const org of plan.organizations) {
      const created = await createOrganizationWithAdmin(database, {
        ...org.admin,
        organizationName: org.organizationName,
        emailVerified: true,
      });
      result[org.key] = created;
      if (org.tier) {
        const plan = PLANS[org.tier];
        await database.withTenant(created.organizationId, (tx) =>
          tx
            .update(subscriptions)
            .set({
              tier: org.tier,
              expiresAt: new Date(Date.now() + 365 * 86_400_000),
              maxCustomers: plan.maxCustomers,
              maxHoseAssemblies: plan.maxHoseAssemblies,
              maxHoseKits: plan.maxHoseKits,
            })
            .where(eq(subscriptions.organizationId, created.organizationId)),
        );
      }
      if (org.expired) {
        await database.withTenant(created.organizationId, (tx) =>
          tx
            .update(subscriptions)
            .set({ expiresAt: new Date(Date.now() - 86_400_000) })
            .where(eq(subscriptions.organizationId, created.organizationId)),
        );
      }
      for (const regular of org.regulars ?? []) {
        const passwordHash = await hashPassword(regular.password);
        // Seeding before the server starts: no tenant context exists, so the owner transaction writes.
        const userId = await database.withSystem(async (tx) => {
          const [user] = await tx
            .insert(users)
            .values({ email: regular.email, name: regular.name, passwordHash, emailVerifiedAt: new Date() })
            .returning({ id: users.id });
          if (!user) throw new Error(`user ${regular.email} was not created`);
          await tx
            .insert(memberships)
            .values({ organizationId: created.organizationId, userId: user.id, role: 'regular' });
          const [check] = await tx.select().from(memberships).where(eq(memberships.userId, user.id));
          if (check?.role !== 'regular') throw new Error('the regular membership was not written');
          return user.id;
        });
        result[regular.key] = { userId, organizationId: created.organizationId };
      }
    }
  } finally {
    await database.close();
  }
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `seed failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
