/**
 * The database: PGlite in DATA_DIR by default, PostgreSQL when DATABASE_URL is set. Same schema, same SQL.
 *
 * All request work goes through `withTenant`, which runs one transaction as the non-superuser role
 * `hosewright_app` with `app.org_id` set, so row-level security applies even if a query forgets its
 * organisation filter. `withSystem` runs as the owner and is reserved for work that has no organisation
 * yet or spans them (sign-in, sign-up, migrations); each caller says why.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type ExtractTablesWithRelations, type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from './schema.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

/** Run raw SQL and return its rows (both drivers answer `{ rows }`). */
export async function queryRows<T>(db: Db | Tx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export const APP_ROLE = 'hosewright_app';

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** One transaction as `hosewright_app` with the organisation set: row-level security applies. */
  withTenant<T>(organizationId: string, fn: (tx: Tx) => Promise<T>): Promise<T>;
  /** One transaction as the owner: no organisation, no row-level security. Callers say why. */
  withSystem<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** A PostgreSQL connection string; otherwise PGlite. */
  databaseUrl?: string;
  /** PGlite data directory; undefined means in memory (tests). */
  pgliteDir?: string;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return makeDatabase('postgres', db, () => pool.end());
  }
  if (options.pgliteDir) mkdirSync(path.dirname(options.pgliteDir), { recursive: true });
  // pg_trgm backs the component and global search indexes (PostgreSQL ships it as a trusted extension).
  const client = new PGlite({ dataDir: options.pgliteDir, extensions: { pg_trgm } });
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return makeDatabase('pglite', db, () => client.close());
}

function makeDatabase(kind: Database['kind'], db: Db, close: () => Promise<void>): Database {
  return {
    kind,
    db,
    withTenant(organizationId, fn) {
      return db.transaction(async (tx) => {
        await tx.execute(sql.raw(`set local role ${APP_ROLE}`));
        await tx.execute(sql`select set_config('app.org_id', ${organizationId}, true)`);
        return fn(tx);
      });
    },
    withSystem(fn) {
      return db.transaction(fn);
    },
    close,
  };
}
