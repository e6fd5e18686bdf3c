import { describe, expect, it } from 'vitest';
import {
  effectiveUnitSystem,
  formatLength,
  formatPressure,
  lengthInputText,
  parseLength,
  parsePressure,
  pressureInputText,
  unitLabels,
} from './units.ts';

const mm = (text: string, system: 'metric' | 'imperial') => {
  const result = parseLength(text, system);
  if (!result.ok) throw new Error(`${text}: ${result.message}`);
  return result.value;
};

describe('formatLength', () => {
  it('writes metric lengths in mm to 0.1 mm with thousands grouped', () => {
    expect(formatLength(1000, 'metric')).toBe('1,000 mm');
    expect(formatLength(890, 'metric')).toBe('890 mm');
    expect(formatLength(12.25, 'metric')).toBe('12.3 mm');
    expect(formatLength(1000.125, 'metric', { unit: false, group: false })).toBe('1000.1');
  });

  it('writes imperial lengths in inches to the nearest 1/16 with the fraction reduced', () => {
    expect(formatLength(1000.125, 'imperial')).toBe('39-3/8 in');
    expect(formatLength(1000.1, 'imperial')).toBe('39-3/8 in');
    expect(formatLength(9.525, 'imperial')).toBe('3/8 in');
    expect(formatLength(1016, 'imperial')).toBe('40 in');
    expect(formatLength(25.4 * 12.5, 'imperial')).toBe('12-1/2 in');
    expect(formatLength(25.4 * (1 + 1 / 16), 'imperial')).toBe('1-1/16 in');
    expect(formatLength(0, 'imperial')).toBe('0 in');
    // Just under a whole inch rounds up to it, not to '0-16/16'.
    expect(formatLength(25.3, 'imperial')).toBe('1 in');
    expect(formatLength(25.4 * 1500, 'imperial')).toBe('1,500 in');
    expect(formatLength(1000.125, 'imperial', { unit: false })).toBe('39-3/8');
  });

  it('writes diameters in decimal inches when asked', () => {
    expect(formatLength(22.225, 'imperial', { inchDecimals: 3 })).toBe('0.875 in');
    expect(formatLength(0.2, 'imperial', { inchDecimals: 3 })).toBe('0.008 in');
    expect(formatLength(22.225, 'metric', { inchDecimals: 3 })).toBe('22.2 mm');
    expect(formatLength(24.65, 'metric', { mmDecimals: 2 })).toBe('24.65 mm');
  });
});

describe('parseLength', () => {
  it('reads a bare number in inches for imperial, with fractions', () => {
    expect(mm('39-3/8', 'imperial')).toBe(1000.1);
    expect(mm('39 3/8', 'imperial')).toBe(1000.1);
    expect(mm('39.375', 'imperial')).toBe(1000.1);
    expect(mm('3/8', 'imperial')).toBe(9.5);
    expect(mm('40', 'imperial')).toBe(1016);
  });

  it('reads a bare number in mm for metric', () => {
    expect(mm('1000', 'metric')).toBe(1000);
    expect(mm('1,000', 'metric')).toBe(1000);
    expect(mm(' 12.25 ', 'metric')).toBe(12.3);
  });

  it('lets an explicit unit override the system', () => {
    expect(mm('1000 mm', 'imperial')).toBe(1000);
    expect(mm('1000mm', 'imperial')).toBe(1000);
    expect(mm('100 cm', 'imperial')).toBe(1000);
    expect(mm('1 m', 'imperial')).toBe(1000);
    expect(mm('39-3/8 in', 'metric')).toBe(1000.1);
    expect(mm('39-3/8"', 'metric')).toBe(1000.1);
    expect(mm('39-3/8”', 'metric')).toBe(1000.1);
    expect(mm('39 3/8 inches', 'metric')).toBe(1000.1);
    expect(mm('3 ft', 'metric')).toBe(914.4);
    expect(mm(`3' 4"`, 'metric')).toBe(1016);
    expect(mm('3 ft 4-1/2 in', 'metric')).toBe(1028.7);
  });

  it('explains what it cannot read', () => {
    expect(parseLength('', 'metric')).toMatchObject({ ok: false, error: 'empty', message: 'Enter a length' });
    expect(parseLength('abc', 'imperial')).toMatchObject({
      ok: false,
      error: 'unreadable',
      message: 'Write a length such as 1000 mm, 39-3/8 in or 3 ft 4 in',
    });
    expect(parseLength('12 furlongs', 'imperial')).toMatchObject({ ok: false, error: 'unreadable' });
    expect(parseLength('-5', 'metric')).toMatchObject({ ok: false, error: 'unreadable' });
    expect(parseLength('3/0', 'imperial')).toMatchObject({ ok: false, error: 'zeroDenominator' });
    expect(parseLength('3/8', 'metric')).toMatchObject({
      ok: false,
      error: 'fractionWithoutInches',
      message: 'A fraction needs inches: write it as 3/8 in',
    });
    expect(parseLength('1/2 mm', 'imperial')).toMatchObject({ ok: false, error: 'fractionWithoutInches' });
  });

  it('gives back what it formats', () => {
    for (const value of [9.5, 304.8, 1000.1, 2540]) {
      expect(mm(formatLength(value, 'imperial'), 'metric')).toBeCloseTo(value, 0);
      expect(mm(formatLength(value, 'metric'), 'imperial')).toBe(value);
    }
  });
});

