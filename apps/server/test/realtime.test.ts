/**
 * Realtime notifications through real sockets (socket.io-client against the listening app): who may
 * connect, what a new notification delivers and to whom, the client events, the REST calls of the
 * notifications page, and, when a Redis answers at 127.0.0.1:6379, two instances fanning out through it.
 */

import { randomInt } from 'node:crypto';
import {
  type AppNotification,
  type ClientToServerEvents,
  NotificationViewStatus,
  type ServerToClientEvents,
  SOCKET_OPTIONS,
  type SocketAckResult,
} from '@hosewright/domain';
import { eq } from 'drizzle-orm';
import { io as connectClient, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type HosewrightApp } from '../src/app.ts';
import type { Database } from '../src/db/client.ts';
import { memberships, notifications } from '../src/db/schema.ts';
import { QS_MAX_REQUESTS } from '../src/modules/assemblies/routes.ts';
import { notify } from '../src/modules/notifications/service.ts';
import {
  addMember,
  bearer,
  createTenant,
  createTestApp,
  createTestDatabase,
  mintToken,
  probeRedis,
  type TestApp,
  type TestTenant,
  testConfig,
} from './helpers.ts';
import { HOSE_FIELDS, hoseValues, rowOf, startImport, toCsv, upload } from './import-fixtures.ts';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
type EventName = keyof ServerToClientEvents;

/** Everything a socket received, in order. */
interface Inbox {
  socket: ClientSocket;
  events: { name: EventName; payload: unknown }[];
  of<E extends EventName>(name: E): Parameters<ServerToClientEvents[E]>[0][];
  /** Why the socket was disconnected, recorded from the start: a disconnect can come with the connect. */
  disconnected?: string;
}

const open: ClientSocket[] = [];

function urlOf(app: HosewrightApp): string {
  const address = app.app.server.address();
  if (!address || typeof address === 'string') throw new Error('the app is not listening');
  return `http://127.0.0.1:${address.port}`;
}

/** A client with the app's `SOCKET_OPTIONS`, connected (or refused: then `refused` holds the error). */
async function connectSocket(
  app: HosewrightApp,
  auth: Record<string, unknown>,
): Promise<{ inbox: Inbox; refused?: Error & { data?: { code?: string } } }> {
  const socket: ClientSocket = connectClient(urlOf(app), { ...SOCKET_OPTIONS, auth, forceNew: true });
  open.push(socket);
  const inbox: Inbox = {
    socket,
    events: [],
    of(name) {
      return this.events.filter((e) => e.name === name).map((e) => e.payload) as never;
    },
  };
  socket.onAny((name: EventName, payload: unknown) => inbox.events.push({ name, payload }));
  socket.once('disconnect', (reason) => {
    inbox.disconnected = reason;
  });
  const refused = await new Promise<(Error & { data?: { code?: string } }) | undefined>((resolve) => {
    socket.once('connect', () => resolve(undefined));
    socket.once('connect_error', (error) => resolve(error));
  });
  return refused ? { inbox, refused } : { inbox };
}

async function connected(app: HosewrightApp, userId: string, token: string): Promise<Inbox> {
  const { inbox, refused } = await connectSocket(app, { userId, token });
  if (refused) throw new Error(`socket refused: ${refused.message}`);
  return inbox;
}

async function until(check: () => boolean, what: string, timeoutMs = 5000): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

const settle = (ms = 300) => new Promise((r) => setTimeout(r, ms));

/** The last `notifications:count` a socket received. */
const lastCount = (inbox: Inbox) => inbox.of('notifications:count').at(-1)?.count;

async function waitForCount(inbox: Inbox, count: number): Promise<void> {
  await until(() => lastCount(inbox) === count, `notifications:count ${count} (last: ${lastCount(inbox)})`);
}

/** Emit with an acknowledgement. */
function ask<
  E extends 'register' | 'initiate:notification' | 'notification:update:view:status' | 'notification:delete',
