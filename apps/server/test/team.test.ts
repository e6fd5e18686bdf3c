/**
 * The team (`team/team.ts`): every member sees who belongs and with which role; admins invite people by email,
 * change roles and remove people, whose sign-ins end at once; the organisation always keeps an admin.
 */
import {
  inviteTeamMember,
  LAST_ADMIN_MESSAGE,
  listRoles,
  listTeam,
  remindTeamMember,
  removeTeamMember,
  type TeamMember,
  updateUserRole,
} from '@hosewright/domain';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { invitations, users } from '../src/db/schema.ts';
import { hashPassword } from '../src/modules/identity/passwords.ts';
import { readOutbox } from '../src/modules/identity/test-support.ts';
import { addMember, bearer, createTenant, createTestApp, mintToken } from './helpers.ts';
import { refreshTokens, signInThroughProvider } from './provider-flow.ts';

const t = await createTestApp();
afterAll(() => t.close());

const team = async (token: string) => {
  const res = await t.app.inject({ method: 'GET', url: listTeam.path, headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { items: TeamMember[] }).items;
};
const setRole = (token: string, userId: string, role: string) =>
  t.app.inject({
    method: 'POST',
    url: updateUserRole.path,
    headers: bearer(token),
    payload: { userId, role },
  });
const remove = (token: string, userId: string) =>
  t.app.inject({
    method: 'POST',
    url: removeTeamMember.path.replace(':userId', userId),
    headers: bearer(token),
    payload: {},
  });

describe('the team', () => {
  it('lists the people with role and status for every member, admins first', async () => {
    const shop = await createTenant(t, { tier: 'trial' });
    for (const token of [shop.adminToken, shop.regularToken]) {
      const people = await team(token);
      expect(people.map((p) => [p._id, p.role, p.status])).toEqual([
        [shop.adminId, 'admin', expect.any(String)],
        [shop.regularId, 'regular', expect.any(String)],
      ]);
    }
    const roles = await t.app.inject({
      method: 'GET',
      url: listRoles.path,
      headers: bearer(shop.regularToken),
    });
    expect((roles.json() as Array<{ role: string }>).map((r) => r.role)).toEqual(['admin', 'regular']);
  });

  it('shows when someone last signed in', async () => {
    const shop = await createTenant(t, { tier: 'trial' });
    expect((await team(shop.adminToken)).every((p) => p.lastSignInAt === null)).toBe(true);
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/sessions/create',
      headers: bearer(shop.regularToken),
      payload: {},
    });
    const regular = (await team(shop.adminToken)).find((p) => p._id === shop.regularId);
    expect(regular?.lastSignInAt).toEqual(expect.any(String));
  });

  it('lets an admin promote and demote, but never leave the organisation without an admin', async () => {
    const shop = await createTenant(t, { tier: 'trial' });
    const lastAdmin = await setRole(shop.adminToken, shop.adminId, 'regular');
    expect(lastAdmin.statusCode).toBe(409);
    expect(lastAdmin.json()).toMatchObject({ code: 'CONFLICT', message: LAST_ADMIN_MESSAGE });
    expect((await remove(shop.adminToken, shop.adminId)).statusCode).toBe(409);

    const promoted = await setRole(shop.adminToken, shop.regularId, 'admin');
    expect(promoted.json()).toMatchObject({ _id: shop.regularId, role: 'admin' });
    // Two admins now: the first may step down.
    expect((await setRole(shop.adminToken, shop.adminId, 'regular')).json()).toMatchObject({
      role: 'regular',
    });
    expect((await team(shop.regularToken)).map((p) => p.role)).toEqual(['admin', 'regular']);
  });

  it('answers another organisation’s person, or nonsense, like a missing one and changes nothing', async () => {
    const shop = await createTenant(t, { tier: 'trial' });
    const other = await createTenant(t, { tier: 'trial' });
    const res = await setRole(shop.adminToken, other.regularId, 'admin');
    expect(res.statusCode).toBe(404);
    expect((await remove(shop.adminToken, other.regularId)).statusCode).toBe(404);
    expect((await setRole(shop.adminToken, shop.regularId, 'owner')).json()).toMatchObject({
      statusCode: 400,
      message: expect.stringContaining('Choose the role: admin or regular'),
    });
    expect((await team(other.adminToken)).map((p) => p.role)).toEqual(['admin', 'regular']);
  });

  it('removes a person: their next call is refused and their refresh token mints nothing', async () => {
    const shop = await createTenant(t, { tier: 'trial' });
    const email = `leaving-${Date.now()}@example.com`;
    const password = 'leaving-the-shop-1';
    const userId = await addMember(t, shop.organizationId, 'regular', email);
    const hash = await hashPassword(password);
    await t.database.withSystem((tx) =>
      tx.update(users).set({ passwordHash: hash }).where(eq(users.id, userId)),
    );
    const tokens = await signInThroughProvider(t, email, password);
    const asThem = () =>
      t.app.inject({ method: 'GET', url: listTeam.path, headers: bearer(tokens.access_token) });
    expect((await asThem()).statusCode).toBe(200);

    expect((await remove(shop.adminToken, userId)).json()).toEqual({ ok: true });
    expect((await asThem()).statusCode).toBe(403);
    expect((await refreshTokens(t, tokens.refresh_token ?? '')).statusCode).toBe(400);
    expect((await team(shop.adminToken)).map((p) => p._id)).not.toContain(userId);
    // A token minted for them later is refused too: they are no member.
    const minted = await mintToken(t, { userId, organizationId: shop.organizationId });
    expect(
      (await t.app.inject({ method: 'GET', url: listTeam.path, headers: bearer(minted) })).statusCode,
    ).toBe(403);
  });

  describe('invitations', () => {
    const invite = (token: string, email: string, role = 'regular') =>
      t.app.inject({
        method: 'POST',
        url: inviteTeamMember.path,
        headers: bearer(token),
        payload: { email, role },
      });
    const remind = (token: string, id: string) =>
      t.app.inject({
        method: 'POST',
        url: remindTeamMember.path.replace(':userId', id),
        headers: bearer(token),
        payload: {},
      });
    const linkFor = async (email: string) => {
      for (let i = 0; i < 100; i++) {
        const mails = await readOutbox(t.dataDir, email);
        const link = /\/idp\/accept-invitation\?token=[A-Za-z0-9_-]+/.exec(mails.at(-1)?.content ?? '')?.[0];
        if (link) return link;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      throw new Error(`no invitation mailed to ${email}`);
    };
    const page = (link: string) =>
      t.app.inject({ method: 'GET', url: link, headers: { host: 'localhost:3000' } });
    const acceptWith = (link: string, form: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/idp/accept-invitation',
        headers: { host: 'localhost:3000', 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          token: new URL(link, 'http://x').searchParams.get('token') ?? '',
          ...form,
        }).toString(),
      });

    it('invites by email with a role: the new colleague sets a password, joins, and signs in', async () => {
      const shop = await createTenant(t, { tier: 'trial' });
      const email = `new-colleague-${Date.now()}@example.com`;
      const invited = await invite(shop.adminToken, email, 'regular');
      expect(invited.json()).toMatchObject({ email, role: 'regular', status: 'invited' });
      expect((await team(shop.regularToken)).map((p) => [p.email, p.status]).at(-1)).toEqual([
        email,
        'invited',
      ]);

      const link = await linkFor(email);
      const form = await page(link);
      expect(form.statusCode).toBe(200);
      expect(form.body).toContain('name="password"');
      const weak = await acceptWith(link, { name: 'New Colleague', password: 'short' });
      expect(weak.statusCode).toBe(400);
      expect(weak.body).toContain('Use at least 10 characters');
      const joined = await acceptWith(link, { name: 'New Colleague', password: 'joining-the-shop-1' });
      expect(joined.statusCode).toBe(200);
      expect(joined.body).toContain('Welcome to the team');
      expect((await page(link)).body).toContain('This link has already been used.');

      const people = await team(shop.adminToken);
      expect(people.find((p) => p.email === email)).toMatchObject({
        name: 'New Colleague',
        role: 'regular',
        status: 'active',
      });
      const tokens = await signInThroughProvider(t, email, 'joining-the-shop-1');
      expect((await team(tokens.access_token)).length).toBe(3);
    });

    it('lets someone with an account join with it, without a new password', async () => {
      const shop = await createTenant(t, { tier: 'trial' });
      const elsewhere = await createTenant(t, { tier: 'trial' });
      const [existing] = await t.database.withSystem((tx) =>
        tx.select({ email: users.email }).from(users).where(eq(users.id, elsewhere.regularId)),
      );
      const email = existing?.email ?? '';
      expect((await invite(shop.adminToken, email, 'admin')).statusCode).toBe(200);
      const link = await linkFor(email);
      const form = await page(link);
      expect(form.body).not.toContain('name="password"');
      expect((await acceptWith(link, {})).statusCode).toBe(200);
      expect((await team(shop.adminToken)).find((p) => p.email === email)).toMatchObject({ role: 'admin' });
    });

    it('refuses a second invitation, a member, and a bad address, changing nothing', async () => {
      const shop = await createTenant(t, { tier: 'trial' });
      const email = `twice-${Date.now()}@example.com`;
      expect((await invite(shop.adminToken, email)).statusCode).toBe(200);
      const again = await invite(shop.adminToken, email);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(`${email} is invited already. Send the invitation again instead.`);
      const [admin] = await team(shop.adminToken);
      expect((await invite(shop.adminToken, admin?.email ?? '')).json().message).toContain('already belongs');
      const bad = await invite(shop.adminToken, 'not an address');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toContain('Enter a valid email address');
      expect((await invite(shop.regularToken, `x-${email}`)).statusCode).toBe(403);
      expect((await team(shop.adminToken)).length).toBe(3);
    });

    it('reminds with a new link (the old one stops), expires after 7 days, and can be withdrawn', async () => {
      const shop = await createTenant(t, { tier: 'trial' });
      const email = `later-${Date.now()}@example.com`;
      const { _id: id } = (await invite(shop.adminToken, email)).json() as TeamMember;
      const first = await linkFor(email);
      const reminded = await remind(shop.adminToken, id);
      expect(reminded.statusCode).toBe(200);
      let second = first;
      for (let i = 0; i < 100 && second === first; i++) second = await linkFor(email);
      expect(second).not.toBe(first);
      expect((await page(first)).body).toContain('This link is not valid');

      await t.database.withTenant(shop.organizationId, (tx) =>
        tx
          .update(invitations)
          .set({ expiresAt: new Date(Date.now() - 1000) })
          .where(eq(invitations.id, id)),
      );
      expect((await page(second)).body).toContain('This link has expired');
      expect((await team(shop.adminToken)).find((p) => p._id === id)?.status).toBe('expired');

      expect((await remove(shop.adminToken, id)).json()).toEqual({ ok: true });
      expect((await team(shop.adminToken)).some((p) => p._id === id)).toBe(false);
      expect((await remind(shop.adminToken, id)).statusCode).toBe(404);
    });
  });
});
