import { describe, expect, it } from 'vitest';
import { minPressureOf, readHoseSearch } from './hose-step';

describe('readHoseSearch: the hose search box', () => {
  it('reads a dash as the dash filter, a number as the lowest working pressure, the rest as text', () => {
    expect(readHoseSearch('2SN -8 4000 psi')).toEqual({ text: '2SN', dash: '-8', minPressurePsi: 4000 });
    expect(readHoseSearch('GEN-2SN-08')).toEqual({ text: 'GEN-2SN-08' });
    expect(readHoseSearch('-12')).toEqual({ text: '', dash: '-12' });
    expect(readHoseSearch('3000psi R13')).toEqual({ text: 'R13', minPressurePsi: 3000 });
    expect(readHoseSearch('  ')).toEqual({ text: '' });
  });

  it('reads a pressure in bar as psi, and a bare number as psi', () => {
    expect(readHoseSearch('2SN 275 bar')).toEqual({ text: '2SN', minPressurePsi: 3989 });
    expect(readHoseSearch('275bar')).toEqual({ text: '', minPressurePsi: 3989 });
    expect(minPressureOf('275 bar')).toBe(3989);
    expect(minPressureOf('4000')).toBe(4000);
    expect(minPressureOf('4000 psi')).toBe(4000);
    expect(minPressureOf('GEN')).toBeUndefined();
  });
});
