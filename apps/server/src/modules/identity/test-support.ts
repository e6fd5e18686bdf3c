/**
 * Test helpers for the identity module: a real in-memory PGlite database, a Fastify app with the provider
 * mounted, a small cookie jar for `inject`, PKCE values and the outbox folder. Used by *.test.ts only.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { type Config, loadConfig } from '../../config.ts';
import { type Database, openDatabase } from '../../db/client.ts';
import { migrateDatabase } from '../../db/migrate.ts';
import { createMailer, type Mailer, type MailLogger } from '../mail/mailer.ts';
import { registerIdentity } from './index.ts';
import { SignInThrottle } from './rate-limit.ts';

export const PUBLIC_URL = 'http://localhost:3000';
export const HOST = 'localhost:3000';

const quietLogger: MailLogger = { info: () => {}, error: () => {} };

export interface TestIdentity {
  app: FastifyInstance;
  database: Database;
  config: Config;
  mailer: Mailer;
  limiter: SignInThrottle;
  dataDir: string;
  /** Moves the limiter's clock forward. */
  advance(ms: number): void;
  close(): Promise<void>;
}

export async function createTestDatabase(): Promise<Database> {
  const database = await openDatabase({});
  await migrateDatabase(database);
  return database;
}

export async function createTestIdentity(existing?: Database): Promise<TestIdentity> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'hosewright-identity-'));
  const database = existing ?? (await createTestDatabase());
  const config = loadConfig({ NODE_ENV: 'test', PUBLIC_URL, DATA_DIR: dataDir });
  const mailer = createMailer(config, database, quietLogger);
  let now = Date.now();
  const limiter = new SignInThrottle({ clock: () => now });
  const app = Fastify();
  await registerIdentity(app, { config, database, mailer, loginLimiter: limiter });
  await app.ready();
  return {
    app,
    database,
    config,
    mailer,
    limiter,
    dataDir,
    advance: (ms) => {
      now += ms;
    },
    close: async () => {
      await app.close();
      if (!existing) await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

// ---------------------------------------------------------------------------------------------- browser

interface StoredCookie {
  name: string;
  value: string;
  path: string;
}

/** Enough of a browser for `inject`: remembers cookies by name and path and sends the matching ones. */
export class Browser {
  readonly #cookies = new Map<string, StoredCookie>();

  constructor(readonly app: FastifyInstance) {}

  async get(url: string): Promise<LightMyRequestResponse> {
    return this.#send('GET', url);
  }

  async post(url: string, form: Record<string, string>): Promise<LightMyRequestResponse> {
    return this.#send('POST', url, new URLSearchParams(form).toString());
  }

  /** Follows same-server redirects until one leaves /idp or a page answers. */
  async follow(response: LightMyRequestResponse, limit = 10): Promise<LightMyRequestResponse> {
    let current = response;
    for (let i = 0; i < limit && isRedirect(current); i++) {
      const target = new URL(location(current), PUBLIC_URL);
      if (!target.pathname.startsWith('/idp/')) return current;
      current = await this.get(`${target.pathname}${target.search}`);
    }
    return current;
  }

  async #send(method: 'GET' | 'POST', url: string, payload?: string): Promise<LightMyRequestResponse> {
    const { pathname } = new URL(url, PUBLIC_URL);
    const cookie = [...this.#cookies.values()]
      .filter((c) => pathname.startsWith(c.path))
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
    const response = await this.app.inject({
      method,
      url,
      headers: {
        host: HOST,
        ...(cookie ? { cookie } : {}),
        ...(payload !== undefined ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(payload !== undefined ? { payload } : {}),
    });
    this.#remember(response);
    return response;
  }

  #remember(response: LightMyRequestResponse): void {
    const header = response.headers['set-cookie'];
    const lines = Array.isArray(header) ? header : header ? [header] : [];
    for (const line of lines) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const [name = '', value = ''] = splitOnce(pair, '=');
      const cookiePath = attributes.find((a) => a.toLowerCase().startsWith('path='))?.slice(5) ?? '/';
      const key = `${name}|${cookiePath}`;
      const expired = attributes.some((a) => /^expires=.*1970/i.test(a)) || value === '';
      if (expired) this.#cookies.delete(key);
      else this.#cookies.set(key, { name, value, path: cookiePath });
    }
  }
}

function splitOnce(text: string, separator: string): [string, string] {
  const at = text.indexOf(separator);
  return at === -1 ? [text, ''] : [text.slice(0, at), text.slice(at + 1)];
}

export function isRedirect(response: LightMyRequestResponse): boolean {
  return response.statusCode >= 300 && response.statusCode < 400;
}

export function location(response: LightMyRequestResponse): string {
  const value = response.headers.location;
  if (typeof value !== 'string')
    throw new Error(`No redirect (status ${response.statusCode}): ${response.body}`);
  return value;
}

// ---------------------------------------------------------------------------------------------- OAuth

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  return { verifier, challenge };
}

export function authorizeUrl(config: Config, challenge: string, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams({
    client_id: config.OIDC_CLIENT_ID,
    redirect_uri: `${PUBLIC_URL}/callback`,
    response_type: 'code',
    response_mode: 'query',
    scope: 'openid profile email offline_access',
    audience: config.OIDC_AUDIENCE,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: randomBytes(8).toString('hex'),
    nonce: randomBytes(8).toString('hex'),
    ...extra,
  });
  return `/idp/authorize?${params}`;
}

/** The interaction page path a fresh authorization request lands on. */
export function interactionPath(response: LightMyRequestResponse): string {
  const target = new URL(location(response), PUBLIC_URL);
  if (!target.pathname.startsWith('/idp/interaction/'))
    throw new Error(`Unexpected redirect to ${target.href}`);
  return target.pathname;
}

export interface TokenResponse {
  access_token: string;
  id_token: string;
  refresh_token?: string;
  expires_in: number;
  scope: string;
  token_type: string;
}

export async function tokenRequest(
  app: FastifyInstance,
  form: Record<string, string>,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/idp/oauth/token',
    headers: { host: HOST, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
  });
}

// ---------------------------------------------------------------------------------------------- outbox

export interface OutboxMail {
  file: string;
  content: string;
}

/** Mails written for `to`, oldest first. */
export async function readOutbox(dataDir: string, to: string): Promise<OutboxMail[]> {
  const folder = path.join(dataDir, 'outbox');
  const files = (await readdir(folder).catch(() => [] as string[]))
    .filter((f) => f.includes(`-${to}`))
    .sort();
  return Promise.all(
    files.map(async (f) => ({ file: f, content: await readFile(path.join(folder, f), 'utf8') })),
  );
}

/**
 * The path and query of the last link of this kind mailed to `to`, waiting up to five seconds for it: a
 * reset link is mailed after the page has answered (the answer must not depend on the account existing).
 */
export async function mailedLink(
  dataDir: string,
  to: string,
  kind: 'verify-email' | 'reset-password',
): Promise<string> {
  const pattern = new RegExp(`^${PUBLIC_URL}(/idp/${kind}\\?token=[A-Za-z0-9_-]+)\\r?$`, 'm');
  for (let attempt = 0; attempt < 100; attempt++) {
    const mails = await readOutbox(dataDir, to);
    for (const mail of mails.reverse()) {
      const match = pattern.exec(mail.content);
      if (match?.[1]) return match[1];
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`No ${kind} link mailed to ${to}`);
}
