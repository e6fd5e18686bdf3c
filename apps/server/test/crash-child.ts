/**
 * The server process `crash-recovery.test.ts` kills: started as `npm start` starts it (data directory lock,
 * database, migrations, the whole app), on the data directory or PostgreSQL database it is given, with a
 * shop of its own. Prints one JSON line `{ port, token, organizationId }` once it listens.
 *
 *   tsx test/crash-child.ts <data dir> [<database url>]
 */
import path from 'node:path';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { migrateDatabase } from '../src/db/migrate.ts';
import { lockDataDir } from '../src/lib/data-dir-lock.ts';
import { createTenant } from './helpers.ts';

const [dataDir = '', databaseUrl] = process.argv.slice(2);
const config = loadConfig({
  NODE_ENV: 'test',
  PUBLIC_URL: 'http://localhost:3000',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  WEB_DIST: path.join(dataDir, 'no-web-build'),
  HOSEWRIGHT_DEMO: 'false',
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
});
if (!databaseUrl) lockDataDir(config.dataDir);
const database = await openDatabase(
  databaseUrl ? { databaseUrl } : { pgliteDir: path.join(config.dataDir, 'pglite') },
);
await migrateDatabase(database);
const { app } = await buildApp({ config, database, logger: false, jobLeaseMs: 1000 });
const shop = await createTenant({ database, config }, { tier: 'enterprise' });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
process.stdout.write(
  `${JSON.stringify({ port, token: shop.adminToken, organizationId: shop.organizationId })}\n`,
);
