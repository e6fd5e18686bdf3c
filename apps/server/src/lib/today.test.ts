import { describe, expect, it } from 'vitest';
import { dayOf, inTimeZone } from './today.ts';

// 01:30 UTC on the 27th is still the afternoon of the 26th on the west coast, and the 27th in Asia.
const LATE_AFTERNOON_IN_VANCOUVER = new Date('2026-11-27T01:30:00Z');

describe('dayOf', () => {
  it("is the caller's date in the time zone the call names", () => {
    expect(inTimeZone('America/Vancouver', () => dayOf(LATE_AFTERNOON_IN_VANCOUVER))).toBe('2026-11-26');
    expect(inTimeZone('Asia/Kolkata', () => dayOf(LATE_AFTERNOON_IN_VANCOUVER))).toBe('2026-11-27');
    // Across a new year, with the zone west of UTC.
    expect(inTimeZone('America/Halifax', () => dayOf(new Date('2027-01-01T02:00:00Z')))).toBe('2026-12-31');
  });

  it('is the UTC date outside a call and for a call that names no zone', () => {
    expect(dayOf(LATE_AFTERNOON_IN_VANCOUVER)).toBe('2026-11-27');
    expect(inTimeZone(undefined, () => dayOf(LATE_AFTERNOON_IN_VANCOUVER))).toBe('2026-11-27');
  });

  it('holds its zone across awaits inside the call, and no longer after it', async () => {
    const seen = await inTimeZone('America/Vancouver', async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      return dayOf(LATE_AFTERNOON_IN_VANCOUVER);
    });
    expect(seen).toBe('2026-11-26');
    expect(dayOf(LATE_AFTERNOON_IN_VANCOUVER)).toBe('2026-11-27');
  });
});
