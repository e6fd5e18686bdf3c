/**
 * Sign-in throttling without a lock-out weapon (ADR 14). Failed sign-ins slow down, with delays that double
 * after a free allowance, the key they were counted on:
 *
 * - one account from one address (`pair`): guessing one person's password from one place;
 * - one address, whatever the accounts (`address`): spraying a password across many accounts;
 * - one account from anywhere (`account`): at most `ACCOUNT_MAX_FAILURES` an hour (ASVS 2.2.1), the only key
 *   that refuses the account's owner, and only after a hundred failures from many addresses.
 *
 * The person whose password is being guessed, at their own address, is never slowed by an attacker elsewhere.
 * Counts live in a `ThrottleStore`: Redis when `REDIS_URL` is set (shared by every instance, kept across
 * restarts), the database otherwise (`sign_in_throttle`), or memory (tests of the rules alone).
 */
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { signInThrottle } from '../../db/schema.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

export const THROTTLE_RULES = {
  pair: { windowMs: HOUR, free: 5, maxDelayMs: 15 * MINUTE },
  address: { windowMs: HOUR, free: 20, maxDelayMs: HOUR },
} as const;
/** Failed sign-ins an account accepts per hour from all addresses together (ASVS 2.2.1). */
export const ACCOUNT_MAX_FAILURES = 100;
const ACCOUNT_WINDOW_MS = HOUR;

/** The delay after the `failures`-th failure: none within the allowance, then 2 s, 4 s, 8 s … up to the cap. */
export function delayAfter(failures: number, rule: { free: number; maxDelayMs: number }): number {
  if (failures <= rule.free) return 0;
  return Math.min(SECOND * 2 ** (failures - rule.free), rule.maxDelayMs);
}

/** Failures per key in fixed windows, and until when a key is refused. Times are ms since the epoch. */
export interface ThrottleStore {
  /** Adds a failure to `key`'s open window (opening one of `windowMs`): the count and when the window ends. */
  addFailure(key: string, windowMs: number, now: number): Promise<{ failures: number; windowEndsAt: number }>;
  /** Refuses `key` until `until`, unless it is refused for longer already. */
  block(key: string, until: number, now: number): Promise<void>;
  /** Until when `key` is refused (a time in the past when it is not). */
  blockedUntil(key: string, now: number): Promise<number>;
  clear(key: string): Promise<void>;
}

interface Entry {
  failures: number;
  windowEndsAt: number;
  blockedUntil: number;
}

export class MemoryThrottleStore implements ThrottleStore {
  readonly #entries = new Map<string, Entry>();

  async addFailure(key: string, windowMs: number, now: number) {
    const entry = this.#entries.get(key);
    const open = entry && entry.windowEndsAt > now ? entry : undefined;
    const next: Entry = {
      failures: (open?.failures ?? 0) + 1,
      windowEndsAt: open?.windowEndsAt ?? now + windowMs,
      blockedUntil: entry?.blockedUntil ?? 0,
    };
    this.#entries.set(key, next);
    return { failures: next.failures, windowEndsAt: next.windowEndsAt };
  }

  async block(key: string, until: number, now: number) {
    const entry = this.#entries.get(key) ?? { failures: 0, windowEndsAt: now, blockedUntil: 0 };
    entry.blockedUntil = Math.max(entry.blockedUntil, until);
    this.#entries.set(key, entry);
  }

  async blockedUntil(key: string, _now?: number) {
    return this.#entries.get(key)?.blockedUntil ?? 0;
  }

  async clear(key: string) {
    this.#entries.delete(key);
  }
}

/**
 * The embedded default: one row per key in `sign_in_throttle`, a global table the request role has no grant
 * on (ADR 13), read and written as the owner (`withSystem`: sign-in comes before any organisation).
 */
export class DatabaseThrottleStore implements ThrottleStore {
  constructor(private readonly database: Database) {}

