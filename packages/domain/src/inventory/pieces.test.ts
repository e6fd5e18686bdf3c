import { describe, expect, it } from 'vitest';
import {
  comparePickOrder,
  currentDateCode,
  isPastShelfLife,
  isRemnant,
  oldestUsableDateCode,
  type PickablePiece,
  useByOf,
} from './pieces.ts';

const NOV_2026 = new Date('2026-11-24T12:00:00Z');

describe('shelf life from the date code', () => {
  it('is usable through the month before its anniversary', () => {
    expect(useByOf('2022-03', 48)).toBe('2026-02');
    expect(useByOf('2022-12', 1)).toBe('2022-12');
    expect(useByOf(null, 48)).toBeNull();
    expect(useByOf('2022-13', 48)).toBeNull();
  });

  it('is past its shelf life once this month is after the use-by month', () => {
    expect(currentDateCode(NOV_2026)).toBe('2026-11');
    // Made in November 2022, 48 months: usable through October 2026.
    expect(isPastShelfLife('2022-12', 48, NOV_2026)).toBe(false);
    expect(isPastShelfLife('2022-11', 48, NOV_2026)).toBe(true);
    // Hose without a date code is never refused for its age.
    expect(isPastShelfLife(null, 48, NOV_2026)).toBe(false);
    // The list filter uses the same line: date codes from this one on are usable.
    expect(oldestUsableDateCode(48, NOV_2026)).toBe('2022-12');
    expect(oldestUsableDateCode(60, new Date('2026-01-05T00:00:00Z'))).toBe('2021-02');
  });
});

describe('remnants', () => {
  it('are pieces shorter than the remnant length, with hose left', () => {
    expect(isRemnant(1499, 1500)).toBe(true);
    expect(isRemnant(1500, 1500)).toBe(false);
    expect(isRemnant(0, 1500)).toBe(false);
    expect(isRemnant(200, 0)).toBe(false);
  });
});

describe('the pick order', () => {
  const piece = (over: Partial<PickablePiece> & { name: string }) => ({
    free: 50_000,
    remnant: false,
    dateCode: null,
    receivedAt: '2026-01-01T00:00:00.000Z',
    ...over,
  });
  const order = (pieces: ReturnType<typeof piece>[]) => [...pieces].sort(comparePickOrder).map((p) => p.name);

  it('takes remnants first, the shortest first, then the oldest date code, then the first received', () => {
    expect(
      order([
        piece({ name: 'new reel', dateCode: '2026-06' }),
        piece({ name: 'long remnant', free: 1400, remnant: true, dateCode: '2020-01' }),
        piece({ name: 'no date', receivedAt: '2025-01-01T00:00:00.000Z' }),
        piece({ name: 'old reel', dateCode: '2024-02' }),
        piece({ name: 'short remnant', free: 950, remnant: true }),
        piece({ name: 'old reel, later', dateCode: '2024-02', receivedAt: '2026-03-01T00:00:00.000Z' }),
      ]),
    ).toEqual(['short remnant', 'long remnant', 'old reel', 'old reel, later', 'new reel', 'no date']);
  });

  it('finishes a reel already cut into before opening an equal one', () => {
    expect(order([piece({ name: 'full' }), piece({ name: 'opened', free: 12_000 })])).toEqual([
      'opened',
      'full',
    ]);
  });
});
