/**
 * One import benchmark in a process of its own, so its memory is its own: a 100,000-row hose CSV through
 * the real job code, from upload to commit, on the embedded default (PGlite in a data directory, as
 * `npm start` runs it) or on the PostgreSQL named by DATABASE_URL. Run with the server's Node flags
 * (`--expose-gc`, see scripts/start.mjs). Prints one JSON line.
 *
 * Peak RSS is the kernel's high-water mark (VmHWM), reset just before the upload: PGlite runs each
 * statement synchronously, so a timer sampling RSS would miss the peaks. Elsewhere than Linux it samples.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
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

console.log(
  JSON.stringify({
    status: outcome.status,
    created: outcome.created,
    ms,
    timings: outcome.timings,
    growthMb: peak - before,
    peak: exact ? 'high-water mark' : 'sampled',
  }),
);
await app.close();
rmSync(dataDir, { recursive: true, force: true });
