/**
 * Realtime notifications over socket.io (the events and options in
 * packages/domain/src/notifications/notifications.ts), on the API's own HTTP server at the default path
 * `/socket.io/`.
 *
 * - **Connect**: the handshake's `auth` carries `userId` and the access token. The token is checked with
 *   the API's verifier, `userId` must be its subject, and the caller must pass the same rule as a MEMBER
 *   route (session not ended, membership, verified email, a subscription that has not expired). Anything
 *   else is refused with a `connect_error` whose message says why and whose `data.code` is the API's error
 *   code. A socket joins the room `user:<userId>:<organizationId>` and is disconnected when its token
 *   expires, is revoked, or its user or organisation changes so that it would be refused now.
 * - **Client events**: `register` (must name the token's user and organisation, else it is ignored),
 *   `initiate:notification` (the latest notifications as `notification:new`, oldest first, then
 *   `notifications:count`), `notification:update:view:status` and `notification:delete` (own notifications
 *   only). Each may pass an acknowledgement callback, answered `{ ok }` or `{ ok: false, message }`.
 * - **New notifications** come from the database's change feed (`notification:<org>:<user>:<id>`, sent on
 *   commit by migration 0004). Every instance sees the feed, so each pushes the row to its *own* sockets of
 *   that user (`io.local`): `notification` (for the snackbar), `notification:new`, `notifications:count`.
 * - **Count changes a client makes** (view status, delete, here or through the REST calls) go to the
 *   user's room through the adapter (`io.to`), so with `REDIS_URL` every instance's sockets get them.
 * - **REDIS_URL** installs the Redis adapter. If Redis does not answer within 5 s at start, start-up fails
 *   with a clear message (running on without it would silently lose events across instances). A Redis
 *   outage after start is logged; node-redis reconnects by itself and the API keeps serving.
 */
