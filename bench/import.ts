/**
 * One import benchmark in a process of its own, so its memory is its own: a 100,000-row hose CSV through
 * the real job code, from upload to commit, on the embedded default (PGlite in a data directory, as
 * `npm start` runs it) or on the PostgreSQL named by DATABASE_URL. Run with the server's Node flags
 * (`--expose-gc`, see scripts/start.mjs). Prints one JSON line.
 *
 * `copyMs` is the same rows written with one COPY (`copyBaseline`): the import's budget is a ratio to it.
 *
 * Peak RSS is the kernel's high-water mark (VmHWM), reset just before the upload: PGlite runs each
 * statement synchronously, so a timer sampling RSS would miss the peaks. Elsewhere than Linux it samples.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { queryRows } from '../apps/server/src/db/client.ts';
import { runComponentImport, stageComponentImport } from '../apps/server/src/modules/imports/service.ts';
import { createTenant, createTestApp } from '../apps/server/test/helpers.ts';
import { hoseCsv } from '../apps/server/test/import-fixtures.ts';

function statusMb(field: 'VmRSS' | 'VmHWM'): number | null {
  try {
    const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync('/proc/self/status', 'utf8'));
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/** Resets the high-water mark to the current RSS (Linux); false where that is not possible. */
function resetPeak(): boolean {
  try {
    writeFileSync('/proc/self/clear_refs', '5');
    return statusMb('VmHWM') !== null;
  } catch {
    return false;
  }
}

const rssMb = () => process.memoryUsage().rss / 1024 / 1024;

/**
 * The floor an import is measured against, on the same database in the same run: the rows the import wrote,
 * written again with one COPY into the same table and indexes (for another organisation). PGlite copies
 * from a blob; PostgreSQL from a file the server reads (the bench connects as a superuser on this machine).
 * Answers the COPY's milliseconds, or null when the import did not succeed.
 */
async function copyBaseline(imported: boolean): Promise<number | null> {
  if (!imported) return null;
  const other = await createTenant(app, { tier: 'enterprise' });
  const { db } = app.database;
  const columns = (
    await queryRows<{ name: string }>(
      db,
      sql`select column_name as name from information_schema.columns where table_name = 'components' and column_name not in ('id', 'organization_id') and is_generated = 'NEVER' order by ordinal_position`,
    )
  ).map((c) => `"${c.name}"`);
  const list = columns.join(', ');
  const rows = `(select ${list}, '${other.organizationId}'::uuid as organization_id from components where organization_id = '${owner.organizationId}')`;
  const target = `components (${list}, organization_id)`;
  if (app.database.kind === 'pglite') {
    // The raw PGlite client under drizzle (db/client.ts wraps it to drop per-query parsers).
    const pglite = (db as unknown as { $client: { inner: PGlite } }).$client.inner;
    const out = await pglite.query(`copy ${rows} to '/dev/blob' with (format csv)`);
    const blob = out.blob;
    if (!blob) throw new Error('COPY TO gave no blob');
    const copyStart = performance.now();
    await pglite.query(`copy ${target} from '/dev/blob' with (format csv)`, [], { blob });
    return performance.now() - copyStart;
  }
  const file = path.join('/tmp', `hosewright-bench-copy-${process.pid}.csv`);
  try {
    await db.execute(sql.raw(`copy ${rows} to '${file}' with (format csv)`));
    const copyStart = performance.now();
    await db.execute(sql.raw(`copy ${target} from '${file}' with (format csv)`));
    return performance.now() - copyStart;
  } finally {
    rmSync(file, { force: true });
  }
}
const dataDir = mkdtempSync(path.join(tmpdir(), 'hosewright-bench-'));
const app = await createTestApp({}, { pgliteDir: path.join(dataDir, 'pglite') });
const owner = await createTenant(app, { tier: 'enterprise' });
const file = hoseCsv(100_000);

const exact = resetPeak();
const before = exact ? (statusMb('VmRSS') ?? rssMb()) : rssMb();
let sampled = before;
const sampler = setInterval(() => {
  sampled = Math.max(sampled, rssMb());
}, 10);
const start = performance.now();
const id = await stageComponentImport(app.database, app.importTargets, {
  organizationId: owner.organizationId,
  userId: owner.adminId,
  kind: 'hose',
  fileName: 'bench.csv',
  file,
});
const outcome = await runComponentImport(app.database, app.importTargets, owner.organizationId, id);
const ms = performance.now() - start;
clearInterval(sampler);
const peak = exact ? (statusMb('VmHWM') ?? sampled) : Math.max(sampled, rssMb());

const copyMs = await copyBaseline(outcome.status === 'succeeded');

console.log(
  JSON.stringify({
    status: outcome.status,
    created: outcome.created,
    ms,
    copyMs,
    timings: outcome.timings,
    growthMb: peak - before,
    peak: exact ? 'high-water mark' : 'sampled',
  }),
);
await app.close();
rmSync(dataDir, { recursive: true, force: true });
