import { describe, expect, it } from 'vitest';
import { dedupeByUrl, searchResultHref, searchResultSubtitle, searchResultTitle } from './format';

describe('search result titles and subtitles', () => {
  it('titles a customer by name, an assembly by part number, a kit by part number and revision (with the delimiter), an order or estimate by number, and an item by part number and brand', () => {
    expect(searchResultTitle({ url: 'c', objectType: 'customer', name: 'Acme' })).toBe('Acme');
    expect(searchResultTitle({ url: 'a', objectType: 'hoseAssembly', partNumber: 'HA-1', brand: 'X' })).toBe(
      'HA-1',
    );
    expect(
      searchResultTitle({ url: 'a', objectType: 'hoseAssembly', partNumber: 'HA-1', revision: 'C' }, '.'),
    ).toBe('HA-1');
    expect(searchResultTitle({ url: 'k', objectType: 'hoseKit', partNumber: 'KIT-1', revision: '2' })).toBe(
      'KIT-1_2',
    );
    expect(
      searchResultTitle({ url: 'k', objectType: 'hoseKit', partNumber: 'KIT-1', revision: '2' }, '-'),
    ).toBe('KIT-1-2');
    expect(searchResultTitle({ url: 'w', objectType: 'workOrder', number: 'WO-7' })).toBe('WO-7');
    expect(searchResultTitle({ url: 's', objectType: 'salesEstimate', number: 'SE-9' })).toBe('SE-9');
    for (const type of ['hose', 'crimpFitting', 'ferrule', 'wrap', 'otherItem', 'adaptor']) {
      expect(searchResultTitle({ url: 'x', objectType: type, partNumber: 'P-1', brand: 'GEN' })).toBe(
        'P-1 - GEN',
      );
      expect(searchResultTitle({ url: 'x', objectType: type, partNumber: 'P-1' })).toBe('P-1');
    }
  });

  it('subtitles a customer with its domain (empty if none) and the rest with the description', () => {
    expect(
      searchResultSubtitle({ url: 'c', objectType: 'customer', domain: 'acme.example', description: 'd' }),
    ).toBe('acme.example');
    expect(searchResultSubtitle({ url: 'c', objectType: 'customer', description: 'd' })).toBe('');
    expect(searchResultSubtitle({ url: 'h', objectType: 'hose', description: 'Two-wire', domain: 'x' })).toBe(
      'Two-wire',
    );
  });

  it('links to /{url} and keeps the first of each url', () => {
    expect(searchResultHref({ url: 'hose/1', objectType: 'hose' })).toBe('/hose/1');
    expect(
      dedupeByUrl([
        { url: 'a', objectType: 'hose', partNumber: '1' },
        { url: 'b', objectType: 'hose' },
        { url: 'a', objectType: 'hose', partNumber: '2' },
      ]).map((r) => r.partNumber ?? r.url),
    ).toEqual(['1', 'b']);
  });
});
