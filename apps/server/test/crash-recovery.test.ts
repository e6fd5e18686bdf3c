/**
 * kill -9 in the middle of work: a real server process takes a stream of writes and runs an import, is
 * killed without warning, and the data is opened again as a restart would. Every write it acknowledged is
 * there, the import is all or nothing, and no job is left "running". On PGlite (the embedded default) and,
 * with DATABASE_URL, on PostgreSQL.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire, syncBuiltinESMExports } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { ImportDetails, ImportPreview } from '@hosewright/domain';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { type Database, openDatabase, queryRows } from '../src/db/client.ts';
import { migrateDatabase } from '../src/db/migrate.ts';
import { components, customers, importLogs, jobs } from '../src/db/schema.ts';
import { hoseCsv, multipartBody } from './import-fixtures.ts';

const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));
const IMPORT_ROWS = 20_000;

const dataDir = mkdtempSync(path.join(tmpdir(), 'hosewright-crash-'));
const databaseUrl = process.env.DATABASE_URL ? await createDatabase(process.env.DATABASE_URL) : undefined;

afterAll(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  if (databaseUrl && process.env.DATABASE_URL) {
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${new URL(databaseUrl).pathname.slice(1)} with (force)`);
    await admin.end();
  }
});

async function createDatabase(url: string): Promise<string> {
  const name = `hw_crash_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const own = new URL(url);
  own.pathname = `/${name}`;
  return own.toString();
}

interface Child {
  process: ChildProcess;
  base: string;
  token: string;
  organizationId: string;
}

async function startChild(): Promise<Child> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'test/crash-child.ts', dataDir, ...(databaseUrl ? [databaseUrl] : [])],
    { cwd: SERVER_DIR, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const first = await new Promise<string>((resolve, reject) => {
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`the server exited (${code}) before listening`)));
  });
  const { port, token, organizationId } = JSON.parse(first) as {
    port: number;
    token: string;
    organizationId: string;
  };
  return { process: child, base: `http://127.0.0.1:${port}`, token, organizationId };
}

async function call(child: Child, method: string, url: string, body?: unknown) {
  const res = await fetch(`${child.base}${url}`, {
    method,
    headers: {
      authorization: `Bearer ${child.token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as unknown };
}

async function reopen(): Promise<{ database: Database; close(): Promise<void> }> {
  const database = await openDatabase(
    databaseUrl ? { databaseUrl } : { pgliteDir: path.join(dataDir, 'pglite') },
  );
  await migrateDatabase(database);
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    WEB_DIST: path.join(dataDir, 'no-web-build'),
    HOSEWRIGHT_DEMO: 'false',
  });
  const { app } = await buildApp({ config, database, logger: false, jobLeaseMs: 1000 });
  return {
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

describe(`a server killed mid-way (${databaseUrl ? 'postgres' : 'pglite'})`, () => {
  it('loses no acknowledged write, leaves no partial import and no job running', async () => {
    const child = await startChild();

    // A stream of writes, one after the other, as a busy counter would send them.
    const acknowledged: string[] = [];
    let writing = true;
    const writes = (async () => {
      for (let i = 0; writing; i++) {
        const name = `Crash Test Customer ${i}`;
        try {
          const res = await call(child, 'POST', '/api/v1/customer/new/update', { name });
          if (res.status === 200) acknowledged.push(name);
        } catch {
          return; // the server is gone
        }
      }
    })();

    while (acknowledged.length < 20) await new Promise((resolve) => setTimeout(resolve, 10));

    // An import big enough to be running when the server dies.
    const form = multipartBody({ kind: 'hose' }, { name: 'hoses.csv', content: hoseCsv(IMPORT_ROWS, 'CR') });
    const uploaded = await fetch(`${child.base}/api/v1/organization/imports`, {
      method: 'POST',
      headers: { authorization: `Bearer ${child.token}`, ...form.headers },
      body: form.payload,
    });
    expect(uploaded.status).toBe(201);
    const preview = (await uploaded.json()) as ImportPreview;
    const started = await call(child, 'POST', `/api/v1/organization/imports/${preview.importId}/start`, {
      mapping: preview.mapping,
    });
    expect(started.status).toBe(202);
    let details: ImportDetails | undefined;
    for (let i = 0; i < 2000; i++) {
      details = (await call(child, 'GET', `/api/v1/organization/imports/${preview.importId}`))
        .body as ImportDetails;
      if (details.status !== 'queued') break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(details?.status).toBe('running');

    child.process.kill('SIGKILL');
    await new Promise((resolve) => child.process.once('exit', resolve));
    writing = false;
    await writes;
    expect(acknowledged.length).toBeGreaterThanOrEqual(20);

    const restarted = await reopen();
    try {
      const org = child.organizationId;
      const stored = await restarted.database.withTenant(org, (tx) =>
        tx
          .select({ name: customers.name })
          .from(customers)
          .where(and(eq(customers.organizationId, org), inArray(customers.name, acknowledged))),
      );
      expect(stored.length).toBe(acknowledged.length);

      const [imported] = await restarted.database.withTenant(org, (tx) =>
        tx.select({ n: count() }).from(components).where(eq(components.organizationId, org)),
      );
      expect([0, IMPORT_ROWS]).toContain(imported?.n);

      // The restarted worker finds the abandoned job (its lease ran out) and fails it and its import.
      let running = -1;
      for (let i = 0; i < 300 && running !== 0; i++) {
        const [row] = await restarted.database.withTenant(org, (tx) =>
          tx
            .select({ n: count() })
            .from(jobs)
            .where(and(eq(jobs.organizationId, org), eq(jobs.status, 'running'))),
        );
        running = row?.n ?? -1;
        if (running !== 0) await new Promise((resolve) => setTimeout(resolve, 25));
      }
      expect(running).toBe(0);
      const [log] = await restarted.database.withTenant(org, (tx) =>
        tx.select().from(importLogs).where(eq(importLogs.id, preview.importId)),
      );
      expect(log?.status).toBe(imported?.n === 0 ? 'failed' : 'succeeded');
    } finally {
      await restarted.close();
    }
  }, 120_000);
});

describe.skipIf(databaseUrl)('the embedded database on disk', () => {
  it('flushes every commit to the disk before acknowledging it (fsync on, as PostgreSQL by default)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'hosewright-fsync-'));
    // Count the fsync calls that reach Node's file system (the database imports it as an ES module).
    const fs = createRequire(import.meta.url)('node:fs') as typeof import('node:fs');
    const original = fs.fsyncSync;
    let flushes = 0;
    fs.fsyncSync = (fd) => {
      flushes += 1;
      original(fd);
    };
    syncBuiltinESMExports();
    const database = await openDatabase({ pgliteDir: path.join(dir, 'pglite') });
    try {
      const settings = await queryRows<{ fsync: string; method: string }>(
        database.db,
        sql`select current_setting('fsync') as fsync, current_setting('wal_sync_method') as method`,
      );
      expect(settings[0]).toEqual({ fsync: 'on', method: 'fsync' });
      await database.db.execute(sql`create table durable_check (n integer)`);
      const before = flushes;
      for (let i = 0; i < 5; i++) await database.db.execute(sql`insert into durable_check values (${i})`);
      expect(flushes - before).toBeGreaterThanOrEqual(5);
    } finally {
      fs.fsyncSync = original;
      syncBuiltinESMExports();
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
