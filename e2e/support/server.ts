/**
 * Starts Hosewright the way a user does — `node --import tsx apps/server/src/main.ts` from the repository
 * root — on a free port with a fresh DATA_DIR and the embedded database and identity provider, and reads
 * the emails it writes to DATA_DIR/outbox.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SeedPlan, SeedResult } from './seed.ts';

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The demo organisation the server creates on an empty database. */
export const DEMO = {
  email: 'demo@hosewright.local',
  password: 'e2e-Demo-Passw0rd!',
  organization: 'Demo Hydraulics',
} as const;

export interface StartOptions {
  /** Use this data directory (already prepared, e.g. seeded) instead of a fresh one. */
  dataDir?: string;
  /** Extra environment for the server. */
  env?: Record<string, string>;
  /** How long to wait for GET /healthz to answer 200. */
  readyTimeoutMs?: number;
  /** A name for messages. */
  name?: string;
}

export interface RunningServer {
  /** `http://localhost:<port>`, the PUBLIC_URL the server was given. */
  baseUrl: string;
  port: number;
  dataDir: string;
  /** Everything the server printed so far (stdout and stderr, interleaved). */
  output(): string;
  /** SIGTERM, then SIGKILL after a grace period; removes the data directory unless `keepData`. */
  stop(options?: { keepData?: boolean }): Promise<void>;
}

async function makeDataDir(): Promise<string> {
  return mkdtemp(path.join(tmpdir(), 'hosewright-e2e-'));
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.once('error', reject);
    probe.listen(0, () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => (port ? resolve(port) : reject(new Error('Could not find a free port'))));
    });
  });
}

const OUTPUT_LIMIT = 200_000;

export function startServer(options: StartOptions = {}): Promise<RunningServer> {
  return launch(options, !options.dataDir);
}

/** Starts the server; stopping it removes the data directory when `ownsDataDir` (made here or for it). */
async function launch(options: StartOptions, ownsDataDir: boolean): Promise<RunningServer> {
  const name = options.name ?? 'server';
  const mainFile = path.join(REPO_ROOT, 'apps/server/src/main.ts');
  if (!existsSync(mainFile)) throw new Error(`Cannot start the ${name}: ${mainFile} does not exist`);
  // E2E_WEB_DIST lets a run use a build of its own (say `vite build --outDir /tmp/dist-x`) beside others.
  const webDist = process.env.E2E_WEB_DIST ?? path.join(REPO_ROOT, 'apps/web/dist');
  if (!existsSync(path.join(webDist, 'index.html'))) {
    throw new Error(
      `${webDist}/index.html is missing: build the web app first (\`npm run build -w @hosewright/web\`, ` +
        'or run the suite with `npm run test:e2e`, which builds it).',
    );
  }
  const port = await freePort();
  const dataDir = options.dataDir ?? (await makeDataDir());
  const baseUrl = `http://localhost:${port}`;

  const env: NodeJS.ProcessEnv = { ...process.env };
  // The suite must use the embedded database and provider whatever the caller's shell has set.
  for (const key of [
    'DATABASE_URL',
    'OIDC_ISSUER',
    'SMTP_URL',
    'REDIS_URL',
    'STRIPE_SECRET_KEY',
    'WEB_DIST',
  ]) {
    delete env[key];
  }
  // Nor should it see that it runs under a test runner: a user's shell has none of this.
  for (const key of Object.keys(env)) {
    if (key.startsWith('VITEST') || key === 'TEST' || key === 'NODE_OPTIONS') delete env[key];
  }
  Object.assign(env, {
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    DATA_DIR: dataDir,
    HOSEWRIGHT_DEMO_PASSWORD: DEMO.password,
    LOG_LEVEL: 'warn',
    HOSEWRIGHT_DEMO: 'true',
    NODE_ENV: 'production',
    WEB_DIST: webDist,
    ...options.env,
  });

  let output = '';
  const append = (chunk: Buffer) => {
    output += chunk.toString('utf8');
    if (output.length > OUTPUT_LIMIT) output = output.slice(-OUTPUT_LIMIT);
  };
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  let exited: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  const exit = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      exited = { code, signal };
      resolve();
    });
  });

  const stop = async ({ keepData = false } = {}) => {
    if (!exited) {
      child.kill('SIGTERM');
      const killed = await Promise.race([exit.then(() => true), sleep(10_000).then(() => false)]);
      if (!killed) {
        child.kill('SIGKILL');
        await exit;
      }
    }
    if (!keepData && ownsDataDir) await rm(dataDir, { recursive: true, force: true });
  };

  const timeout = options.readyTimeoutMs ?? 60_000;
  const deadline = Date.now() + timeout;
  // Node's fetch may try ::1 first for "localhost" while the server listens on IPv4 only.
  const health = `http://127.0.0.1:${port}/healthz`;
  let last = 'no answer yet';
  while (Date.now() < deadline) {
    if (exited) {
      await stop();
      throw new Error(
        `The ${name} exited before it was ready (code ${exited.code}, signal ${exited.signal}). Output:\n${output}`,
      );
    }
    try {
      const response = await fetch(health, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) {
        return { baseUrl, port, dataDir, output: () => output, stop };
      }
      last = `HTTP ${response.status}: ${(await response.text()).slice(0, 300)}`;
    } catch (error) {
      last = error instanceof Error ? `${error.message}${causeOf(error)}` : String(error);
    }
    await sleep(250);
  }
  await stop();
  throw new Error(
    `The ${name} did not answer 200 on GET /healthz within ${timeout / 1000} s (last: ${last}). Output:\n${output}`,
  );
}

