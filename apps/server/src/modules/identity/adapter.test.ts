import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { oidcPayloads } from '../../db/schema.ts';
import { createOidcAdapter, purgeExpiredOidcPayloads } from './adapter.ts';
import { createTestDatabase } from './test-support.ts';

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.close();
});

describe('the oidc_payloads adapter', () => {
  it('stores, finds by id, uid and user code, and keeps models apart', async () => {
    const Adapter = createOidcAdapter(database);
    const sessions = new Adapter('Session');
    const codes = new Adapter('DeviceCode');
    await sessions.upsert('s1', { uid: 'u1', accountId: 'a1' }, 60);
    await codes.upsert('s1', { userCode: 'ABCD-EFGH', grantId: 'g1' }, 60);

    expect(await sessions.find('s1')).toEqual({ uid: 'u1', accountId: 'a1' });
    expect(await sessions.findByUid('u1')).toEqual({ uid: 'u1', accountId: 'a1' });
    expect(await codes.findByUserCode('ABCD-EFGH')).toEqual({ userCode: 'ABCD-EFGH', grantId: 'g1' });
    expect(await codes.findByUid('u1')).toBeUndefined();

    await sessions.upsert('s1', { uid: 'u1', accountId: 'a2' }, 60);
    expect(await sessions.find('s1')).toMatchObject({ accountId: 'a2' });
    await sessions.destroy('s1');
    expect(await sessions.find('s1')).toBeUndefined();
    expect(await codes.find('s1')).toBeTruthy();
  });

  it('marks consumed payloads and hides expired ones', async () => {
    const Adapter = createOidcAdapter(database);
    const codes = new Adapter('AuthorizationCode');
    await codes.upsert('c1', { grantId: 'g2' }, 60);
    await codes.consume('c1');
    const consumed = await codes.find('c1');
    expect(typeof consumed?.consumed).toBe('number');

    await codes.upsert('old', { grantId: 'g3' }, 1);
    await database.db.update(oidcPayloads).set({ expiresAt: new Date(Date.now() - 1000) });
    expect(await codes.find('old')).toBeUndefined();
    expect(await purgeExpiredOidcPayloads(database)).toBeGreaterThan(0);
  });

  it('revokes everything of a grant, whatever the model', async () => {
    const Adapter = createOidcAdapter(database);
    const access = new Adapter('AccessToken');
    const refresh = new Adapter('RefreshToken');
    await access.upsert('at', { grantId: 'grant-x' }, 60);
    await refresh.upsert('rt', { grantId: 'grant-x' }, 60);
    await refresh.upsert('keep', { grantId: 'grant-y' }, 60);
    await access.revokeByGrantId('grant-x');
    expect(await access.find('at')).toBeUndefined();
    expect(await refresh.find('rt')).toBeUndefined();
    expect(await refresh.find('keep')).toBeTruthy();
  });
});
