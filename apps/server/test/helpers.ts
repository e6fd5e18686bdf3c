/**
 * Test harness: a real database (in-memory PGlite, or a fresh database on the PostgreSQL named by
 * DATABASE_URL), the real app through `inject()`, and tokens signed with the provider's own keys.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PLANS, type Role, type Tier } from '@hosewright/domain';
import { eq } from 'drizzle-orm';
import { importJWK, SignJWT } from 'jose';
import pg from 'pg';
import { type AppDeps, buildApp, type HosewrightApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { migrateDatabase } from '../src/db/migrate.ts';
import { memberships, subscriptions, users } from '../src/db/schema.ts';
import { createOrganizationWithAdmin } from '../src/modules/identity/accounts.ts';
import { loadSigningKeys } from '../src/modules/identity/keys.ts';
import { PGLITE_TEMPLATE_ENV } from './global-setup.ts';

export interface TestDatabase {
  database: Database;
  close(): Promise<void>;
}

/**
 * A migrated, empty database of its own for one test file (PGlite in memory unless `pgliteDir`). In memory it
 * starts from the suite's migrated template when there is one; the migrations still run, and find nothing to do.
 */
export async function createTestDatabase(options: { pgliteDir?: string } = {}): Promise<TestDatabase> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const template = options.pgliteDir ? undefined : process.env[PGLITE_TEMPLATE_ENV];
    const database = await openDatabase({
      pgliteDir: options.pgliteDir,
      ...(template ? { pgliteDataDir: new Blob([readFileSync(template)]) } : {}),
    });
    await migrateDatabase(database);
    return { database, close: () => database.close() };
  }
  const name = `hw_test_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const testUrl = new URL(url);
  testUrl.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: testUrl.toString() });
  await migrateDatabase(database);
  return {
    database,
    async close() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

export interface TestApp extends HosewrightApp {
  config: Config;
  database: Database;
  dataDir: string;
  close(): Promise<void>;
}

/** The billing webhook's signing secret in tests (no Stripe keys: the local test-mode provider). */
export const TEST_WEBHOOK_SECRET = 'whsec_hosewright_tests';

/** The tests' configuration: a data directory of its own, silent logs, no web build; `env` on top. */
export function testConfig(env: Record<string, string> = {}): Config {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hosewright-test-'));
  return loadConfig({
    NODE_ENV: 'test',
    PUBLIC_URL: 'http://localhost:3000',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    WEB_DIST: path.join(dataDir, 'no-web-build'),
    // The test-mode payment provider signs its events with it; tests can sign theirs (`contract-call.ts`).
    STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
    ...env,
  });
}

export async function createTestApp(
  env: Record<string, string> = {},
  options: { pgliteDir?: string; validateResponses?: boolean; logger?: AppDeps['logger'] } = {},
): Promise<TestApp> {
  const { database, close } = await createTestDatabase(options);
  const config = testConfig(env);
  const dataDir = config.dataDir;
  const built = await buildApp({
    config,
    database,
    logger: options.logger ?? false,
    validateResponses: options.validateResponses ?? true,
  });
  return {
    ...built,
    config,
    database,
    dataDir,
    async close() {
      await built.app.close();
      await close();
    },
  };
}

export interface TestTenant {
  organizationId: string;
  adminId: string;
  regularId: string;
  adminToken: string;
  regularToken: string;
}

let counter = 0;

/** An organisation with an admin and a regular member on the given tier (expired when asked). */
export async function createTenant(
  t: Pick<TestApp, 'database' | 'config'>,
  options: { tier?: Tier; expired?: boolean; name?: string; verified?: boolean } = {},
): Promise<TestTenant> {
  counter += 1;
  const tag = `${Date.now().toString(36)}${counter}`;
  const { userId: adminId, organizationId } = await createOrganizationWithAdmin(t.database, {
    name: `Admin ${tag}`,
    email: `admin-${tag}@example.com`,
    password: 'correct horse 42',
    organizationName: options.name ?? `Shop ${tag}`,
    emailVerified: options.verified ?? true,
  });
  const regularId = await addMember(t, organizationId, 'regular', `regular-${tag}@example.com`);
  const tier = options.tier ?? 'trial';
  const plan = PLANS[tier];
  await t.database.withTenant(organizationId, (tx) =>
    tx
      .update(subscriptions)
      .set({
        tier,
        expiresAt: new Date(Date.now() + (options.expired ? -86_400_000 : 30 * 86_400_000)),
        maxCustomers: plan.maxCustomers,
        maxHoseAssemblies: plan.maxHoseAssemblies,
        maxHoseKits: plan.maxHoseKits,
      })
      .where(eq(subscriptions.organizationId, organizationId)),
  );
  return {
    organizationId,
    adminId,
    regularId,
    adminToken: await mintToken(t, { userId: adminId, organizationId }),
    regularToken: await mintToken(t, { userId: regularId, organizationId }),
  };
}

export async function addMember(
  t: Pick<TestApp, 'database'>,
  organizationId: string,
  role: Role,
  email: string,
): Promise<string> {
  // System context: users are global, not tenant rows.
  const [user] = await t.database.withSystem((tx) =>
    tx
      .insert(users)
      .values({ email, name: email.split('@')[0] ?? email, passwordHash: 'x', emailVerifiedAt: new Date() })
      .returning({ id: users.id }),
  );
  await t.database.withTenant(organizationId, (tx) =>
    tx.insert(memberships).values({ organizationId, userId: user!.id, role }),
  );
  return user!.id;
}

export interface MintOptions {
  userId: string;
  organizationId: string;
  audience?: string;
  issuer?: string;
  expiresInSeconds?: number;
  /** Sign with a freshly generated key instead of the provider's (a forged token). */
  foreignKey?: boolean;
}

/** An access token shaped like the provider's, signed with the provider's stored key. */
export async function mintToken(
  t: Pick<TestApp, 'database' | 'config'>,
  options: MintOptions,
): Promise<string> {
  const { privateJwks } = await loadSigningKeys(t.database);
  let jwk = privateJwks.keys[0]!;
  if (options.foreignKey) {
    const { generateKeyPair, exportJWK } = await import('jose');
    const pair = await generateKeyPair('RS256', { extractable: true });
    jwk = { ...(await exportJWK(pair.privateKey)), kid: jwk.kid };
  }
  const key = await importJWK(jwk, 'RS256');
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({
    org_id: options.organizationId,
    scope: 'openid profile email',
    client_id: t.config.OIDC_CLIENT_ID,
  })
    .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: jwk.kid })
    .setIssuer(options.issuer ?? t.config.issuer)
    .setAudience(options.audience ?? t.config.OIDC_AUDIENCE)
    .setSubject(options.userId)
    .setJti(randomUUID())
    .setIssuedAt(now)
    .setExpirationTime(now + (options.expiresInSeconds ?? 3600))
    .sign(key);
}

export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}

/** The two ends of the world's clocks, 26 hours apart: their days always differ (ADR 23). */
export const DATE_LINE = { east: 'Pacific/Kiritimati', west: 'Etc/GMT+12' } as const;

/** Today in `timeZone`, 'YYYY-MM-DD'. */
export function todayIn(timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
}

/** A signed-in call's headers naming the caller's time zone (`Time-Zone`, ADR 23). */
export function inTimeZone(token: string, timeZone: string): Record<string, string> {
  return { ...bearer(token), 'time-zone': timeZone };
}

/** Whether a Redis answers PING at 127.0.0.1:6379 within half a second (suites that need one skip without). */
export function probeRedis(): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port: 6379 });
    const done = (answer: boolean) => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(500, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => done(data.toString().startsWith('+PONG')));
  });
}
