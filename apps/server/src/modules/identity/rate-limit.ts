/**
 * Sign-in brute-force limits: at most LOGIN_MAX_FAILURES failures per account and per IP address within a
 * sliding LOGIN_FAILURE_WINDOW_MS. Once a key is over the limit every attempt is refused, even with the right
 * password, until its oldest counted failure leaves the window.
 *
 * Failures live in a `FailureStore`: in memory by default (one process); the interface maps onto a Redis
 * sorted set (ZADD / ZREMRANGEBYSCORE / ZRANGE / PEXPIRE) for several instances.
 */
import { LOGIN_FAILURE_WINDOW_MS, LOGIN_MAX_FAILURES } from '@hosewright/domain';

export interface FailureStore {
  /** Record a failure for `key` at `at` (ms). Entries older than `at - windowMs` may be dropped. */
  add(key: string, at: number, windowMs: number): Promise<void>;
  /** Failure times for `key` at or after `since` (ms), oldest first. */
  since(key: string, since: number): Promise<number[]>;
  clear(key: string): Promise<void>;
}

export class MemoryFailureStore implements FailureStore {
  readonly #failures = new Map<string, number[]>();

  async add(key: string, at: number, windowMs: number): Promise<void> {
    const kept = (this.#failures.get(key) ?? []).filter((t) => t > at - windowMs);
    kept.push(at);
    this.#failures.set(key, kept);
  }

  async since(key: string, since: number): Promise<number[]> {
    const kept = (this.#failures.get(key) ?? []).filter((t) => t >= since);
    if (kept.length === 0) this.#failures.delete(key);
    else this.#failures.set(key, kept);
    return kept;
  }

  async clear(key: string): Promise<void> {
    this.#failures.delete(key);
  }
}

export type Clock = () => number;

export interface LoginRateLimiterOptions {
  store?: FailureStore;
  /** Milliseconds since the epoch; tests pass a clock they can move forward. */
  clock?: Clock;
  maxFailures?: number;
  windowMs?: number;
}

export type LimitDecision = { allowed: true } | { allowed: false; retryAfterMs: number };

export class LoginRateLimiter {
  readonly store: FailureStore;
  readonly clock: Clock;
  readonly maxFailures: number;
  readonly windowMs: number;

  constructor(options: LoginRateLimiterOptions = {}) {
    this.store = options.store ?? new MemoryFailureStore();
    this.clock = options.clock ?? Date.now;
    this.maxFailures = options.maxFailures ?? LOGIN_MAX_FAILURES;
    this.windowMs = options.windowMs ?? LOGIN_FAILURE_WINDOW_MS;
  }

  /** Refused when any key already holds the maximum number of failures in the window. */
  async check(keys: readonly string[], now = this.clock()): Promise<LimitDecision> {
    let retryAfterMs = 0;
    for (const key of keys) {
      const failures = await this.store.since(key, now - this.windowMs + 1);
      if (failures.length < this.maxFailures) continue;
      const freesAt = (failures[failures.length - this.maxFailures] ?? now) + this.windowMs;
      retryAfterMs = Math.max(retryAfterMs, freesAt - now);
    }
    return retryAfterMs > 0 ? { allowed: false, retryAfterMs } : { allowed: true };
  }

  async recordFailure(keys: readonly string[], now = this.clock()): Promise<void> {
    for (const key of keys) await this.store.add(key, now, this.windowMs);
  }

  async reset(key: string): Promise<void> {
    await this.store.clear(key);
  }
}

export const accountKey = (email: string) => `account:${email.trim().toLowerCase()}`;
export const ipKey = (ip: string) => `ip:${ip}`;

export function tooManyAttemptsMessage(retryAfterMs: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  return `Too many attempts. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
}
