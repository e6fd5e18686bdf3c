/**
 * A fixed-window request counter per key (an IP address, a user): enough to stop someone hammering a public
 * form, walking through ids or flooding the API. In memory by default; with a shared counter (Redis, when
 * REDIS_URL is set) every instance counts against the same windows. If the shared counter fails, this
 * instance counts alone.
 */

/** Counts hits in windows kept elsewhere: the count in the key's window so far and when it ends. */
export interface SharedCounter {
  hit(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }>;
}

export class WindowRateLimiter {
  readonly #hits = new Map<string, { start: number; count: number }>();
  readonly max: number;
  readonly windowMs: number;
  readonly clock: () => number;
  readonly #shared?: { counter: SharedCounter; name: string; onError?: (error: unknown) => void };

  constructor(options: {
    max: number;
    windowMs: number;
    clock?: () => number;
    /** Counts across instances; `name` keeps this limiter's keys apart from other limiters'. */
    shared?: { counter: SharedCounter; name: string; onError?: (error: unknown) => void };
  }) {
    this.max = options.max;
    this.windowMs = options.windowMs;
    this.clock = options.clock ?? Date.now;
    this.#shared = options.shared;
  }

  /**
   * Counts one request for `key`; the milliseconds to wait when it is over the limit, else 0. Counted here,
   * the answer is at hand (no promise on a hot path); with a shared counter it comes as a promise.
   */
  hit(key: string): number | Promise<number> {
    return this.#shared ? this.#hitShared(this.#shared, key) : this.#hitHere(key);
  }

  async #hitShared(
    shared: { counter: SharedCounter; name: string; onError?: (error: unknown) => void },
    key: string,
  ): Promise<number> {
    try {
      const { count, resetInMs } = await shared.counter.hit(
        `hosewright:limit:${shared.name}:${key}`,
        this.windowMs,
      );
      return count > this.max ? Math.max(1, resetInMs) : 0;
    } catch (error) {
      shared.onError?.(error);
    }
    return this.#hitHere(key);
  }

  #hitHere(key: string): number {
    const now = this.clock();
    if (this.#hits.size > 10_000) {
      for (const [k, v] of this.#hits) if (now - v.start >= this.windowMs) this.#hits.delete(k);
    }
    const entry = this.#hits.get(key);
    if (!entry || now - entry.start >= this.windowMs) {
      this.#hits.set(key, { start: now, count: 1 });
      return 0;
    }
    entry.count += 1;
    return entry.count > this.max ? entry.start + this.windowMs - now : 0;
  }
}

/**
 * A shared counter that never holds a request up for long: a hit that takes longer than `timeoutMs` fails,
 * and after a failure the counter is not asked again for `pauseMs`, so the limiter counts here meanwhile.
 * node-redis queues commands while it reconnects, so without this a Redis outage would stall every request
 * that counts (and pile up commands). `onDown` and `onUp` say when it starts and stops failing.
 */
export function failFast(
  counter: SharedCounter,
  options: {
    timeoutMs: number;
    pauseMs: number;
    clock?: () => number;
    onDown?: (error: unknown) => void;
    onUp?: () => void;
  },
): SharedCounter {
  const clock = options.clock ?? Date.now;
  let pausedUntil = 0;
  let down = false;
  return {
    async hit(key, windowMs) {
      if (pausedUntil > clock()) throw new Error('the shared counter failed a moment ago');
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(
          () => reject(new Error(`the shared counter did not answer within ${options.timeoutMs} ms`)),
          options.timeoutMs,
        );
      });
      try {
        const result = await Promise.race([counter.hit(key, windowMs), timeout]);
        if (down) {
          down = false;
          options.onUp?.();
        }
        return result;
      } catch (error) {
        pausedUntil = clock() + options.pauseMs;
        if (!down) {
          down = true;
          options.onDown?.(error);
        }
        throw error;
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