describe('formatPressure and parsePressure', () => {
  it('writes psi for imperial and bar for metric', () => {
    expect(formatPressure(4000, 'imperial')).toBe('4,000 psi');
    expect(formatPressure(4000, 'metric')).toBe('276 bar');
    expect(formatPressure(150, 'metric')).toBe('10.3 bar');
    expect(formatPressure(4000, 'metric', { unit: false })).toBe('276');
  });

  it('reads whole psi from either unit', () => {
    expect(parsePressure('4000', 'imperial')).toEqual({ ok: true, value: 4000 });
    expect(parsePressure('4,000 psi', 'metric')).toEqual({ ok: true, value: 4000 });
    expect(parsePressure('250 bar', 'imperial')).toEqual({ ok: true, value: 3626 });
    expect(parsePressure('250', 'metric')).toEqual({ ok: true, value: 3626 });
    expect(parsePressure('25 MPa', 'imperial')).toEqual({ ok: true, value: 3626 });
    expect(parsePressure('lots', 'metric')).toMatchObject({
      ok: false,
      message: 'Write a pressure such as 4000 psi or 275 bar',
    });
    expect(parsePressure('', 'metric')).toMatchObject({ ok: false, message: 'Enter a pressure' });
    expect(parsePressure('250 atm', 'metric')).toMatchObject({ ok: false, error: 'unreadable' });
  });
});

describe('unitLabels and effectiveUnitSystem', () => {
  it('names the units of each system', () => {
    expect(unitLabels('metric')).toEqual({ length: 'mm', pressure: 'bar' });
    expect(unitLabels('imperial')).toEqual({ length: 'in', pressure: 'psi' });
  });

  it('prefers the user, then the organisation, then imperial only for en_us', () => {
    expect(effectiveUnitSystem('metric', 'imperial', 'en_us')).toBe('metric');
    expect(effectiveUnitSystem(null, 'imperial', 'en_ca')).toBe('imperial');
    expect(effectiveUnitSystem(null, null, 'en_us')).toBe('imperial');
    expect(effectiveUnitSystem(null, null, 'en_ca')).toBe('metric');
  });
});

describe('lengthInputText and pressureInputText', () => {
  it('fills a field with text that reads back as the stored value', () => {
    expect(lengthInputText(1000.1, 'imperial')).toBe('39-3/8');
    expect(lengthInputText(1000, 'imperial')).toBe('39.37');
    expect(lengthInputText(1000, 'metric')).toBe('1000');
    for (const stored of [1000, 1000.1, 9.5, 123.4, 5000]) {
      const back = parseLength(lengthInputText(stored, 'imperial'), 'imperial');
      expect(back).toEqual({ ok: true, value: stored });
    }
    expect(pressureInputText(4000, 'imperial')).toBe('4000');
    for (const stored of [4000, 3000, 150, 6000]) {
      expect(parsePressure(pressureInputText(stored, 'metric'), 'metric')).toEqual({
        ok: true,
        value: stored,
      });
    }
  });
});
