/** `npm start`: configuration, data directory lock, migrations, demo data, then listen. */
import path from 'node:path';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { migrateDatabase } from './db/migrate.ts';
import { DataDirLockedError, lockDataDir } from './lib/data-dir-lock.ts';
import { seedDemoIfEmpty } from './modules/demo/seed.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  const unlock = config.DATABASE_URL ? () => {} : lockDataDir(config.dataDir);
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    appDatabaseUrl: config.DATABASE_APP_URL,
    pgliteDir: config.DATABASE_URL ? undefined : path.join(config.dataDir, 'pglite'),
  });
  await migrateDatabase(database);
  const { app } = await buildApp({ config, database });

  if (config.HOSEWRIGHT_DEMO === 'true') {
    const demo = await seedDemoIfEmpty(database, config.HOSEWRIGHT_DEMO_PASSWORD);
    if (demo) {
      const shown = config.HOSEWRIGHT_DEMO_PASSWORD ? '(from HOSEWRIGHT_DEMO_PASSWORD)' : demo.password;
      process.stdout.write(
        `\n  Demo organisation created. Sign in as ${demo.email} with password ${shown}\n` +
          '  This password is shown only once.\n\n',
      );
    }
  }

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    unlock();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  process.stdout.write(`  Hosewright is running at ${config.publicUrl} (database: ${database.kind})\n`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(
      `Hosewright failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exit(1);
});
