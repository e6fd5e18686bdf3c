/**
 * Once per run of the server suite on PGlite: a migrated, empty data directory that every test file's
 * in-memory database starts from (`createTestDatabase`), instead of each running PGlite's initdb and every
 * migration (about two seconds a file). On PostgreSQL (DATABASE_URL) each file migrates a database of its own.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../src/db/client.ts';
import { migrateDatabase } from '../src/db/migrate.ts';

/** Where the template is, for the test workers (`createTestDatabase`). */
export const PGLITE_TEMPLATE_ENV = 'HOSEWRIGHT_TEST_PGLITE_TEMPLATE';

export async function setup(): Promise<(() => void) | undefined> {
  if (process.env.DATABASE_URL) return undefined;
  const database = await openDatabase({});
  await migrateDatabase(database);
  const dump = await database.dumpDataDir?.();
  await database.close();
  if (!dump) return undefined;
  const dir = mkdtempSync(path.join(tmpdir(), 'hosewright-pglite-template-'));
  const file = path.join(dir, 'data.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  // The test workers start after this and inherit the environment.
  process.env[PGLITE_TEMPLATE_ENV] = file;
  return () => rmSync(dir, { recursive: true, force: true });
}