>(inbox: Inbox, event: E, ...args: unknown[]): Promise<SocketAckResult> {
  return new Promise((resolve) => {
    (inbox.socket.emit as (event: string, ...rest: unknown[]) => void)(event, ...args, resolve);
  });
}

async function initiated(app: HosewrightApp, userId: string, token: string): Promise<Inbox> {
  const inbox = await connected(app, userId, token);
  expect(await ask(inbox, 'initiate:notification')).toEqual({ ok: true });
  await until(() => lastCount(inbox) !== undefined, 'the initial count');
  return inbox;
}

function notifyUser(
  database: Database,
  owner: { organizationId: string; userId: string },
  description: string,
  status: 1 | 2 = 2,
): Promise<void> {
  return notify(database, { ...owner, status, description, url: `components/import?log=${description}` });
}

async function storedIds(database: Database, organizationId: string, userId: string): Promise<string[]> {
  const rows = await database.withTenant(organizationId, (tx) =>
    tx.select({ id: notifications.id }).from(notifications).where(eq(notifications.userId, userId)),
  );
  return rows.map((r) => r.id);
}

afterAll(() => {
  for (const socket of open) socket.disconnect();
});

describe('realtime notifications', () => {
  let t: TestApp;
  let shop: TestTenant;
  let other: TestTenant;
  const admin = () => ({ organizationId: shop.organizationId, userId: shop.adminId });

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    shop = await createTenant(t, { tier: 'professional', name: 'Socket Hydraulics' });
    other = await createTenant(t, { tier: 'professional', name: 'Other Sockets' });
  });
  afterAll(async () => {
    for (const socket of open) socket.disconnect();
    await t.close();
  });

  describe('connecting', () => {
    it.each([
      ['no token', () => ({ userId: shop.adminId }), 'Sign in to continue: the access token is missing'],
      [
        'a forged token',
        async () => ({
          userId: shop.adminId,
          token: await mintToken(t, { ...admin(), foreignKey: true }),
        }),
        'The access token signature is not valid',
      ],
      [
        'an expired token',
        async () => ({
          userId: shop.adminId,
          token: await mintToken(t, { ...admin(), expiresInSeconds: -60 }),
        }),
        'The access token has expired',
      ],
      [
        'a token for another audience',
        async () => ({
          userId: shop.adminId,
          token: await mintToken(t, { ...admin(), audience: 'https://elsewhere.example' }),
        }),
        'The access token is not valid for this service (aud)',
      ],
      [
        'garbage',
        () => ({ userId: shop.adminId, token: 'not-a-jwt' }),
        'The access token is malformed or not valid',
      ],
      [
        'a userId that is not the token’s subject',
        () => ({ userId: shop.regularId, token: shop.adminToken }),
        'The user id does not match the access token',
      ],
      [
        'a token for an organisation the user is not a member of',
        async () => ({
          userId: shop.adminId,
          token: await mintToken(t, { userId: shop.adminId, organizationId: other.organizationId }),
        }),
        'Unauthorized to access this resource',
      ],
    ])('refuses %s', async (_name, auth, message) => {
      const { refused, inbox } = await connectSocket(t, await auth());
      expect(refused?.message).toBe(message);
      expect(inbox.socket.connected).toBe(false);
    });

    it('refuses a shop whose subscription has expired (expiry blocks the whole app)', async () => {
      const lapsed = await createTenant(t, { tier: 'trial', expired: true });
      const { refused } = await connectSocket(t, { userId: lapsed.adminId, token: lapsed.adminToken });
      expect(refused?.message).toBe('Subscription Expired');
      expect(refused?.data?.code).toBe('SUBSCRIPTION_EXPIRED');
    });

    it('refuses a session that was signed out', async () => {
      const token = await mintToken(t, admin());
      await t.app.inject({ method: 'POST', url: '/api/v1/sessions/delete', headers: bearer(token) });
      const { refused } = await connectSocket(t, { userId: shop.adminId, token });
      expect(refused?.message).toBe('This session has ended. Sign in again.');
    });

    it('accepts a member, answers register, and sends the unread count after initiate', async () => {
      const inbox = await connected(t, shop.regularId, shop.regularToken);
      expect(await ask(inbox, 'register', shop.regularId, shop.organizationId)).toEqual({ ok: true });
      expect(await ask(inbox, 'register', shop.adminId, shop.organizationId)).toEqual({
        ok: false,
        message: 'register must name the signed-in user and organisation',
      });
      expect(inbox.of('notifications:count')).toEqual([]);
      expect(await ask(inbox, 'initiate:notification')).toEqual({ ok: true });
      await waitForCount(inbox, 0);
    });

    it('sends the latest notifications on initiate, oldest first, with the unread count', async () => {
      const owner = {
        organizationId: shop.organizationId,
        userId: await addMember(t, shop.organizationId, 'regular', `init-${Date.now()}@example.com`),
      };
      await notifyUser(t.database, owner, 'first');
      await notifyUser(t.database, owner, 'second', 1);
      const token = await mintToken(t, owner);
      const inbox = await initiated(t, owner.userId, token);
      expect(inbox.of('notification:new').map((n) => n.description)).toEqual(['first', 'second']);
      expect(inbox.of('notification:new')[1]).toMatchObject({
        status: 1,
        url: 'components/import?log=second',
        viewStatus: NotificationViewStatus.UNREAD,
      });
      expect(lastCount(inbox)).toBe(2);
      // Nothing old is announced as if it had just happened.
      expect(inbox.of('notification')).toEqual([]);
    });

    it('disconnects a socket when its session is signed out', async () => {
      const token = await mintToken(t, admin());
      const inbox = await connected(t, shop.adminId, token);
      const gone = new Promise<string>((resolve) => inbox.socket.once('disconnect', resolve));
      await t.app.inject({ method: 'POST', url: '/api/v1/sessions/delete', headers: bearer(token) });
      expect(await gone).toBe('io server disconnect');
    });

    it('disconnects a socket when its user is no longer allowed in (membership removed)', async () => {
      const userId = await addMember(t, shop.organizationId, 'regular', `leaver-${Date.now()}@example.com`);
      const inbox = await connected(
        t,
        userId,
        await mintToken(t, { organizationId: shop.organizationId, userId }),
      );
      const gone = new Promise<string>((resolve) => inbox.socket.once('disconnect', resolve));
      await t.database.withTenant(shop.organizationId, (tx) =>
        tx.delete(memberships).where(eq(memberships.userId, userId)),
      );
      expect(await gone).toBe('io server disconnect');
    });

    it('disconnects a socket when its token expires', async () => {
      const token = await mintToken(t, { ...admin(), expiresInSeconds: 2 });
      const inbox = await connected(t, shop.adminId, token);
      // On a busy machine the connection can take most of the token's life: the disconnect then arrives
      // with the connect, before a listener added here would hear it.
      await until(() => inbox.disconnected !== undefined, 'the disconnect', 10_000);
      expect(inbox.disconnected).toBe('io server disconnect');
    });
  });

  describe('a new notification', () => {
    it('reaches every socket of that user once, and no one else', async () => {
      const tab1 = await initiated(t, shop.adminId, shop.adminToken);
      const tab2 = await initiated(t, shop.adminId, shop.adminToken);
      const colleague = await initiated(t, shop.regularId, shop.regularToken);
      const stranger = await initiated(t, other.adminId, other.adminToken);
      const before = lastCount(tab1)!;

      await notifyUser(t.database, admin(), 'Imported 3 hoses: 3 new, 0 updated.');

      for (const tab of [tab1, tab2]) {
        await waitForCount(tab, before + 1);
        expect(tab.of('notification')).toEqual([
          {
            status: 2,
            description: 'Imported 3 hoses: 3 new, 0 updated.',
            url: 'components/import?log=Imported 3 hoses: 3 new, 0 updated.',
          },
        ]);
        const [full] = tab.of('notification:new').slice(-1) as AppNotification[];
        expect(full).toMatchObject({
          status: 2,
          description: 'Imported 3 hoses: 3 new, 0 updated.',
          viewStatus: NotificationViewStatus.UNREAD,
        });
        expect(full!.id).toMatch(/^[0-9a-f-]{36}$/);
        expect(new Date(full!.createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
      }
      await settle();
      for (const tab of [tab1, tab2]) expect(tab.of('notification')).toHaveLength(1);
      for (const outsider of [colleague, stranger]) {
        expect(outsider.of('notification')).toEqual([]);
        expect(outsider.of('notifications:count')).toHaveLength(1);
      }
    });

    it('comes from a job the same way: an import that finishes notifies the user who started it', async () => {
      const inbox = await initiated(t, shop.adminId, shop.adminToken);
      const file = toCsv(HOSE_FIELDS, [rowOf(HOSE_FIELDS, hoseValues(`RT-${Date.now() % 100000}`))]);
      const preview = (
        await upload(t, shop.adminToken, 'hose', { name: 'hoses.csv', content: file })
      ).json() as {
        importId: string;
        mapping: Record<string, string | null>;
      };
      const started = await startImport(t, shop.adminToken, preview.importId, preview.mapping);
      expect(started.statusCode, started.body).toBe(202);
      await until(() => inbox.of('notification').length > 0, 'the import notification', 30_000);
      // The progress came over the socket while the import ran, for the job the import names.
      const { jobId } = started.json() as { jobId: string };
      expect(inbox.of('job:progress')).toContainEqual({ jobId, progress: 99 });
      const details = await t.app.inject({
        method: 'GET',
        url: `/api/v1/organization/imports/${preview.importId}`,
        headers: bearer(shop.adminToken),
      });
      expect(details.json()).toMatchObject({ jobId, status: 'succeeded' });
      expect(inbox.of('notification')).toEqual([
        {
          status: 2,
          description: 'Imported 1 hose: 1 new, 0 updated.',
          url: `components/import?log=${preview.importId}`,
        },
      ]);
    });

    it('is not sent when the transaction that stored it rolls back', async () => {
      const inbox = await initiated(t, shop.adminId, shop.adminToken);
      await expect(
        t.database.withTenant(shop.organizationId, async (tx) => {
          await notify(tx, { ...admin(), status: 1, description: 'never', url: '' });
          throw new Error('roll back');
        }),
      ).rejects.toThrow('roll back');
      await notifyUser(t.database, admin(), 'after the rollback');
      await until(() => inbox.of('notification').length > 0, 'the committed notification');
      await settle();
      expect(inbox.of('notification').map((n) => n.description)).toEqual(['after the rollback']);
    });
  });

  describe('settings', () => {
    it('an admin saving them tells every member of that organisation, and no one else', async () => {
      const colleague = await connected(t, shop.regularId, shop.regularToken);
      const stranger = await connected(t, other.adminId, other.adminToken);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/organization/update',
        headers: bearer(shop.adminToken),
        payload: { hideInventory: true },
      });
      expect(res.statusCode).toBe(200);
      await until(() => colleague.of('organization:settings').length === 1, 'the settings event');
      const refused = await t.app.inject({
        method: 'POST',
        url: '/api/v1/organization/update',
        headers: bearer(shop.adminToken),
        payload: { revisionDelimiter: '' },
      });
      expect(refused.statusCode).toBe(400);
      await settle();
      expect(colleague.of('organization:settings')).toHaveLength(1);
      expect(stranger.of('organization:settings')).toEqual([]);
    });
  });

  describe('client events', () => {
    it('update the view status of own notifications only, and send the new count to every tab', async () => {
      const tab1 = await initiated(t, shop.adminId, shop.adminToken);
      const tab2 = await initiated(t, shop.adminId, shop.adminToken);
      await notifyUser(t.database, admin(), 'mark me');
      await until(() => tab1.of('notification:new').some((n) => n.description === 'mark me'), 'the new one');
      const target = tab1.of('notification:new').find((n) => n.description === 'mark me')!;
      const unread = lastCount(tab1)!;

      expect(
        await ask(tab1, 'notification:update:view:status', {
          id: target.id,
          viewStatus: NotificationViewStatus.READ,
        }),
      ).toEqual({ ok: true });
      await waitForCount(tab2, unread - 1);
      await waitForCount(tab1, unread - 1);

      // Another user's notification, another organisation's, a missing one: all "not found", nothing changes.
      await notifyUser(
        t.database,
        { organizationId: shop.organizationId, userId: shop.regularId },
        'not yours',
      );
      await notifyUser(
        t.database,
        { organizationId: other.organizationId, userId: other.adminId },
        'not yours either',
      );
      const foreign = [
        ...(await storedIds(t.database, shop.organizationId, shop.regularId)),
        ...(await storedIds(t.database, other.organizationId, other.adminId)),
      ];
      for (const id of [...foreign, '00000000-0000-4000-8000-000000000000', 'nonsense']) {
        expect(await ask(tab1, 'notification:update:view:status', { id, viewStatus: 2 })).toEqual({
          ok: false,
          message: 'This notification was not found',
        });
        expect(await ask(tab1, 'notification:delete', { id })).toEqual({
          ok: false,
          message: 'This notification was not found',
        });
      }
      const stillUnread = await t.database.withSystem((tx) =>
        tx.select({ id: notifications.id, viewStatus: notifications.viewStatus }).from(notifications),
      );
      for (const id of foreign) {
        expect(stillUnread.find((r) => r.id === id)?.viewStatus).toBe(NotificationViewStatus.UNREAD);
      }

      expect(await ask(tab1, 'notification:update:view:status', { id: target.id, viewStatus: 18 })).toEqual({
        ok: false,
        message: 'viewStatus must be one of the notification view-status codes (1 to 17)',
      });
    });

    it('delete own notifications and send the new count', async () => {
      const tab = await initiated(t, shop.adminId, shop.adminToken);
      await notifyUser(t.database, admin(), 'delete me');
      await until(() => tab.of('notification:new').some((n) => n.description === 'delete me'), 'the new one');
      const target = tab.of('notification:new').find((n) => n.description === 'delete me')!;
      const unread = lastCount(tab)!;
      expect(await ask(tab, 'notification:delete', { id: target.id })).toEqual({ ok: true });
      await waitForCount(tab, unread - 1);
      expect(await storedIds(t.database, shop.organizationId, shop.adminId)).not.toContain(target.id);
    });
  });

  describe('REST calls of the notifications page', () => {
    let owner: { organizationId: string; userId: string };
    let token: string;

    beforeAll(async () => {
      owner = {
        organizationId: shop.organizationId,
        userId: await addMember(t, shop.organizationId, 'regular', `page-${Date.now()}@example.com`),
      };
      token = await mintToken(t, owner);
      for (const description of ['one', 'two', 'three']) {
        await notifyUser(t.database, owner, description);
        // Apart in time: "newest first" orders by when they were stored, and PGlite's clock counts milliseconds.
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    });

    const list = async (query = '', as = token) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/notifications${query}`,
        headers: bearer(as),
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { items: AppNotification[]; total: number; page: number };
    };

    it('lists own notifications, newest first, paged', async () => {
      const page = await list();
      expect(page.items.map((n) => n.description)).toEqual(['three', 'two', 'one']);
      expect(page).toMatchObject({ total: 3, page: 1 });
      expect(page.items[0]).toEqual({
        id: expect.any(String),
        status: 2,
        description: 'three',
        url: 'components/import?log=three',
        viewStatus: 1,
        createdAt: expect.any(String),
      });
      const second = await list('?page=2&itemsPerPage=2');
      expect(second.items.map((n) => n.description)).toEqual(['one']);
      expect(second).toMatchObject({ total: 3, page: 2 });
      // Someone else in the same shop sees none of them.
      expect((await list('', shop.regularToken)).items.map((n) => n.description)).not.toContain('three');
    });

    it('updates the view status, hides dismissed ones unless asked, and tells the sockets', async () => {
      const inbox = await initiated(t, owner.userId, token);
      const [newest] = (await list()).items;
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/v1/notification/${newest!.id}/update`,
        headers: bearer(token),
        payload: { viewStatus: NotificationViewStatus.DISMISSED },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ id: newest!.id, viewStatus: 7 });
      await waitForCount(inbox, 2);
      expect((await list()).items.map((n) => n.description)).toEqual(['two', 'one']);
      expect((await list('?includeHidden=true')).items.map((n) => n.description)).toEqual([
        'three',
        'two',
        'one',
      ]);

      const bad = await t.app.inject({
        method: 'POST',
        url: `/api/v1/notification/${newest!.id}/update`,
        headers: bearer(token),
        payload: { viewStatus: 0 },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe(
        'viewStatus must be one of the notification view-status codes (1 to 17)',
      );
    });

    it('deletes, and answers another user’s id exactly like a missing one', async () => {
      const inbox = await initiated(t, owner.userId, token);
      const [first] = (await list()).items;
      const asColleague = await t.app.inject({
        method: 'POST',
        url: `/api/v1/notification/${first!.id}/delete`,
        headers: bearer(shop.regularToken),
      });
      const missing = await t.app.inject({
        method: 'POST',
        url: '/api/v1/notification/00000000-0000-4000-8000-000000000000/delete',
        headers: bearer(shop.regularToken),
      });
      expect(asColleague.statusCode).toBe(404);
      expect(asColleague.body).toBe(missing.body);
      const asColleagueUpdate = await t.app.inject({
        method: 'POST',
        url: `/api/v1/notification/${first!.id}/update`,
        headers: bearer(shop.regularToken),
        payload: { viewStatus: 2 },
      });
      expect(asColleagueUpdate.statusCode).toBe(404);

      const res = await t.app.inject({
        method: 'POST',
        url: `/api/v1/notification/${first!.id}/delete`,
        headers: bearer(token),
      });
      expect(res.json()).toEqual({ ok: true });
      await waitForCount(inbox, 1);
      expect((await list('?includeHidden=true')).total).toBe(2);
    });
  });
});

