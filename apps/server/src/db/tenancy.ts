/**
 * Row-level security for every business table, applied after migrations on every start (idempotent).
 * A table is a business table when it has an `organization_id` column: new tables are covered without
 * anyone listing them. `organizations` itself is keyed on `id`.
 *
 * Two permissive policies per table:
 * - `tenant_isolation`, for `hosewright_app`: only rows of the organisation in `app.org_id`.
 * - `system_access`, for the migrating (owner) role: everything, used by `withSystem` only.
 * Requests run as `hosewright_app`, which is not a member of the owner role, so only the first applies.
 * A third, restrictive one (`customer_scope`) narrows the customer tables for a call acting for one customer.
 */
import { sql } from 'drizzle-orm';
import { APP_ROLE, type Db, queryRows } from './client.ts';

/**
 * Tables the request role (`hosewright_app`) has no grant on: the provider's signing and cookie keys, its
 * sessions, grants and refresh tokens, email verification and reset tokens, the outbox (live links), and who
 * failed to sign in from where.
 */
export const SECRET_TABLES = [
  'app_secrets',
  'oidc_payloads',
  'email_tokens',
  'email_outbox',
  'sign_in_throttle',
] as const;
/** Columns of shared tables the request role may neither read nor write; it keeps the others. */
export const SECRET_COLUMNS: Readonly<Record<string, readonly string[]>> = { users: ['password_hash'] };

const TENANT_PREDICATE = `nullif(current_setting('app.org_id', true), '')::uuid`;

export async function applyTenancy(db: Db, requestRolePassword?: string): Promise<void> {
  await db.execute(
    sql.raw(`
do $$
begin
  begin
    create role ${APP_ROLE} nologin;
  exception when others then
    if not exists (select 1 from pg_roles where rolname = '${APP_ROLE}') then raise; end if;
  end;
end $$`),
  );
  // The connecting role must be able to SET ROLE to the app role (a no-op notice when already granted).
  const [{ member } = { member: false }] = await queryRows<{ member: boolean }>(
    db,
    sql.raw(`select pg_has_role(current_user, '${APP_ROLE}', 'MEMBER') as member`),
  );
  if (!member) await db.execute(sql.raw(`grant ${APP_ROLE} to current_user`));
  // On PostgreSQL requests log in as the role itself, with the password derived from the owner's
  // (`requestRoleLogin` in client.ts); with DATABASE_APP_URL a DBA manages its login instead.
  if (requestRolePassword) {
    await db.execute(
      sql.raw(`alter role ${APP_ROLE} login password '${requestRolePassword.replaceAll("'", "''")}'`),
    );
  }

  await db.execute(sql.raw(`grant usage on schema public to ${APP_ROLE}`));
  await db.execute(
    sql.raw(`grant select, insert, update, delete on all tables in schema public to ${APP_ROLE}`),
  );
  await db.execute(sql.raw(`grant usage, select on all sequences in schema public to ${APP_ROLE}`));
  // Secrets are not the request role's: identity and mail run through `withSystem` (the owner).
  for (const table of SECRET_TABLES) {
    await db.execute(sql.raw(`revoke all on "${table}" from ${APP_ROLE}`));
  }
  for (const [table, hidden] of Object.entries(SECRET_COLUMNS)) {
    const columns = await queryRows<{ column_name: string }>(
      db,
      sql.raw(`select column_name from information_schema.columns
               where table_schema = 'public' and table_name = '${table}' order by ordinal_position`),
    );
    const open = columns.map((c) => `"${c.column_name}"`).filter((c) => !hidden.includes(c.slice(1, -1)));
    await db.execute(sql.raw(`revoke all on "${table}" from ${APP_ROLE}`));
    await db.execute(
      sql.raw(`grant select (${open.join(', ')}), update (${open.join(', ')}) on "${table}" to ${APP_ROLE}`),
    );
  }
  // Owner-run functions (ADR 6) are for the app role only, not for every role on the server.
  const definers = await queryRows<{ signature: string }>(
    db,
    sql.raw(`select p.oid::regprocedure::text as signature from pg_proc p
             join pg_namespace n on n.oid = p.pronamespace
             where n.nspname = 'public' and p.prosecdef and p.proname like 'hosewright_%'`),
  );
  for (const { signature } of definers) {
    await db.execute(sql.raw(`revoke all on function ${signature} from public`));
    await db.execute(sql.raw(`grant execute on function ${signature} to ${APP_ROLE}`));
  }

  const tables = await queryRows<{ table_name: string }>(
    db,
    sql.raw(`select table_name from information_schema.columns
             where table_schema = 'public' and column_name = 'organization_id' order by table_name`),
  );

  const targets = [
    { table: 'organizations', key: 'id' },
    ...tables.map((t) => ({ table: t.table_name, key: 'organization_id' })),
  ];
  for (const { table, key } of targets) {
    const t = `"${table}"`;
    await db.execute(sql.raw(`alter table ${t} enable row level security`));
    await db.execute(sql.raw(`alter table ${t} force row level security`));
    await db.execute(sql.raw(`drop policy if exists tenant_isolation on ${t}`));
    await db.execute(
      sql.raw(
        `create policy tenant_isolation on ${t} to ${APP_ROLE} using (${key} = ${TENANT_PREDICATE}) with check (${key} = ${TENANT_PREDICATE})`,
      ),
    );
    await db.execute(sql.raw(`drop policy if exists system_access on ${t}`));
    await db.execute(
      sql.raw(`create policy system_access on ${t} to current_user using (true) with check (true)`),
    );
  }
  await applyCustomerScope(db);
}

/**
 * What a call acting for one customer sees (`customer-scope.ts`): the customer itself, its items, hose
 * assemblies and kits. A restrictive policy, so it narrows `tenant_isolation` and never widens it.
 */
const CUSTOMER_SCOPED = [
  { table: 'customers', key: 'id' },
  { table: 'customer_items', key: 'customer_id' },
  { table: 'hose_assemblies', key: 'customer_id' },
  { table: 'hose_kits', key: 'customer_id' },
  { table: 'sales_estimates', key: 'customer_id' },
] as const;
const CUSTOMER_PREDICATE = `nullif(current_setting('app.customer_id', true), '')::uuid`;

async function applyCustomerScope(db: Db): Promise<void> {
  for (const { table, key } of CUSTOMER_SCOPED) {
    const allowed = `(${CUSTOMER_PREDICATE} is null or ${key} = ${CUSTOMER_PREDICATE})`;
    await db.execute(sql.raw(`drop policy if exists customer_scope on "${table}"`));
    await db.execute(
      sql.raw(
        `create policy customer_scope on "${table}" as restrictive to ${APP_ROLE} using ${allowed} with check ${allowed}`,
      ),
    );
  }
}

/** Tables with row-level security enabled and forced (for the test that nothing is left open). */
export async function listSecuredTables(db: Db): Promise<string[]> {
  const rows = await queryRows<{ relname: string }>(
    db,
    sql.raw(`select relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
             where n.nspname = 'public' and c.relkind = 'r' and c.relrowsecurity and c.relforcerowsecurity
             order by relname`),
  );
  return rows.map((r) => r.relname);
}
