/**
 * The database: PGlite in DATA_DIR by default, PostgreSQL when DATABASE_URL is set. Same schema, same SQL.
 *
 * All request work goes through `withTenant`, which runs one transaction as the non-superuser role
 * `hosewright_app` with `app.org_id` set, so row-level security applies even if a query forgets its
 * organisation filter. `withSystem` runs as the owner and is reserved for work that has no organisation
 * yet or spans them (sign-in, sign-up, migrations); each caller says why.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { fsyncSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite, type QueryOptions, type Transaction, types } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { NodeFS } from '@electric-sql/pglite/nodefs';
import type { ExtractTablesWithRelations, SQL } from 'drizzle-orm';
import {
  drizzle as drizzlePg,
  NodePgSession,
  type NodePgSessionOptions,
  NodePgTransaction,
} from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgDialect, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { RelationalSchemaConfig } from 'drizzle-orm/relations';
import pg from 'pg';
import { currentCustomerScope } from './customer-scope.ts';
import type * as schema from './schema.ts';

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
  /**
   * Change notifications (channel `hosewright_changes`, sent by triggers on commit): `org:<id>`,
   * `user:<id>`, `token:<id>`, or `*` when the feed was interrupted and every cache must be dropped.
   */
  onChange(handler: (payload: string) => void): () => void;
  /**
   * PostgreSQL with a derived request-role login: the password migrations give `hosewright_app` so that the
   * request pool can log in as it (see `requestRoleUrl`). Undefined on PGlite and with `DATABASE_APP_URL`.
   */
  requestRolePassword?: string;
  /** PGlite in memory only: its data directory as a tarball, to start another from (`pgliteDataDir`). */
  dumpDataDir?(): Promise<Blob>;
  close(): Promise<void>;
}

export const CHANGES_CHANNEL = 'hosewright_changes';

/** A tenant transaction held open while the caller does other work between its statements. */
export interface HeldTransaction {
  tx: Tx;
  commit(): Promise<void>;
  rollback(): Promise<void>;
}

const ROLLED_BACK = Symbol('rolled back');

/**
 * Opens a tenant transaction and hands it over instead of running a callback in it: an import validates
 * rows between its writes, and ends the transaction as soon as a row has a problem. The caller must end it
 * (`commit` or `rollback`); until then it holds a connection (PGlite's only one).
 */
export async function holdTransaction(database: Database, organizationId: string): Promise<HeldTransaction> {
  let decide: (commit: boolean) => void = () => {};
  const decision = new Promise<boolean>((resolve) => {
    decide = resolve;
  });
  let opened: (tx: Tx) => void = () => {};
  const ready = new Promise<Tx>((resolve) => {
    opened = resolve;
  });
  const finished = database
    .withTenant(organizationId, async (tx) => {
      opened(tx);
      if (!(await decision)) throw ROLLED_BACK;
    })
    .catch((error: unknown) => {
      if (error !== ROLLED_BACK) throw error;
    });
  // Opening can fail (no connection); once open, `finished` only settles after a decision.
  const tx = await Promise.race([ready, finished.then(() => new Promise<never>(() => {}))]);
  return {
    tx,
    commit: () => {
      decide(true);
      return finished;
    },
    rollback: () => {
      decide(false);
      return finished;
    },
  };
}

