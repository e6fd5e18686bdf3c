import type { Adaptor } from '@hosewright/domain';
import { describe, expect, it } from 'vitest';
import { createCompatibleParts } from '../test-factories';
import { fittingLabel, laylineFilter } from './end-step';

type Match = ReturnType<typeof createCompatibleParts>['fittings'][number];

describe('laylineFilter: the pickers holding every option', () => {
  const parts = createCompatibleParts();
  const offered = parts.fittings.filter((f) => f.compatible);
  const filter = laylineFilter<Match>((m) => m.item, parts.series?.description);
  const shown = (inputValue: string) =>
    filter(offered, { inputValue, getOptionLabel: (m) => fittingLabel(m.item) }).map(
      (m) => m.item.partNumber,
    );

  it('keeps what the label holds, and what the text means on a layline', () => {
    expect(shown('')).toEqual(['F-SN-08-FJX90', 'F-SN-08-FJX']);
    expect(shown('FJX90')).toEqual(['F-SN-08-FJX90']);
    // The fittings of the hose's coupling series are made for 2SN hose; 1/2" is their -8 bore.
    expect(shown('2SN 1/2"')).toEqual(['F-SN-08-FJX90', 'F-SN-08-FJX']);
    expect(shown('-6')).toEqual([]);
    expect(shown('4SH')).toEqual([]);
  });

  it('finds an adaptor by the dash of its ends', () => {
    const adaptor = (partNumber: string, endA: string, endB: string) =>
      ({ kind: 'adaptor', partNumber, brand: 'GEN', description: '', endA, endB }) as Adaptor;
    const adaptors = [adaptor('A-1', 'NPTF M 1/2', 'JIC37 M -8'), adaptor('A-2', 'JIC37 M -6', 'ORB M -6')];
    const byEnds = laylineFilter<Adaptor>((a) => a);
    const found = (inputValue: string) =>
      byEnds(adaptors, { inputValue, getOptionLabel: (a) => a.partNumber }).map((a) => a.partNumber);
    expect(found('-8')).toEqual(['A-1']);
    expect(found('3/8')).toEqual(['A-2']);
  });
});
