import { describe, expect, test } from 'vitest';
import { extendPrice, fromMinorUnits, minorDigits, percentage, percentOf, toMinorUnits } from './money.ts';

describe('exact money', () => {
  test('each currency has its own minor unit', () => {
    expect([minorDigits('CAD'), minorDigits('JPY'), minorDigits('KWD')]).toEqual([2, 0, 3]);
    expect(toMinorUnits(12.345, 'KWD')).toBe(12_345);
    expect(toMinorUnits(1234.5, 'JPY')).toBe(1235);
    expect(fromMinorUnits(1235, 'CAD')).toBe(12.35);
  });

  test('halves round away from zero, even where binary floating point falls short', () => {
    // 1.005 * 100 is 100.49999999999999 in floating point.
    expect(toMinorUnits(1.005, 'CAD')).toBe(101);
    expect(toMinorUnits(-1.005, 'CAD')).toBe(-101);
    expect(extendPrice(0.5, 1)).toBe(1);
    expect(extendPrice(-0.5, 1)).toBe(-1);
    expect(percentOf(1010, 5)).toBe(51);
    expect(percentage(1, 3)).toBe(33.33);
    expect(percentage(2, 3)).toBe(66.67);
  });

  test('large amounts stay exact', () => {
    // 123,456.789 units at 999,999.99: the product of thousandths and cents is beyond 2^53.
    expect(extendPrice(123_456.789, 99_999_999)).toBe(12_345_678_776_543);
  });
});
