import { requiredBuildSteps } from '@hosewright/domain';
import { describe, expect, it } from 'vitest';
import { createUnit } from '../test-factories';
import {
  lengthInUnit,
  nextStep,
  readDiameter,
  readHoldSeconds,
  readPressure,
  stepsDone,
} from './bench-measures';

const record = { at: '2026-11-02T09:00:00.000Z', by: null };

describe('where a unit stands at the bench', () => {
  it('goes through the required steps in bench order, skive only when the hose needs it', () => {
    const plain = createUnit();
    expect(nextStep(plain)).toBe('cut');
    const cut = createUnit({ steps: { cut: record } });
    expect(nextStep(cut)).toBe('assemble');
    expect(nextStep(createUnit({ requiredSteps: requiredBuildSteps(true), steps: { cut: record } }))).toBe(
      'skive',
    );
    // The answer's order does not matter: crimp comes after assemble.
    const shuffled = createUnit({
      requiredSteps: ['tag', 'crimp', 'cut', 'assemble'],
      steps: { cut: record },
    });
    expect(nextStep(shuffled)).toBe('assemble');
    expect(stepsDone(shuffled)).toBe(1);
  });

  it('offers nothing after a failed proof test, nor once every step is done', () => {
    const failed = createUnit({
      steps: { cut: record, assemble: record, crimp: record, clean: record, cap: record, test: record },
      test: { pressurePsi: 8000, holdSeconds: 30, result: 'fail', by: null, at: record.at },
    });
    expect(nextStep(failed)).toBeNull();
    const all = Object.fromEntries(requiredBuildSteps(false).map((s) => [s, record]));
    expect(nextStep(createUnit({ steps: all }))).toBeNull();
  });
});

describe('reading what the bench types', () => {
  it('reads a crimp diameter to the gauge’s precision, in the reader’s unit unless it says another', () => {
    expect(readDiameter('24.65', 'mm')).toEqual({ ok: true, value: { value: 24.65, unit: 'mm' } });
    expect(readDiameter(' 0.970 ', 'in')).toEqual({ ok: true, value: { value: 0.97, unit: 'in' } });
    expect(readDiameter('0.970"', 'mm')).toEqual({ ok: true, value: { value: 0.97, unit: 'in' } });
    expect(readDiameter('24.65 mm', 'in')).toEqual({ ok: true, value: { value: 24.65, unit: 'mm' } });
    expect(readDiameter('', 'mm')).toEqual({ ok: false, error: 'empty' });
    expect(readDiameter('0', 'mm')).toEqual({ ok: false, error: 'zero' });
    expect(readDiameter('24,65', 'mm')).toEqual({ ok: false, error: 'unreadable' });
    expect(readDiameter('24.65 cm', 'mm')).toEqual({ ok: false, error: 'unreadable' });
  });

  it('reads a test pressure in psi or bar', () => {
    expect(readPressure('8000', 'psi')).toEqual({ ok: true, value: { value: 8000, unit: 'psi' } });
    expect(readPressure('551.6', 'bar')).toEqual({ ok: true, value: { value: 551.6, unit: 'bar' } });
    expect(readPressure('8000 PSI', 'bar')).toEqual({ ok: true, value: { value: 8000, unit: 'psi' } });
    expect(readPressure('55 MPa', 'bar')).toEqual({ ok: false, error: 'unreadable' });
  });

  it('sends a cut length in the reader’s unit', () => {
    expect(lengthInUnit(890, 'mm')).toEqual({ value: 890, unit: 'mm' });
    expect(lengthInUnit(890, 'in')).toEqual({ value: 35.039, unit: 'in' });
  });

  it('holds a proof test for whole seconds within 30 to 300', () => {
    expect(readHoldSeconds('30')).toEqual({ ok: true, value: 30 });
    expect(readHoldSeconds('45 s')).toEqual({ ok: true, value: 45 });
    expect(readHoldSeconds('29')).toEqual({ ok: false, error: 'range' });
    expect(readHoldSeconds('301')).toEqual({ ok: false, error: 'range' });
    expect(readHoldSeconds('30.5')).toEqual({ ok: false, error: 'unreadable' });
  });
});