function causeOf(error: Error): string {
  const cause = (error as { cause?: unknown }).cause;
  return cause instanceof Error ? ` (${cause.message})` : '';
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

// ------------------------------------------------------------------------------------------------ outbox

export interface Email {
  file: string;
  to: string;
  subject: string;
  /** The plain-text body (the text part of a multipart message). */
  body: string;
  /** The HTML part, when there is one. */
  html?: string;
}

/** Every email the server wrote to DATA_DIR/outbox, oldest first. */
export async function readOutbox(dataDir: string): Promise<Email[]> {
  const folder = path.join(dataDir, 'outbox');
  if (!existsSync(folder)) return [];
  const files = (await readdir(folder)).filter((f) => f.endsWith('.eml')).sort();
  return Promise.all(
    files.map(async (f) => parseEml(path.join(folder, f), await readFile(path.join(folder, f), 'utf8'))),
  );
}

/** Waits until an email matching `match` is in the outbox (mail is written just after the page answers). */
export async function waitForEmail(
  dataDir: string,
  match: (email: Email) => boolean,
  timeoutMs = 15_000,
): Promise<Email> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await readOutbox(dataDir)).filter(match).at(-1);
    if (found) return found;
    if (Date.now() > deadline) {
      const all = (await readOutbox(dataDir)).map((e) => `  ${e.to}: ${e.subject}`).join('\n') || '  (empty)';
      throw new Error(
        `No matching email in ${path.join(dataDir, 'outbox')} after ${timeoutMs} ms. Outbox:\n${all}`,
      );
    }
    await sleep(200);
  }
}

/** The first link in the email whose address matches `pattern`. */
export function findLink(email: Email, pattern: RegExp): string {
  const links = [...`${email.body}\n${email.html ?? ''}`.matchAll(/https?:\/\/[^\s"'<>]+/g)].map((m) =>
    m[0].replace(/&amp;/g, '&'),
  );
  const link = links.find((l) => pattern.test(l));
  if (!link) {
    throw new Error(
      `No link matching ${pattern} in the email "${email.subject}" to ${email.to}:\n${email.body}`,
    );
  }
  return link;
}

export function parseEml(file: string, raw: string): Email {
  const text = raw.replace(/\r\n/g, '\n');
  const { headers, body } = splitHeaders(text);
  const to = headers.get('to') ?? '';
  const subject = decodeHeader(headers.get('subject') ?? '');
  const contentType = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (!boundary) return { file, to, subject, body: decodeBody(body, headers) };
  let plain: string | undefined;
  let html: string | undefined;
  for (const part of body.split(`--${boundary}`).slice(1)) {
    if (part.startsWith('--')) break;
    const parsed = splitHeaders(part.replace(/^\n/, ''));
    const type = parsed.headers.get('content-type') ?? 'text/plain';
    const content = decodeBody(parsed.body.replace(/\n$/, ''), parsed.headers);
    if (type.startsWith('text/plain') && plain === undefined) plain = content;
    if (type.startsWith('text/html') && html === undefined) html = content;
  }
  return { file, to, subject, body: plain ?? html ?? '', ...(html !== undefined ? { html } : {}) };
}

function splitHeaders(text: string): { headers: Map<string, string>; body: string } {
  const end = text.indexOf('\n\n');
  const head = end === -1 ? text : text.slice(0, end);
  const body = end === -1 ? '' : text.slice(end + 2);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeBody(body: string, headers: Map<string, string>): string {
  const encoding = (headers.get('content-transfer-encoding') ?? '').toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    return Buffer.from(
      body
        .replace(/=\n/g, '')
        .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
      'latin1',
    ).toString('utf8');
  }
  return body;
}

function decodeHeader(value: string): string {
  return value.replace(
    /=\?([^?]+)\?([BQ])\?([^?]*)\?=/gi,
    (_m, _charset: string, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : Buffer.from(
            data
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_x, hex: string) =>
                String.fromCharCode(Number.parseInt(hex, 16)),
              ),
            'latin1',
          ).toString('utf8'),
  );
}

// ------------------------------------------------------------------------------------------------ seeding

/**
 * A server on a data directory of its own, seeded with `plan` (`seedDataDir`) before it starts; stopping it
 * removes the directory.
 */
export async function startSeededServer(
  plan: SeedPlan,
  options: Omit<StartOptions, 'dataDir'> = {},
): Promise<RunningServer> {
  const dataDir = await makeDataDir();
  try {
    await seedDataDir(dataDir, plan);
    return await launch({ ...options, dataDir }, true);
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
}

/** Runs e2e/support/seed.ts against a data directory no server holds yet. */
async function seedDataDir(dataDir: string, plan: SeedPlan): Promise<SeedResult> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'e2e/support/seed.ts', dataDir, JSON.stringify(plan)],
    {
      cwd: REPO_ROOT,
      env: { ...process.env, DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => {
    stdout += c.toString('utf8');
  });
  child.stderr.on('data', (c: Buffer) => {
    stderr += c.toString('utf8');
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`Seeding ${dataDir} failed (exit ${code}):\n${stderr}\n${stdout}`);
  const line = stdout.trim().split('\n').at(-1) ?? '';
  return JSON.parse(line) as SeedResult;
}