describe('two instances without Redis', () => {
  it('fan out new notifications through the database, but client events stay on their instance', async () => {
    const pair = await startPair({});
    try {
      const { a, b, tenant } = pair;
      const onA = await initiated(a, tenant.adminId, tenant.adminToken);
      const onB = await initiated(b, tenant.adminId, tenant.adminToken);
      await notifyUser(
        pair.database,
        { organizationId: tenant.organizationId, userId: tenant.adminId },
        'both',
      );
      await waitForCount(onA, 1);
      await waitForCount(onB, 1);
      const [n] = onA.of('notification:new');
      expect(await ask(onA, 'notification:update:view:status', { id: n!.id, viewStatus: 2 })).toEqual({
        ok: true,
      });
      await waitForCount(onA, 0);
      await settle(400);
      // This is what REDIS_URL is for.
      expect(lastCount(onB)).toBe(1);
    } finally {
      await pair.close();
    }
  });

  it('refuses to start with REDIS_URL set when Redis does not answer, and says why', async () => {
    const { database, close } = await createTestDatabase();
    try {
      await expect(
        buildApp({ config: testConfig({ REDIS_URL: 'redis://127.0.0.1:1' }), database, logger: false }),
      ).rejects.toThrow(
        /^REDIS_URL is set, but Redis at 127\.0\.0\.1:1 did not answer within 5 s.*Start Redis, fix REDIS_URL, or unset it/,
      );
    } finally {
      await close();
    }
  });
});

