import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { memberships, organizations, sessions, subscriptions } from '../src/db/schema.ts';
import { listSecuredTables, SECRET_COLUMNS, SECRET_TABLES } from '../src/db/tenancy.ts';
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

  describe('secrets out of the request role’s reach', () => {
    /** What the request role gets for `query`: the rows, or the database's refusal. */
    const asRequestRole = (query: string) =>
      t.database
        .withTenant(a.organizationId, (tx) => queryRows<Record<string, unknown>>(tx, sql.raw(query)))
        .then(
          (rows) => ({ rows: rows.length }),
          (error: Error) => ({ refused: /permission denied/.test(String(error.cause ?? error.message)) }),
        );

    it('cannot read or write the keys, provider state, email tokens or the outbox', async () => {
      // There is something to read: the provider's keys and the sign-up's verification email.
      const [keys] = await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from app_secrets`,
      );
      expect(keys?.n).toBeGreaterThan(0);
      for (const table of SECRET_TABLES) {
        expect(await asRequestRole(`select * from "${table}" limit 1`), table).toEqual({ refused: true });
        expect(await asRequestRole(`delete from "${table}"`), table).toEqual({ refused: true });
      }
    });

    it('cannot read or change a password hash, and still reads the rest of a user', async () => {
      for (const [table, columns] of Object.entries(SECRET_COLUMNS)) {
        for (const column of columns) {
          expect(await asRequestRole(`select "${column}" from "${table}"`)).toEqual({ refused: true });
          expect(await asRequestRole(`update "${table}" set "${column}" = 'x'`)).toEqual({ refused: true });
        }
      }
      expect(await asRequestRole(`select id, email, name from users where id = '${a.adminId}'`)).toEqual({
        rows: 1,
      });
    });
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'runs requests logged in as the request role on PostgreSQL, with no owner to return to',
    async () => {
      const seen = await t.database.withTenant(a.organizationId, async (tx) => {
        const [who] = await queryRows<{ current: string; session: string }>(
          tx,
          sql`select current_user as current, session_user as session`,
        );
        await tx.execute(sql`reset role`);
        const [after] = await queryRows<{ current: string }>(tx, sql`select current_user as current`);
        return { ...who, afterReset: after?.current };
      });
      expect(seen).toEqual({
        current: 'hosewright_app',
        session: 'hosewright_app',
        afterReset: 'hosewright_app',
      });
    },
  );
});