export interface DatabaseOptions {
  /** A PostgreSQL connection string; otherwise PGlite. */
  databaseUrl?: string;
  /**
   * How requests log in on PostgreSQL: as `hosewright_app` itself, never as the owner (ADR 13). Unset: the
   * owner's URL with user `hosewright_app` and a password derived from the owner's, which migrations set.
   */
  appDatabaseUrl?: string;
  /** PGlite data directory; undefined means in memory (tests). */
  pgliteDir?: string;
  /**
   * In memory, start from this data directory (`Database.dumpDataDir`) instead of an empty cluster: the
   * tests' migrated template, which skips PGlite's initdb and the migrations for every test file.
   */
  pgliteDataDir?: Blob;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 5 });
    const login = requestRoleLogin(options.databaseUrl, options.appDatabaseUrl);
    const requests = new pg.Pool({ connectionString: login.url, max: 10 });
    // An idle pooled connection the server closes (a restart, an administrator, a dropped database) is
    // reported here; the pool discards it and the next query opens a new one. Unhandled, it would crash.
    pool.on('error', () => {});
    requests.on('error', () => {});
    const db = drizzlePg(pool) as unknown as Db;
    const feed = new ChangeFeed();
    const listener = listenPostgres(options.databaseUrl, feed);
    // Read your own writes: after a transaction that wrote, wait until the listener has seen a marker sent
    // after it. Notifications arrive in commit order, so the write's own have been applied to every cache.
    const afterWrite = async () => {
      const marker = `sync:${randomUUID()}`;
      const seen = feed.waitFor(marker, 1000);
      await pool.query('select pg_notify($1, $2)', [CHANGES_CHANNEL, marker]);
      await seen;
    };
    const database = makeDatabase(
      'postgres',
      db,
      {
        tenant: (organizationId, fn) =>
          postgresTransact(db, requests, afterWrite)(organizationSetup(organizationId), fn),
        system: (fn) => postgresTransact(db, pool, afterWrite)('', fn),
      },
      feed,
      async () => {
        await listener.stop();
        await Promise.all([pool.end(), requests.end()]);
      },
    );
    return login.password ? { ...database, requestRolePassword: login.password } : database;
  }
  if (options.pgliteDir) mkdirSync(path.dirname(options.pgliteDir), { recursive: true });
  // pg_trgm backs the component and global search indexes (PostgreSQL ships it as a trusted extension).
  const client = new PGlite({
    extensions: { pg_trgm },
    ...(options.pgliteDir ? durablePglite(options.pgliteDir) : {}),
    ...(options.pgliteDataDir && !options.pgliteDir ? { loadDataDir: options.pgliteDataDir } : {}),
  });
  await client.waitReady;
  for (const type of DRIZZLE_TEXT_TYPES) client.parsers[type] = (value: string) => value;
  const db = drizzlePglite(new PgliteClient(client) as unknown as PGlite) as unknown as Db;
  const feed = new ChangeFeed();
  // PGlite delivers a notification while it processes the committing query, before the commit returns.
  const unlisten = await client.listen(CHANGES_CHANNEL, (payload) => feed.emit(payload));
  const transact = pgliteTransact(db);
  const database = makeDatabase(
    'pglite',
    db,
    {
      tenant: (organizationId, fn) => transact(tenantSetup(organizationId), fn),
      system: (fn) => transact('', fn),
    },
    feed,
    async () => {
      await unlisten();
      await client.close();
    },
  );
  return options.pgliteDir
    ? database
    : { ...database, dumpDataDir: () => client.dumpDataDir('none') as Promise<Blob> };
}

/**
 * A PGlite data directory that keeps what it acknowledged, as PostgreSQL does by default: PGlite starts
 * PostgreSQL with `-F` (fsync off) and its Node file system ignores fsync, so a power cut or an OS crash could
 * lose committed transactions. Here fsync is on, the WAL is flushed with fsync at every commit, and fsync
 * reaches the disk (`fs.fsyncSync`). The cost is measured by `npm run bench` (import and write throughput).
 */
export function durablePglite(dataDir: string): { fs: NodeFS; startParams: string[] } {
  return {
    fs: new DurableNodeFS(dataDir),
    startParams: [
      ...PGlite.defaultStartParams.filter((param) => param !== '-F'),
      '-c',
      'fsync=on',
      '-c',
      'wal_sync_method=fsync',
    ],
  };
}

interface EmscriptenNodeFs {
  NODEFS: { stream_ops: { fsync?: (stream: { nfd?: number }) => void } };
}