  async addFailure(key: string, windowMs: number, now: number) {
    const at = new Date(now);
    const ends = new Date(now + windowMs);
    const [row] = await this.database.withSystem((tx) =>
      tx
        .insert(signInThrottle)
        .values({ key, failures: 1, windowEndsAt: ends, blockedUntil: at })
        .onConflictDoUpdate({
          target: signInThrottle.key,
          set: {
            failures: sql`case when ${signInThrottle.windowEndsAt} > ${at.toISOString()}::timestamptz
                          then ${signInThrottle.failures} + 1 else 1 end`,
            windowEndsAt: sql`case when ${signInThrottle.windowEndsAt} > ${at.toISOString()}::timestamptz
                              then ${signInThrottle.windowEndsAt} else ${ends.toISOString()}::timestamptz end`,
          },
        })
        .returning({ failures: signInThrottle.failures, windowEndsAt: signInThrottle.windowEndsAt }),
    );
    return { failures: row?.failures ?? 1, windowEndsAt: row?.windowEndsAt.getTime() ?? ends.getTime() };
  }

  async block(key: string, until: number, now: number) {
    const blocked = new Date(until);
    await this.database.withSystem((tx) =>
      tx
        .insert(signInThrottle)
        .values({ key, failures: 0, windowEndsAt: new Date(now), blockedUntil: blocked })
        .onConflictDoUpdate({
          target: signInThrottle.key,
          set: {
            blockedUntil: sql`greatest(${signInThrottle.blockedUntil}, ${blocked.toISOString()}::timestamptz)`,
          },
        }),
    );
  }

  async blockedUntil(key: string) {
    const [row] = await this.database.withSystem((tx) =>
      tx
        .select({ blockedUntil: signInThrottle.blockedUntil })
        .from(signInThrottle)
        .where(eq(signInThrottle.key, key)),
    );
    return row?.blockedUntil.getTime() ?? 0;
  }

  async clear(key: string) {
    await this.database.withSystem((tx) => tx.delete(signInThrottle).where(eq(signInThrottle.key, key)));
  }
}

/** The part of a Redis client the Redis store uses. */
export interface ThrottleRedis {
  multi(): {
    incr(key: string): {
      pExpireAt(
        key: string,
        at: number,
        mode: 'NX',
      ): { pExpireTime(key: string): { exec(): Promise<unknown[]> } };
    };
  };
  set(key: string, value: string, options: { expiration: { type: 'PXAT'; value: number } }): Promise<unknown>;
  pExpireTime(key: string): Promise<number>;
  del(keys: string[]): Promise<unknown>;
}

/** With `REDIS_URL`: every instance counts in the same windows, and the counts outlive a restart. */
export class RedisThrottleStore implements ThrottleStore {
  constructor(private readonly redis: ThrottleRedis) {}

  #failures = (key: string) => `hosewright:signin:failures:${key}`;
  #blocked = (key: string) => `hosewright:signin:blocked:${key}`;

  async addFailure(key: string, windowMs: number, now: number) {
    const name = this.#failures(key);
    const [failures, , endsAt] = await this.redis
      .multi()
      .incr(name)
      .pExpireAt(name, now + windowMs, 'NX')
      .pExpireTime(name)
      .exec();
    return { failures: Number(failures), windowEndsAt: Number(endsAt) };
  }