import {
  AppErrorCode,
  type ClientToServerEvents,
  INITIAL_NOTIFICATIONS,
  isNotificationViewStatus,
  MEMBER,
  type ServerToClientEvents,
  type SocketAck,
  type SocketAckResult,
} from '@hosewright/domain';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { createClient } from 'redis';
import { Server, type Socket } from 'socket.io';
import { type Config, ConfigError } from '../../config.ts';
import type { Database, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { failFast, type SharedCounter } from '../../lib/rate-limit.ts';
import { type Authenticator, isUuid } from '../auth/plugin.ts';
import {
  failingOver,
  MemoryThrottleStore,
  RedisThrottleStore,
  type ThrottleStore,
} from '../identity/rate-limit.ts';
import {
  countUnread,
  deleteNotification,
  type NotificationOwner,
  notificationsByIds,
  recentNotifications,
  updateViewStatus,
} from '../notifications/service.ts';

/** What the server keeps about a connected socket. */
export interface SocketData extends NotificationOwner {
  /** The access token it connected with: re-checked when the user or organisation changes. */
  token: string;
  tokenId: string;
  /** The access token's expiry (ms since the epoch): the socket is disconnected then. */
  expiresAt: number;
  room: string;
}

type InterServerEvents = Record<string, never>;
export type RealtimeServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  InterServerEvents,
  SocketData
>;
type RealtimeSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;

export interface Realtime {
  io: RealtimeServer;
  /** Counts shared by every instance (Redis), when REDIS_URL is set: the public calls' rate limits. */
  sharedCounter?: SharedCounter;
  /** Failed sign-ins counted by every instance (Redis), when REDIS_URL is set (`identity/rate-limit.ts`). */
  sharedThrottle?: ThrottleStore;
  /** Sends the owner's unread count to every socket of theirs, on every instance (the adapter's fan-out). */
  publishCount(owner: NotificationOwner): Promise<void>;
  /**
   * Tells the owner's sockets how far a job of theirs got. Sent at once, not through the database: on
   * PGlite a long import's transaction holds the one connection, and a stored progress could not be read.
   */
  publishProgress(owner: NotificationOwner, message: { jobId: string; progress: number }): void;
  /** Tells every member's sockets, on every instance, that the organisation's settings changed. */
  publishSettingsChanged(organizationId: string): void;
}

export interface RealtimeDeps {
  config: Config;
  database: Database;
  authenticator: Authenticator;
}

export const REDIS_CONNECT_TIMEOUT_MS = 5000;

/** The room of one user in one organisation. */
export function userRoom(owner: NotificationOwner): string {
  return `user:${owner.userId}:${owner.organizationId}`;
}

/** The room of every member's sockets in one organisation. */
export function organizationRoom(organizationId: string): string {
  return `organization:${organizationId}`;
}

const MAX_TIMER_MS = 2_147_483_647;

export async function installRealtime(app: FastifyInstance, deps: RealtimeDeps): Promise<Realtime> {
  const { config, database, authenticator } = deps;
  const log = app.log.child({ module: 'realtime' });
  const io: RealtimeServer = new Server(app.server, { serveClient: false });

  const redis = config.REDIS_URL ? await connectRedis(config.REDIS_URL, log) : undefined;
  if (redis) io.adapter(redis.adapter);

  const tenantOf = <T>(owner: NotificationOwner, fn: (tx: Tx) => Promise<T>) =>
    database.withTenant(owner.organizationId, fn);

  io.use((socket, next) => {
    authenticate(socket.handshake.auth).then(
      (data) => {
        socket.data = data;
        next();
      },
      (error: unknown) => next(connectError(error, log)),
    );
  });

  async function authenticate(auth: unknown): Promise<SocketData> {
    const { userId, token } = (typeof auth === 'object' && auth !== null ? auth : {}) as Record<
      string,
      unknown
    >;
    if (typeof token !== 'string' || !token) {
      throw new AppError(AppErrorCode.Unauthenticated, 'Sign in to continue: the access token is missing');
    }
    // The same check as every API request (a MEMBER route), through the same cached loader.
    const context = await authenticator.authenticate(token, MEMBER);
    if (typeof userId !== 'string' || userId !== context.userId) {
      throw new AppError(AppErrorCode.Unauthenticated, 'The user id does not match the access token');
    }
    const owner = { organizationId: context.organizationId, userId: context.userId };
    return {
      ...owner,
      token,
      tokenId: context.tokenId,
      expiresAt: context.tokenExpiresAt.getTime(),
      room: userRoom(owner),
    };
  }

  // Connected sockets -------------------------------------------------------------------------------

  const expiryTimers = new Map<string, NodeJS.Timeout>();

  io.on('connection', (socket) => {
    const { data } = socket;
    void socket.join([data.room, organizationRoom(data.organizationId)]);
    const timer = setTimeout(
      () => socket.disconnect(true),
      Math.min(Math.max(data.expiresAt - Date.now(), 0), MAX_TIMER_MS),
    );
    expiryTimers.set(socket.id, timer);
    socket.on('disconnect', () => {
      clearTimeout(expiryTimers.get(socket.id));
      expiryTimers.delete(socket.id);
    });

    socket.on('register', (...args: unknown[]) => {
      const ack = takeAck(args);
      const [first, second] = args;
      const named =
        typeof first === 'object' && first !== null
          ? (first as { userId?: unknown; organizationId?: unknown })
          : { userId: first, organizationId: second };
      if (named.userId === data.userId && named.organizationId === data.organizationId) {
        ack?.({ ok: true });
      } else {
        // The token decides who this socket is; a register naming someone else changes nothing.
        log.debug({ socket: socket.id }, 'register names another user or organisation; ignored');
        ack?.({ ok: false, message: 'register must name the signed-in user and organisation' });
      }
    });

    socket.on('initiate:notification', (...args: unknown[]) => {
      const ack = takeAck(args);
      handle(ack, () => initiate(socket));
    });

    socket.on('notification:update:view:status', (...args: unknown[]) => {
      const ack = takeAck(args);
      const message = args[0] as { id?: unknown; viewStatus?: unknown } | undefined;
      handle(ack, async () => {
        const id = message?.id;
        const viewStatus = message?.viewStatus;
        if (typeof id !== 'string' || !isUuid(id)) return notFound();
        if (!isNotificationViewStatus(viewStatus)) {
          return {
            ok: false,
            message: 'viewStatus must be one of the notification view-status codes (1 to 17)',
          };
        }
        const count = await tenantOf(data, async (tx) =>
          (await updateViewStatus(tx, data, id, viewStatus)) ? countUnread(tx, data) : null,
        );
        if (count === null) return notFound();
        io.to(data.room).emit('notifications:count', { count });
        return { ok: true };
      });
    });

    socket.on('notification:delete', (...args: unknown[]) => {
      const ack = takeAck(args);
      const message = args[0] as { id?: unknown } | undefined;
      handle(ack, async () => {
        const id = message?.id;
        if (typeof id !== 'string' || !isUuid(id)) return notFound();
        const count = await tenantOf(data, async (tx) =>
          (await deleteNotification(tx, data, id)) ? countUnread(tx, data) : null,
        );
        if (count === null) return notFound();
        io.to(data.room).emit('notifications:count', { count });
        return { ok: true };
      });
    });
  });

  function handle(ack: SocketAck | undefined, run: () => Promise<SocketAckResult>): void {
    run().then(
      (result) => ack?.(result),
      (error: unknown) => {
        log.error({ err: error }, 'socket event failed');
        ack?.({ ok: false, message: 'Something went wrong on our side' });
      },
    );
  }

  async function initiate(socket: RealtimeSocket): Promise<SocketAckResult> {
    const owner = socket.data;
    const { recent, count } = await tenantOf(owner, async (tx) => ({
      recent: await recentNotifications(tx, owner, INITIAL_NOTIFICATIONS),
      count: await countUnread(tx, owner),
    }));
    // Oldest first, so a client that puts each new one on top ends with the newest first.
    for (const notification of recent.reverse()) socket.emit('notification:new', notification);
    socket.emit('notifications:count', { count });
    return { ok: true };
  }

  async function publishCount(owner: NotificationOwner): Promise<void> {
    const count = await tenantOf(owner, (tx) => countUnread(tx, owner));
    io.to(userRoom(owner)).emit('notifications:count', { count });
  }

  // The change feed ---------------------------------------------------------------------------------

  const localSockets = () => [...io.of('/').sockets.values()];
  const hasLocalSockets = (room: string) => (io.of('/').adapter.rooms.get(room)?.size ?? 0) > 0;

  /** New notification ids waiting to be pushed, per room; one delivery runs per room at a time. */
  const deliveries = new Map<string, { owner: NotificationOwner; ids: string[] }>();

  function deliver(owner: NotificationOwner, id: string): void {
    const room = userRoom(owner);
    if (!hasLocalSockets(room)) return;
    const running = deliveries.get(room);
    if (running) {
      running.ids.push(id);
      return;
    }
    const entry = { owner, ids: [id] };
    deliveries.set(room, entry);
    void (async () => {
      try {
        while (entry.ids.length > 0) {
          const ids = entry.ids.splice(0);
          const { rows, count } = await tenantOf(owner, async (tx) => ({
            rows: await notificationsByIds(tx, owner, ids),
            count: await countUnread(tx, owner),
          }));
          const local = io.local.to(room);
          for (const n of rows) {
            local.emit('notification', { status: n.status, description: n.description, url: n.url });
            local.emit('notification:new', n);
          }
          local.emit('notifications:count', { count });
        }
      } catch (error) {
        log.error({ err: error, room }, 'could not push new notifications');
      } finally {
        deliveries.delete(room);
      }
    })();
  }

  /** Re-applies the connect rule to local sockets after a change that may refuse them now. */
  const rechecks = new Map<string, { again: boolean }>();
  function recheck(key: string, select: (data: SocketData) => boolean): void {
    const running = rechecks.get(key);
    if (running) {
      running.again = true;
      return;
    }
    if (!localSockets().some((s) => select(s.data))) return;
    const state = { again: true };
    rechecks.set(key, state);
    void (async () => {
      try {
        while (state.again) {
          state.again = false;
          for (const socket of localSockets()) {
            if (!select(socket.data)) continue;
            try {
              await authenticator.authenticate(socket.data.token, MEMBER);
            } catch (error) {
              if (!(error instanceof AppError)) throw error;
              socket.disconnect(true);
            }
          }
        }
      } catch (error) {
        log.error({ err: error, key }, 'could not re-check connected sockets');
      } finally {
        rechecks.delete(key);
      }
    })();
  }

  /** The feed was interrupted: counts may be stale and new rows may have been missed. */
  function resyncAll(): void {
    for (const socket of localSockets()) {
      void initiate(socket).catch((error: unknown) => log.error({ err: error }, 'could not resync a socket'));
    }
  }

  const stopFeed = database.onChange((payload) => {
    const colon = payload.indexOf(':');
    const kind = colon < 0 ? payload : payload.slice(0, colon);
    const rest = payload.slice(colon + 1);
    switch (kind) {
      case 'notification': {
        const [organizationId, userId, id] = rest.split(':');
        if (organizationId && userId && id) deliver({ organizationId, userId }, id);
        return;
      }
      case 'token':
        for (const socket of localSockets()) {
          if (socket.data.tokenId === rest) socket.disconnect(true);
        }
        return;
      case 'user':
        recheck(payload, (data) => data.userId === rest);
        return;
      case 'org':
        recheck(payload, (data) => data.organizationId === rest);
        return;
      case '*':
        recheck('*', () => true);
        resyncAll();
        return;
    }
  });

  // Shutting down -----------------------------------------------------------------------------------

  app.addHook('preClose', async () => {
    stopFeed();
    for (const timer of expiryTimers.values()) clearTimeout(timer);
    expiryTimers.clear();
    // Open sockets would keep the HTTP server from closing.
    io.local.disconnectSockets(true);
    io.engine.close();
  });
  app.addHook('onClose', async () => {
    const adapter = io.of('/').adapter as { close?: () => Promise<void> | void };
    await adapter.close?.();
    await redis?.close();
  });

  const publishProgress: Realtime['publishProgress'] = (owner, message) => {
    io.to(userRoom(owner)).emit('job:progress', message);
  };

  const publishSettingsChanged: Realtime['publishSettingsChanged'] = (organizationId) => {
    io.to(organizationRoom(organizationId)).emit('organization:settings');
  };

  return {
    io,
    publishCount,
    publishProgress,
    publishSettingsChanged,
    sharedCounter: redis?.counter,
    sharedThrottle: redis?.throttle,
  };
}

function takeAck(args: unknown[]): SocketAck | undefined {
  return typeof args.at(-1) === 'function' ? (args.pop() as SocketAck) : undefined;
}

function notFound(): SocketAckResult {
  return { ok: false, message: 'This notification was not found' };
}

/** A refused handshake: the client's `connect_error` has the message and `data.code`. */
function connectError(error: unknown, log: FastifyBaseLogger): Error {
  if (error instanceof AppError) {
    return Object.assign(new Error(error.message), { data: { code: error.code } });
  }
  log.error({ err: error }, 'socket authentication failed');
  return Object.assign(new Error('Something went wrong on our side'), {
    data: { code: AppErrorCode.Internal },
  });
}

interface RedisConnection {
  adapter: ReturnType<typeof createAdapter>;
  counter: SharedCounter;
  throttle: ThrottleStore;
  close(): Promise<void>;
}

/** The Redis adapter on two connected clients (one publishes, one subscribes), or a start-up error that says why. */
async function connectRedis(url: string, log: FastifyBaseLogger): Promise<RedisConnection> {
  const where = redisAddress(url);
  const pub = createClient({ url, socket: { connectTimeout: REDIS_CONNECT_TIMEOUT_MS } });
  const sub = pub.duplicate();
  let started = false;
  let lastError: unknown;
  for (const [name, client] of [
    ['publisher', pub],
    ['subscriber', sub],
  ] as const) {
    let down = false;
    client.on('error', (error: unknown) => {
      lastError = error;
      if (!started || down) return;
      down = true;
      log.error(
        { err: error, redis: where, client: name },
        'Redis connection lost: realtime events reach only the sockets on this instance until it is back',
      );
    });
    client.on('ready', () => {
      if (!down) return;
      down = false;
      log.info({ redis: where, client: name }, 'Redis connection restored');
    });
  }

  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), REDIS_CONNECT_TIMEOUT_MS);
  });
  const connecting = Promise.all([pub.connect(), sub.connect()]);
  connecting.catch(() => {});
  try {
    await Promise.race([connecting, timeout]);
  } catch {
    pub.destroy();
    sub.destroy();
    const reason = lastError instanceof Error && lastError.message ? ` (${lastError.message})` : '';
    throw new ConfigError(
      `REDIS_URL is set, but Redis at ${where} did not answer within ${REDIS_CONNECT_TIMEOUT_MS / 1000} s${reason}. ` +
        'Start Redis, fix REDIS_URL, or unset it to run a single instance without Redis.',
    );
  } finally {
    clearTimeout(timer);
  }
  started = true;
  log.info({ redis: where }, 'realtime events fan out through Redis');
  return {
    adapter: createAdapter(pub, sub),
    // Every per-address limit counts here; a slow or absent Redis must not hold a request up.
    counter: failFast(redisCounter(pub), {
      timeoutMs: 500,
      pauseMs: 5_000,
      onDown: (error) =>
        log.warn({ err: error }, 'rate limits: Redis unavailable, each instance counts its own'),
      onUp: () => log.info('rate limits: counted in Redis again'),
    }),
    throttle: failingOver(new RedisThrottleStore(pub), new MemoryThrottleStore(), {
      timeoutMs: 500,
      pauseMs: 5_000,
      onDown: (error) =>
        log.warn({ err: error }, 'sign-in limits: Redis unavailable, each instance counts its own'),
      onUp: () => log.info('sign-in limits: counted in Redis again'),
    }),
    async close() {
      await Promise.all([pub.close().catch(() => {}), sub.close().catch(() => {})]);
    },
  };
}

/** Fixed windows in Redis: the first hit of a window sets its expiry, every instance counts in it. */
/** The part of a Redis client the counter uses. */
interface CountingClient {
  multi(): {
    incr(key: string): {
      pExpire(key: string, ms: number, mode: 'NX'): { pTTL(key: string): { exec(): Promise<unknown[]> } };
    };
  };
}

export function redisCounter(client: CountingClient): SharedCounter {
  return {
    async hit(key, windowMs) {
      const [count, , ttl] = await client.multi().incr(key).pExpire(key, windowMs, 'NX').pTTL(key).exec();
      return { count: Number(count), resetInMs: Math.max(0, Number(ttl)) };
    },
  };
}

/** host:port of a Redis URL, without credentials, for messages. */
function redisAddress(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || '6379'}`;
  } catch {
    return 'the configured address';
  }
}
