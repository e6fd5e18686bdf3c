import { describe, expect, it } from 'vitest';
import { createFitting, createHose } from '../test-factories';
import {
  convertFormUnits,
  emptyFormValues,
  issuesToFieldErrors,
  toFormValues,
  toInput,
  validateForm,
} from './fields';

describe('component form values', () => {
  it('round-trips a stored hose through the form into a valid input', () => {
    const values = toFormValues('hose', createHose());
    expect(values).toMatchObject({
      partNumber: 'GEN-2SN-08',
      dash: '-8',
      workingPressurePsi: '4000',
      skive: false,
    });
    const { input, errors } = validateForm('hose', values);
    expect(errors).toEqual({});
    expect(input).toMatchObject({
      kind: 'hose',
      dash: -8,
      workingPressurePsi: 4000,
      cost: 4.1,
      costUnit: 'ft',
    });
    expect(input).not.toHaveProperty('odMm');
  });

  it('reads "4,000" as 4000 and leaves empty optional numbers out', () => {
    const input = toInput('hose', {
      ...emptyFormValues('hose'),
      workingPressurePsi: '4,000',
      burstPressurePsi: '',
    });
    expect(input.workingPressurePsi).toBe(4000);
    expect(input).not.toHaveProperty('burstPressurePsi');
  });

  it('puts the domain messages under the fields', () => {
    const { input, errors } = validateForm('crimpFitting', {
      ...toFormValues('crimpFitting', createFitting()),
      partNumber: '',
      cutoffMm: 'abc',
      endType: '',
    });
    expect(input).toBeUndefined();
    expect(errors.partNumber).toBe('Enter a part number');
    expect(errors.cutoffMm).toBe('Enter the cut-off as a number');
    expect(errors.endType).toMatch(/^End type must be one of JIC37/);
  });

  it('reads lengths and pressures in the user’s units, a typed unit winning', () => {
    const stored = toFormValues(
      'crimpFitting',
      createFitting({ cutoffMm: 33.3375, workingPressurePsi: 4000 }),
    );
    const imperial = convertFormUnits('crimpFitting', stored, undefined, 'imperial');
    expect(imperial).toMatchObject({ cutoffMm: '1-5/16', workingPressurePsi: '4000' });
    const metric = convertFormUnits('crimpFitting', imperial, 'imperial', 'metric');
    expect(metric).toMatchObject({ cutoffMm: '33.3', workingPressurePsi: '275.8' });

    const saved = validateForm(
      'crimpFitting',
      { ...imperial, cutoffMm: '1 5/16', workingPressurePsi: '300 bar' },
      'imperial',
    );
    expect(saved.errors).toEqual({});
    expect(saved.input).toMatchObject({ cutoffMm: 33.3, workingPressurePsi: 4351 });

    const refused = validateForm('crimpFitting', { ...metric, cutoffMm: '1/2' }, 'metric');
    expect(refused.input).toBeUndefined();
    expect(refused.errors.cutoffMm).toBe('A fraction needs inches: write it as 3/8 in');
  });

  it('starts a new item with the kind’s defaults and the prefilled part number', () => {
    expect(emptyFormValues('wrap', 'C-00007')).toMatchObject({
      partNumber: 'C-00007',
      costUnit: 'm',
      active: true,
    });
  });

  it('maps server issues to fields, and keeps the rest apart', () => {
    expect(
      issuesToFieldErrors([
        { path: ['series'], message: 'Unknown series' },
        { path: ['series'], message: 'Second message' },
        { path: [], message: 'Something else' },
      ]),
    ).toEqual({ errors: { series: 'Unknown series' }, other: ['Something else'] });
  });
});
