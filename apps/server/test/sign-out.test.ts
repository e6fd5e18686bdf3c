/**
 * Sign-out (`POST /api/v1/sessions/delete`) ends the sign-in it belongs to: the access token and every other
 * one minted from the same grant are refused at once, and the grant's refresh token mints nothing more. A
 * sign-in on another device is a grant of its own and goes on.
 */
import { deleteSession, getUserRoles } from '@hosewright/domain';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.ts';
import { createOrganizationWithAdmin } from '../src/modules/identity/accounts.ts';
import type { TokenResponse } from '../src/modules/identity/test-support.ts';
import { createTestApp } from './helpers.ts';
import { refreshTokens, signInThroughProvider } from './provider-flow.ts';

const t = await createTestApp();
afterAll(() => t.close());

const PASSWORD = 'hose-fitter-2024';
const EMAIL = 'signout@example.com';
const { userId } = await createOrganizationWithAdmin(t.database, {
  name: 'Sam Counter',
  email: EMAIL,
  password: PASSWORD,
  organizationName: 'Counter Hydraulics',
});
await t.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, userId));

const signIn = () => signInThroughProvider(t, EMAIL, PASSWORD);
const refresh = (refreshToken: string) => refreshTokens(t, refreshToken);

async function rolesStatus(accessToken: string): Promise<number> {
  const res = await t.app.inject({
    method: 'GET',
    url: getUserRoles.path,
    headers: { authorization: `Bearer ${accessToken}` },
  });
  return res.statusCode;
}

describe('signing out', () => {
  it('refuses the access token, its older siblings and the refresh token; another device stays in', async () => {
    const first = await signIn();
    const rotated = await refresh(first.refresh_token ?? '');
    expect(rotated.statusCode, rotated.body).toBe(200);
    const current = rotated.json<TokenResponse>();
    const phone = await signIn();
    expect([await rolesStatus(first.access_token), await rolesStatus(current.access_token)]).toEqual([
      200, 200,
    ]);

    const out = await t.app.inject({
      method: 'POST',
      url: deleteSession.path,
      headers: { authorization: `Bearer ${current.access_token}` },
      payload: {},
    });
    expect(out.statusCode, out.body).toBe(200);

    expect(await rolesStatus(current.access_token)).toBe(401);
    expect(await rolesStatus(first.access_token)).toBe(401);
    const again = await refresh(current.refresh_token ?? '');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ error: 'invalid_grant' });

    expect(await rolesStatus(phone.access_token)).toBe(200);
    expect((await refresh(phone.refresh_token ?? '')).statusCode).toBe(200);
  });
});
