/**
 * Forwarding headers (`TRUST_PROXY`, ADR 10): a caller that is not a configured proxy cannot choose the
 * address its limits count against or that is stored, the host the identity provider names, or the cookies'
 * `Secure` flag. A configured proxy's headers are honoured, by the API and the provider alike.
 */
import { Writable } from 'node:stream';
import { CONTACT_MAX_PER_WINDOW } from '@hosewright/domain';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { contactMessages } from '../src/db/schema.ts';
import { parseTrustProxy } from '../src/lib/trust-proxy.ts';
import { QS_MAX_REQUESTS } from '../src/modules/assemblies/routes.ts';
import { authorizeUrl, pkcePair } from '../src/modules/identity/test-support.ts';
import { createTestApp, type TestApp } from './helpers.ts';

const SPOOFED = {
  'x-forwarded-host': 'evil.example',
  'x-forwarded-proto': 'https',
};

let counter = 0;
/** A made-up client address per call, as a spoofer would send. */
const anotherAddress = () => `203.0.113.${(++counter % 250) + 1}`;

function contact(t: TestApp, headers: Record<string, string>, remoteAddress: string, email: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/contact',
    headers,
    remoteAddress,
    payload: { name: 'Dana Field', email, company: '', message: 'Please call me back about a hose.' },
  });
}

async function storedAddresses(t: TestApp, email: string): Promise<string[]> {
  const rows = await t.database.db
    .select({ ip: contactMessages.ip })
    .from(contactMessages)
    .where(eq(contactMessages.email, email));
  return rows.map((row) => row.ip ?? '');
}

async function discovery(t: TestApp, remoteAddress: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: '/idp/.well-known/openid-configuration',
    headers: { host: 'localhost:3000', ...SPOOFED },
    remoteAddress,
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ issuer: string; authorization_endpoint: string; token_endpoint: string }>();
}

/** The cookies the provider sets when a sign-in starts, as `Set-Cookie` lines. */
async function signInCookies(t: TestApp, remoteAddress: string): Promise<string[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: authorizeUrl(t.config, pkcePair().challenge),
    headers: { host: 'localhost:3000', ...SPOOFED },
    remoteAddress,
  });
  expect(res.statusCode).toBe(303);
  const header = res.headers['set-cookie'];
  const lines = Array.isArray(header) ? header : header ? [header] : [];
  expect(lines.length).toBeGreaterThan(0);
  return lines;
}

const isSecure = (line: string) => line.split(';').some((part) => part.trim().toLowerCase() === 'secure');

describe('the TRUST_PROXY setting', () => {
  it('is off unless given, and takes a hop count or addresses', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
    const hops = parseTrustProxy('2');
    if (typeof hops !== 'function') throw new Error('a hop count is a function');
    expect([hops('198.51.100.1', 0), hops('198.51.100.1', 1), hops('198.51.100.1', 2)]).toEqual([
      true,
      true,
      false,
    ]);
    const list = parseTrustProxy('10.0.0.0/8, 127.0.0.1');
    if (typeof list !== 'function') throw new Error('a list is a function');
    expect([list('10.1.2.3', 0), list('127.0.0.1', 0), list('192.168.1.1', 0)]).toEqual([true, true, false]);
  });

  it('refuses to trust everyone, and addresses that are not addresses', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: true would believe any caller/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/99' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.example' })).toThrow(/TRUST_PROXY/);
  });
});

/** The request log's lines, as the server writes them (JSON, one per line). */
function captureLog(): { stream: Writable; lines: Array<Record<string, unknown>> } {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { stream, lines };
}

/** The client address the request log recorded for requests to `url`. */
const loggedAddresses = (lines: Array<Record<string, unknown>>, url: string) =>
  lines
    .map((line) => line.req as { url?: string; remoteAddress?: string } | undefined)
    .filter((req) => req?.url === url)
    .map((req) => req?.remoteAddress);