  async block(key: string, until: number, now: number) {
    if ((await this.blockedUntil(key)) >= until || until <= now) return;
    await this.redis.set(this.#blocked(key), '1', { expiration: { type: 'PXAT', value: until } });
  }

  async blockedUntil(key: string) {
    return Math.max(0, await this.redis.pExpireTime(this.#blocked(key)));
  }

  async clear(key: string) {
    await this.redis.del([this.#failures(key), this.#blocked(key)]);
  }
}

/**
 * A shared store that never holds a sign-in up for long: an operation that takes longer than `timeoutMs`
 * fails over to `fallback` (this instance's own counts), which is used for `pauseMs` before the shared store
 * is asked again. node-redis queues commands while it reconnects, so without this a Redis outage would stall
 * every sign-in. `onDown` and `onUp` say when it starts and stops failing.
 */
export function failingOver(
  primary: ThrottleStore,
  fallback: ThrottleStore,
  options: { timeoutMs: number; pauseMs: number; onDown?: (error: unknown) => void; onUp?: () => void },
): ThrottleStore {
  let pausedUntil = 0;
  let down = false;
  const attempt = async <T>(run: (store: ThrottleStore) => Promise<T>): Promise<T> => {
    if (pausedUntil > Date.now()) return run(fallback);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(
        () => reject(new Error(`the shared sign-in counts did not answer within ${options.timeoutMs} ms`)),
        options.timeoutMs,
      );
    });
    try {
      const result = await Promise.race([run(primary), timeout]);
      if (down) {
        down = false;
        options.onUp?.();
      }
      return result;
    } catch (error) {
      pausedUntil = Date.now() + options.pauseMs;
      if (!down) {
        down = true;
        options.onDown?.(error);
      }
      return run(fallback);
    } finally {
      clearTimeout(timer);
    }
  };
  return {
    addFailure: (key, windowMs, now) => attempt((store) => store.addFailure(key, windowMs, now)),
    block: (key, until, now) => attempt((store) => store.block(key, until, now)),
    blockedUntil: (key, now) => attempt((store) => store.blockedUntil(key, now)),
    clear: (key) => attempt((store) => store.clear(key)),
  };
}

export type Clock = () => number;

export type LimitDecision = { allowed: true } | { allowed: false; retryAfterMs: number };

const normalise = (email: string) => email.trim().toLowerCase();
const keysOf = (email: string, ip: string) => ({
  pair: `pair:${normalise(email)}|${ip}`,
  address: `ip:${ip}`,
  account: `account:${normalise(email)}`,
});

export class SignInThrottle {
  readonly store: ThrottleStore;
  readonly clock: Clock;

  constructor(options: { store?: ThrottleStore; clock?: Clock } = {}) {
    this.store = options.store ?? new MemoryThrottleStore();
    this.clock = options.clock ?? Date.now;
  }

  /** Whether a sign-in to `email` from `ip` may be tried now, and if not, how long to wait. */
  async check(email: string, ip: string, now = this.clock()): Promise<LimitDecision> {
    const keys = keysOf(email, ip);
    const until = Math.max(
      ...(await Promise.all(
        [keys.pair, keys.address, keys.account].map((k) => this.store.blockedUntil(k, now)),
      )),
    );
    return until > now ? { allowed: false, retryAfterMs: until - now } : { allowed: true };
  }

  async recordFailure(email: string, ip: string, now = this.clock()): Promise<void> {
    const keys = keysOf(email, ip);
    for (const [key, rule] of [
      [keys.pair, THROTTLE_RULES.pair],
      [keys.address, THROTTLE_RULES.address],
    ] as const) {
      const { failures } = await this.store.addFailure(key, rule.windowMs, now);
      const delay = delayAfter(failures, rule);
      if (delay > 0) await this.store.block(key, now + delay, now);
    }
    const account = await this.store.addFailure(keys.account, ACCOUNT_WINDOW_MS, now);
    if (account.failures >= ACCOUNT_MAX_FAILURES)
      await this.store.block(keys.account, account.windowEndsAt, now);
  }

  /** A right password from this address: its own count starts again (the others do not). */
  async recordSuccess(email: string, ip: string): Promise<void> {
    await this.store.clear(keysOf(email, ip).pair);
  }

  /** The owner proved they hold the mailbox (a password reset): the account's own limit is lifted. */
  async releaseAccount(email: string): Promise<void> {
    await this.store.clear(keysOf(email, '').account);
  }
}

export function tooManyAttemptsMessage(retryAfterMs: number): string {
  if (retryAfterMs < MINUTE) {
    const seconds = Math.max(1, Math.ceil(retryAfterMs / SECOND));
    return `Too many attempts. Try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`;
  }
  const minutes = Math.ceil(retryAfterMs / MINUTE);
  return `Too many attempts. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
}
