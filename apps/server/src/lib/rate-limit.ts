/**
 * A fixed-window request counter per key (an IP address), in memory: enough for one process to stop someone
 * hammering a public form or walking through ids; several instances each count their own share.
 */
export class WindowRateLimiter {
  readonly #hits = new Map<string, { start: number; count: number }>();
  readonly max: number;
  readonly windowMs: number;
  readonly clock: () => number;

  constructor(options: { max: number; windowMs: number; clock?: () => number }) {
    this.max = options.max;
    this.windowMs = options.windowMs;
    this.clock = options.clock ?? Date.now;
  }

  /** Counts one request for `key`; the milliseconds to wait when it is over the limit, else 0. */
  hit(key: string): number {
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