/** Emscripten's Node file system, with fsync passed on to the disk (it has none of its own). */
class DurableNodeFS extends NodeFS {
  override async init(...args: Parameters<NodeFS['init']>): ReturnType<NodeFS['init']> {
    const { emscriptenOpts } = await super.init(...args);
    const flush = (module: EmscriptenNodeFs) => {
      module.NODEFS.stream_ops.fsync = (stream) => {
        if (stream.nfd !== undefined) fsyncSync(stream.nfd);
      };
    };
    return {
      emscriptenOpts: {
        ...emscriptenOpts,
        preRun: [...(emscriptenOpts.preRun ?? []), flush as unknown as (module: unknown) => void],
      },
    };
  }
}

class ChangeFeed {
  private readonly handlers = new Set<(payload: string) => void>();

  /** Resolves when `payload` arrives, or after `timeoutMs` (the listener's own recovery flushes caches). */
  waitFor(payload: string, timeoutMs: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        off();
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      const off = this.on((p) => {
        if (p === payload) done();
      });
    });
  }

  on(handler: (payload: string) => void): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }
  emit(payload: string): void {
    for (const handler of this.handlers) handler(payload);
  }
}

/**
 * One dedicated connection LISTENs for changes. While it is down, caches are told to drop everything
 * (`*`) and again once it is back, so nothing cached outlives a change it could have missed.
 */
function listenPostgres(url: string, feed: ChangeFeed): { stop(): Promise<void> } {
  let client: pg.Client | null = null;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const connect = async () => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel === CHANGES_CHANNEL && message.payload) feed.emit(message.payload);
    });
    next.on('error', () => retry(next));
    try {
      await next.connect();
      await next.query(`listen ${CHANGES_CHANNEL}`);
      client = next;
      feed.emit('*');
    } catch {
      retry(next);
    }
  };
  const retry = (failed: pg.Client) => {
    feed.emit('*');
    failed.end().catch(() => {});
    if (client === failed) client = null;
    if (!stopped && !timer) {
      timer = setTimeout(() => {
        timer = undefined;
        void connect();
      }, 1000);
    }
  };
  void connect();
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await client?.end().catch(() => {});
    },
  };
}

/** Runs `fn` in one transaction; `setup` (plain SQL, no parameters) runs first, in the same transaction. */
type Transact = <T>(setup: string, fn: (tx: Tx) => Promise<T>) => Promise<T>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Sets the organisation, and the customer a call acts for (`customer-scope.ts`), for row-level security. Plain
 * SQL so it can travel with BEGIN; both ids are checked to be uuids before they are written into it.
 */
function organizationSetup(organizationId: string): string {
  if (!UUID.test(organizationId)) throw new Error(`not an organisation id: ${organizationId}`);
  const customerId = currentCustomerScope() ?? '';
  if (customerId && !UUID.test(customerId)) throw new Error(`not a customer id: ${customerId}`);
  return `select set_config('app.org_id', '${organizationId}', true), set_config('app.customer_id', '${customerId}', true)`;
}

/**
 * PGlite has one connection, the owner's: a request transaction enters the tenant with `set_config('role',
 * ...)` (SET LOCAL ROLE) as well. On PostgreSQL requests log in as the role itself (`requestRoleLogin`).
 */
function tenantSetup(organizationId: string): string {
  return `${organizationSetup(organizationId)}, set_config('role', '${APP_ROLE}', true)`;
}

/**
 * Where request transactions log in on PostgreSQL. Given (`DATABASE_APP_URL`): as is. Otherwise the owner's
 * address with user `hosewright_app` and a password derived from the owner's, the same for every instance
 * and every database of that owner; migrations give the role that password (`applyTenancy`).
 */
export function requestRoleLogin(ownerUrl: string, appUrl?: string): { url: string; password?: string } {
  if (appUrl) return { url: appUrl };
  const url = new URL(ownerUrl);
  const password = createHmac(
    'sha256',
    `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`,
  )
    .update(APP_ROLE)
    .digest('base64url');
  url.username = APP_ROLE;
  url.password = password;
  return { url: url.toString(), password };
}

