import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { memberships, organizations, sessions, subscriptions } from '../src/db/schema.ts';
import { listSecuredTables } from '../src/db/tenancy.ts';
import { createTenant, createTestApp, type TestApp, type TestTenant } from './helpers.ts';

describe('tenancy backed by row-level security', () => {
  let t: TestApp;
  let a: TestTenant;
  let b: TestTenant;

  beforeAll(async () => {
    t = await createTestApp();
    a = await createTenant(t, { name: 'Alpha Hydraulics' });
    b = await createTenant(t, { name: 'Bravo Hose' });
  });
  afterAll(() => t.close());

  it('secures every table that has an organization_id column, and organizations itself', async () => {
    const orgTables = await queryRows<{ table_name: string }>(
      t.database.db,
      sql`select table_name from information_schema.columns where table_schema = 'public' and column_name = 'organization_id'`,
    );
    const secured = await listSecuredTables(t.database.db);
    expect(orgTables.length).toBeGreaterThan(0);
    for (const { table_name } of orgTables) expect(secured).toContain(table_name);
    expect(secured).toContain('organizations');
  });

  it('returns only the current organisation rows even with the application filter removed', async () => {
    // Deliberately no `where organization_id = ...`: row-level security alone must scope these reads.
    const seenByA = await t.database.withTenant(a.organizationId, async (tx) => ({
      orgs: await tx.select().from(organizations),
      members: await tx.select().from(memberships),
      subs: await tx.select().from(subscriptions),
    }));
    expect(seenByA.orgs.map((o) => o.id)).toEqual([a.organizationId]);
    expect(seenByA.members).toHaveLength(2);
    expect(seenByA.members.every((m) => m.organizationId === a.organizationId)).toBe(true);
    expect(seenByA.subs.map((s) => s.organizationId)).toEqual([a.organizationId]);

    const raw = await t.database.withTenant(b.organizationId, (tx) =>
      queryRows<{ organization_id: string }>(tx, sql`select organization_id from memberships`),
    );
    expect(raw.every((r) => r.organization_id === b.organizationId)).toBe(true);
  });

  it('refuses to write rows into another organisation', async () => {
    const error = await t.database
      .withTenant(b.organizationId, (tx) =>
        tx.insert(sessions).values({
          organizationId: a.organizationId,
          userId: a.adminId,
          tokenId: 'forged',
          expiresAt: new Date(),
        }),
      )
      .then(
        () => null,
        (e: Error) => e,
      );
    expect(String(error?.cause ?? error)).toMatch(/row-level security/);
    const updated = await t.database.withTenant(b.organizationId, (tx) =>
      tx
        .update(organizations)
        .set({ name: 'Hijacked' })
        .where(eq(organizations.id, a.organizationId))
        .returning(),
    );
    expect(updated).toHaveLength(0);
    const [org] = await t.database.withTenant(a.organizationId, (tx) => tx.select().from(organizations));
    expect(org?.name).toBe('Alpha Hydraulics');
  });

  it('sees nothing at all when no organisation is set', async () => {
    const rows = await t.database.db.transaction(async (tx) => {
      await tx.execute(sql.raw('set local role hosewright_app'));
      return tx.select().from(memberships);
    });
    expect(rows).toHaveLength(0);
  });
});
