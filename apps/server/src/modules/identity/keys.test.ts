import { createLocalJWKSet, type JWK, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { loadSigningKeys } from './keys.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { createTestDatabase, createTestIdentity, HOST } from './test-support.ts';

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.close();
});

describe('loadSigningKeys', () => {
  it('generates an RS256 key with a kid once and returns the same keys afterwards', async () => {
    const [a, b] = await Promise.all([loadSigningKeys(database), loadSigningKeys(database)]);
    const c = await loadSigningKeys(database);
    expect(a).toEqual(b);
    expect(c).toEqual(a);
    const [key] = a.privateJwks.keys;
    expect(key).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(key?.kid).toBeTruthy();
    expect(key?.d).toBeTruthy();
    expect(a.publicJwks.keys[0]).toEqual({
      kty: 'RSA',
      alg: 'RS256',
      use: 'sig',
      kid: key?.kid,
      n: key?.n,
      e: key?.e,
    });
    expect(a.cookieKeys.length).toBeGreaterThan(0);
  });

  it('keeps the keys across a second provider on the same database', async () => {
    const first = await createTestIdentity(database);
    const second = await createTestIdentity(database);
    try {
      const jwks = async (app: typeof first.app) =>
        (await app.inject({ url: '/idp/.well-known/jwks.json', headers: { host: HOST } })).json<{
          keys: JWK[];
        }>();
      const [one, two] = await Promise.all([jwks(first.app), jwks(second.app)]);
      expect(two).toEqual(one);
      const { publicJwks } = await loadSigningKeys(database);
      expect(one.keys.map((k) => k.kid)).toEqual(publicJwks.keys.map((k) => k.kid));
    } finally {
      await first.close();
      await second.close();
    }
  });

  it('signs tokens the public JWKS verifies (what the API and the test helpers rely on)', async () => {
    const { privateJwks, publicJwks } = await loadSigningKeys(database);
    const { SignJWT, importJWK } = await import('jose');
    const jwk = privateJwks.keys[0];
    if (!jwk) throw new Error('no key');
    const token = await new SignJWT({ org_id: 'x' })
      .setProtectedHeader({ alg: 'RS256', kid: jwk.kid })
      .setIssuer('http://localhost:3000/idp/')
      .setExpirationTime('5m')
      .sign(await importJWK(jwk, 'RS256'));
    const { payload } = await jwtVerify(token, createLocalJWKSet(publicJwks));
    expect(payload.org_id).toBe('x');
  });
});

describe('passwords', () => {
  it('hashes with a self-describing scrypt format and verifies', async () => {
    const hash = await hashPassword('correct horse 1');
    expect(hash).toMatch(/^scrypt\$N=\d+,r=\d+,p=\d+\$[A-Za-z0-9_-]+\$[A-Za-z0-9_-]+$/);
    expect(await hashPassword('correct horse 1')).not.toBe(hash);
    expect(await verifyPassword('correct horse 1', hash)).toBe(true);
    expect(await verifyPassword('correct horse 2', hash)).toBe(false);
    expect(await verifyPassword('correct horse 1', 'garbage')).toBe(false);
  });
});