interface Transactions {
  tenant: Database['withTenant'];
  system: Database['withSystem'];
}

function makeDatabase(
  kind: Database['kind'],
  db: Db,
  transactions: Transactions,
  feed: ChangeFeed,
  close: () => Promise<void>,
): Database {
  return {
    kind,
    db,
    onChange: (handler) => feed.on(handler),
    withTenant: transactions.tenant,
    withSystem: transactions.system,
    close,
  };
}

/** The PGlite transaction under drizzle's: it runs plain SQL as one simple query. */
interface PgliteTx {
  session: { client: PgliteClient };
}

/**
 * Types drizzle reads as text (dates, timestamps, intervals, numeric and date arrays): it maps them itself.
 * It sends these parsers with every query, and PGlite copies its whole table of parsers (hundreds, with the
 * array types) to merge them each time: a sixth of a small request's time. They are set once on the client
 * instead, and `PgliteClient` passes drizzle's queries on without them.
 */
const DRIZZLE_TEXT_TYPES = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
];

/** What drizzle uses of a PGlite client or transaction, without the per-query parsers (see above). */
class PgliteClient {
  constructor(
    private readonly inner: Pick<Transaction, 'query' | 'exec'> & Partial<Pick<PGlite, 'transaction'>>,
  ) {}

  query(text: string, params?: unknown[], options?: QueryOptions) {
    return this.inner.query(text, params, options?.rowMode ? { rowMode: options.rowMode } : undefined);
  }

  exec(text: string) {
    return this.inner.exec(text);
  }

  transaction<T>(fn: (tx: PgliteClient) => Promise<T>): Promise<T> {
    if (!this.inner.transaction) throw new Error('nested PGlite transactions are not supported');
    return this.inner.transaction((tx) => fn(new PgliteClient(tx)));
  }
}

/**
 * PGlite's own transaction (it serialises them on its one connection). The setup goes as a simple query,
 * without the parse, describe and bind messages a parameterised one costs.
 */
function pgliteTransact(db: Db): Transact {
  return (setup, fn) =>
    db.transaction(async (tx) => {
      if (setup) await (tx as unknown as PgliteTx).session.client.exec(setup);
      return fn(tx);
    });
}

/**
 * A PostgreSQL transaction in as few round trips as it takes: BEGIN travels with the setup, and the question
 * whether the transaction wrote travels with COMMIT. After a transaction that wrote, `afterWrite` waits until
 * the change feed has delivered its notifications (read your own writes through the caches).
 */
function postgresTransact(db: Db, pool: pg.Pool, afterWrite: () => Promise<void>): Transact {
  const root = (db as unknown as { session: NodePgSession<Schema, ExtractTablesWithRelations<Schema>> })
    .session as unknown as {
    dialect: PgDialect;
    schema: RelationalSchemaConfig<ExtractTablesWithRelations<Schema>> | undefined;
    options: NodePgSessionOptions;
  };
  return async (setup, fn) => {
    const client = await pool.connect();
    const session = new NodePgSession(client, root.dialect, root.schema, root.options);
    const tx = new NodePgTransaction(root.dialect, session, root.schema) as unknown as Tx;
    let wrote = false;
    try {
      await client.query(setup ? `begin; ${setup}` : 'begin');
      const result = await fn(tx);
      const answers = (await client.query(
        'select pg_current_xact_id_if_assigned() is not null as wrote; commit',
      )) as unknown as pg.QueryResult<{ wrote: boolean }>[];
      wrote = answers[0]?.rows[0]?.wrote ?? false;
      client.release();
      if (wrote) await afterWrite();
      return result;
    } catch (error) {
      try {
        await client.query('rollback');
        client.release();
      } catch (rollbackError) {
        // The connection is broken: the pool must not hand it out again.
        client.release(rollbackError as Error);
      }
      throw error;
    }
  };
}
