/**
 * What durability costs the embedded database: the same work on a PGlite data directory as PGlite starts it
 * (fsync off) and as the server opens it (`durablePglite`: every commit flushed to the disk). Single-row
 * commits, as a counter saves one thing at a time, and one 100,000-row transaction, as an import writes.
 * Prints one JSON line.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { durablePglite } from '../apps/server/src/db/client.ts';

const COMMITS = 500;
const BULK_ROWS = 100_000;

async function measure(open: (dir: string) => PGlite) {
  const dir = mkdtempSync(path.join(tmpdir(), 'hosewright-durability-'));
  const db = open(path.join(dir, 'pglite'));
  try {
    await db.waitReady;
    await db.exec('create table bench (id serial primary key, part text not null, length_mm numeric)');
    let start = performance.now();
    for (let i = 0; i < COMMITS; i++) {
      await db.query('insert into bench (part, length_mm) values ($1, $2)', [`P-${i}`, i]);
    }
    const commitsPerSecond = Math.round(COMMITS / ((performance.now() - start) / 1000));
    start = performance.now();
    await db.transaction(async (tx) => {
      await tx.query(
        `insert into bench (part, length_mm) select 'B-' || n, n from generate_series(1, ${BULK_ROWS}) n`,
      );
    });
    const bulkMs = Math.round(performance.now() - start);
    return { commitsPerSecond, bulkMs };
  } finally {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const unflushed = await measure((dir) => new PGlite({ dataDir: dir }));
const durable = await measure((dir) => new PGlite(durablePglite(dir)));
console.log(JSON.stringify({ unflushed, durable }));
