import { describe, expect, it } from 'vitest';
import { builderPathFor, estimateReturnTo, withAddedAssembly } from './estimate-round-trip';

describe('the round trip from an estimate to the builder', () => {
  it('returns only to an estimate page of this app', () => {
    expect(estimateReturnTo('/salesestimates/new')).toBe('/salesestimates/new');
    expect(estimateReturnTo('/salesestimate/se-1/edit/lines')).toBe('/salesestimate/se-1/edit/lines');
    for (const target of [
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      '/customers',
      '/salesestimatesx',
      'salesestimates/new',
      '',
      null,
      undefined,
    ]) {
      expect(estimateReturnTo(target)).toBeNull();
    }
  });

  it('opens the builder with the way back, and comes back with the assembly to add', () => {
    expect(builderPathFor('cust 1', '/salesestimates/new')).toBe(
      '/customer/cust%201/hoseassemblies/new?returnTo=%2Fsalesestimates%2Fnew',
    );
    expect(withAddedAssembly('/salesestimates/new', 'asm-9')).toBe('/salesestimates/new?addAssembly=asm-9');
    expect(withAddedAssembly('/salesestimate/se-1/edit/lines?x=1', 'asm-9')).toBe(
      '/salesestimate/se-1/edit/lines?x=1&addAssembly=asm-9',
    );
  });
});