const REDIS_URL = 'redis://127.0.0.1:6379';
const redisAnswers = await probeRedis();

describe.skipIf(!redisAnswers)(
  redisAnswers
    ? 'two instances with REDIS_URL'
    : 'two instances with REDIS_URL (skipped: no Redis answers at 127.0.0.1:6379)',
  () => {
    it('count the public serial look-ups of one address together', async () => {
      const pair = await startPair({ REDIS_URL });
      try {
        // An address of its own: windows outlive the test in Redis.
        const address = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
        const lookUp = (app: HosewrightApp) =>
          app.app.inject({
            method: 'GET',
            url: `/api/v1/qs/${crypto.randomUUID()}`,
            remoteAddress: address,
          });
        for (let i = 0; i < QS_MAX_REQUESTS; i++) {
          expect((await lookUp(i % 2 === 0 ? pair.a : pair.b)).statusCode).toBe(404);
        }
        const refused = await lookUp(pair.a);
        expect(refused.statusCode).toBe(429);
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      } finally {
        await pair.close();
      }
    });

    it('deliver a new notification once to the user’s sockets on both instances', async () => {
      const pair = await startPair({ REDIS_URL });
      try {
        const { a, b, tenant } = pair;
        const onA = await initiated(a, tenant.adminId, tenant.adminToken);
        const onB = await initiated(b, tenant.adminId, tenant.adminToken);
        const colleagueOnB = await initiated(b, tenant.regularId, tenant.regularToken);
        await notifyUser(
          pair.database,
          { organizationId: tenant.organizationId, userId: tenant.adminId },
          'hello',
        );
        await waitForCount(onA, 1);
        await waitForCount(onB, 1);
        await settle();
        expect(onA.of('notification')).toHaveLength(1);
        expect(onB.of('notification')).toHaveLength(1);
        expect(onA.of('notification:new')).toHaveLength(1);
        expect(onB.of('notification:new')).toHaveLength(1);
        expect(colleagueOnB.of('notification')).toEqual([]);
      } finally {
        await pair.close();
      }
    });

    it('carry a client event on instance A to the user’s socket on instance B, and a REST change back', async () => {
      const pair = await startPair({ REDIS_URL });
      try {
        const { a, b, tenant } = pair;
        const owner = { organizationId: tenant.organizationId, userId: tenant.adminId };
        await notifyUser(pair.database, owner, 'one');
        await notifyUser(pair.database, owner, 'two');
        const onA = await initiated(a, tenant.adminId, tenant.adminToken);
        const onB = await initiated(b, tenant.adminId, tenant.adminToken);
        const stranger = await initiated(b, tenant.regularId, tenant.regularToken);
        expect(lastCount(onB)).toBe(2);
        const [one, two] = onA.of('notification:new');

        expect(await ask(onA, 'notification:update:view:status', { id: one!.id, viewStatus: 2 })).toEqual({
          ok: true,
        });
        await waitForCount(onB, 1);

        const res = await b.app.inject({
          method: 'POST',
          url: `/api/v1/notification/${two!.id}/delete`,
          headers: bearer(tenant.adminToken),
        });
        expect(res.statusCode, res.body).toBe(200);
        await waitForCount(onA, 0);
        await waitForCount(onB, 0);
        expect(stranger.of('notifications:count')).toEqual([{ count: 0 }]);
      } finally {
        await pair.close();
      }
    });
  },
);

/** Two app instances on one database, both listening, and a tenant. */
async function startPair(env: Record<string, string>) {
  const { database, close } = await createTestDatabase();
  const config = testConfig(env);
  const a = await buildApp({ config, database, logger: false });
  const b = await buildApp({ config, database, logger: false });
  await a.app.listen({ port: 0, host: '127.0.0.1' });
  await b.app.listen({ port: 0, host: '127.0.0.1' });
  const tenant = await createTenant({ database, config }, { tier: 'professional' });
  return {
    a,
    b,
    tenant,
    database,
    async close() {
      await a.app.close();
      await b.app.close();
      await close();
    },
  };
}
