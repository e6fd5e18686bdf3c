import { performance } from 'node:perf_hooks';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { openDatabase, queryRows } from './src/db/client.ts';
import { migrateDatabase } from './src/db/migrate.ts';
async function time(label: string, n: number, fn: () => Promise<unknown>) {
  for (let i = 0; i < 100; i++) await fn();
  const s = performance.now();
  for (let i = 0; i < n; i++) await fn();
  console.log(label.padEnd(50), ((performance.now() - s) / n).toFixed(3), 'ms');
}
const org = '00000000-0000-4000-8000-000000000001';
const setup = `select set_config('role', 'postgres', true), set_config('app.org_id', '${org}', true)`;
const raw = new PGlite({ extensions: { pg_trgm } }); await raw.waitReady;
await time('raw tx exec+query', 2000, () => raw.transaction(async (tx) => { await tx.exec(setup); await tx.query('select 1'); }));
const rd = drizzle(raw);
await time('drizzle tx exec+execute', 2000, () => rd.transaction(async (tx) => { await (tx as any).session.client.exec(setup); await tx.execute(sql`select 1`); }));
const database = await openDatabase({});
await migrateDatabase(database);
await time('app db withTenant select 1 (fresh, migrated)', 2000, () => database.withTenant(org, (tx) => queryRows(tx, sql`select 1`)));
await time('app db withSystem select 1', 2000, () => database.withSystem((tx) => queryRows(tx, sql`select 1`)));
await time('app db raw db.execute select 1', 2000, () => queryRows(database.db, sql`select 1`));
await database.close();