describe('from a caller that is not a trusted proxy (the default)', async () => {
  const log = captureLog();
  const t = await createTestApp({}, { logger: { level: 'info', stream: log.stream } });
  afterAll(() => t.close());
  const peer = '198.51.100.7';

  it('logs the connection, not the address a spoofed X-Forwarded-For names', async () => {
    await t.app.inject({
      method: 'GET',
      url: '/healthz?logged=untrusted',
      headers: { 'x-forwarded-for': '203.0.113.250' },
      remoteAddress: peer,
    });
    expect(loggedAddresses(log.lines, '/healthz?logged=untrusted')).toEqual([peer]);
  });

  it('counts the contact form against the connection, whatever X-Forwarded-For says, and stores that', async () => {
    const email = 'spoofer@example.com';
    const answers: number[] = [];
    for (let i = 0; i <= CONTACT_MAX_PER_WINDOW; i++) {
      const res = await contact(t, { 'x-forwarded-for': anotherAddress() }, peer, email);
      answers.push(res.statusCode);
    }
    expect(answers).toEqual([...Array(CONTACT_MAX_PER_WINDOW).fill(201), 429]);
    expect(new Set(await storedAddresses(t, email))).toEqual(new Set([peer]));
  });

  it('counts the public serial look-ups against the connection', async () => {
    const answers = new Map<number, number>();
    for (let i = 0; i <= QS_MAX_REQUESTS; i++) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/qs/${crypto.randomUUID()}`,
        headers: { 'x-forwarded-for': anotherAddress() },
        remoteAddress: '198.51.100.8',
      });
      answers.set(res.statusCode, (answers.get(res.statusCode) ?? 0) + 1);
    }
    expect(answers.get(429)).toBe(1);
  });

  it("keeps the provider's discovery document on the configured address", async () => {
    const doc = await discovery(t, peer);
    expect(doc.issuer).toBe('http://localhost:3000/idp/');
    expect(doc.authorization_endpoint).toBe('http://localhost:3000/idp/authorize');
    expect(doc.token_endpoint).toBe('http://localhost:3000/idp/oauth/token');
  });

  it('sets no Secure cookie because of a spoofed X-Forwarded-Proto', async () => {
    const lines = await signInCookies(t, peer);
    expect(lines.filter(isSecure)).toEqual([]);
  });
});

describe('behind a trusted proxy', async () => {
  const proxy = '10.1.0.5';
  const log = captureLog();
  const t = await createTestApp(
    { TRUST_PROXY: '10.0.0.0/8' },
    { logger: { level: 'info', stream: log.stream } },
  );
  afterAll(() => t.close());

  it('logs the client address the proxy reports', async () => {
    await t.app.inject({
      method: 'GET',
      url: '/healthz?logged=trusted',
      headers: { 'x-forwarded-for': '192.0.2.150' },
      remoteAddress: proxy,
    });
    expect(loggedAddresses(log.lines, '/healthz?logged=trusted')).toEqual(['192.0.2.150']);
  });

  it('counts and stores the client address the proxy reports', async () => {
    const email = 'behind-proxy@example.com';
    const answers: number[] = [];
    for (let i = 0; i <= CONTACT_MAX_PER_WINDOW; i++) {
      const res = await contact(t, { 'x-forwarded-for': `192.0.2.${i + 1}` }, proxy, email);
      answers.push(res.statusCode);
    }
    expect(answers).toEqual(Array(CONTACT_MAX_PER_WINDOW + 1).fill(201));
    expect((await storedAddresses(t, email)).sort()).toEqual(
      Array.from({ length: CONTACT_MAX_PER_WINDOW + 1 }, (_, i) => `192.0.2.${i + 1}`).sort(),
    );
  });

  it('still counts one client behind it against itself', async () => {
    const answers: number[] = [];
    for (let i = 0; i <= CONTACT_MAX_PER_WINDOW; i++) {
      const res = await contact(t, { 'x-forwarded-for': '192.0.2.200' }, proxy, 'one-client@example.com');
      answers.push(res.statusCode);
    }
    expect(answers.at(-1)).toBe(429);
  });

  it('does not let a client skip the proxy: a direct caller is not trusted', async () => {
    const email = 'direct@example.com';
    await contact(t, { 'x-forwarded-for': '192.0.2.77' }, '198.51.100.9', email);
    expect(await storedAddresses(t, email)).toEqual(['198.51.100.9']);
  });

  it('names the forwarded host and protocol in the discovery document', async () => {
    const doc = await discovery(t, proxy);
    // The issuer is configuration; the endpoints follow the address the proxy was called at.
    expect(doc.issuer).toBe('http://localhost:3000/idp/');
    expect(doc.authorization_endpoint).toBe('https://evil.example/idp/authorize');
  });

  it('sets Secure cookies when the proxy reports HTTPS', async () => {
    const lines = await signInCookies(t, proxy);
    expect(lines.filter(isSecure).length).toBe(lines.length);
  });
});
