/** The fixed-window limiter of the public calls (serial lookup, contact form). */
import { describe, expect, it } from 'vitest';
import { WindowRateLimiter } from '../src/lib/rate-limit.ts';

describe('the per-address request limiter', () => {
  it('lets `max` requests through per window and per address, then says how long to wait', () => {
    let now = 1_000_000;
    const limiter = new WindowRateLimiter({ max: 3, windowMs: 60_000, clock: () => now });
    expect([1, 2, 3].map(() => limiter.hit('203.0.113.9'))).toEqual([0, 0, 0]);
    now += 15_000;
    expect(limiter.hit('203.0.113.9')).toBe(45_000);
    expect(limiter.hit('203.0.113.10')).toBe(0);
    now += 45_000;
    expect(limiter.hit('203.0.113.9')).toBe(0);
  });
});
