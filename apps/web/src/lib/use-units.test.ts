import { describe, expect, it } from 'vitest';
import { i18n } from './i18n';
import { unitsFor } from './use-units';

const t = i18n.t.bind(i18n);

describe('unitsFor: what a screen shows and reads', () => {
  it('shows stored mm and psi in the reader’s units, and nothing for no value', () => {
    const metric = unitsFor('metric', t);
    const imperial = unitsFor('imperial', t);
    expect([metric.lengthUnit, metric.pressureUnit]).toEqual(['mm', 'bar']);
    expect([imperial.lengthUnit, imperial.pressureUnit]).toEqual(['in', 'psi']);
    expect(metric.length(1000)).toBe('1,000 mm');
    expect(imperial.length('1000.1')).toBe('39-3/8 in');
    expect(imperial.length(22.225, { inchDecimals: 3 })).toBe('0.875 in');
    expect(metric.pressure(4000)).toBe('276 bar');
    expect(imperial.pressure(4000)).toBe('4,000 psi');
    expect(imperial.length(null)).toBe('');
    expect(metric.pressure('')).toBe('');
    expect(imperial.lengthInput(1000.1)).toBe('39-3/8');
    expect(metric.pressureInput(4000)).toBe('275.8');
  });

  it('says under a field what it read, or what to write instead', () => {
    const imperial = unitsFor('imperial', t);
    expect(imperial.lengthFeedback('39 3/8')).toEqual({
      value: 1000.1,
      error: null,
      reads: '= 39-3/8 in (1,000.1 mm)',
    });
    // What is typed already reads as shown: nothing to add.
    expect(imperial.lengthFeedback('39-3/8')).toEqual({ value: 1000.1, error: null, reads: null });
    expect(imperial.lengthFeedback('1000 mm').reads).toBe('= 39-3/8 in (1,000 mm)');
    expect(imperial.lengthFeedback('')).toEqual({ value: undefined, error: null, reads: null });
    expect(imperial.lengthFeedback('lots').error).toBe(
      'Write a length such as 1000 mm, 39-3/8 in or 3 ft 4 in',
    );
    const metric = unitsFor('metric', t);
    expect(metric.lengthFeedback('3/8').error).toBe('A fraction needs inches: write it as 3/8 in');
    expect(metric.pressureFeedback('4000 psi')).toEqual({ value: 4000, error: null, reads: '= 276 bar' });
    expect(metric.pressureFeedback('250')).toEqual({ value: 3626, error: null, reads: null });
    expect(metric.parsePressure('hot').ok).toBe(false);
  });
});
