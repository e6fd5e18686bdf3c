import { describe, expect, it } from 'vitest';
import { tableHeightFor } from './url-data-grid';
import { applyQueryPatch, gridStateToQuery, readUrlGridState, type UrlGridDefaults } from './url-state';

const DEFAULTS: UrlGridDefaults = { sort: 'partNumber', sortFields: ['partNumber', 'dash', 'cost'] };

describe('grid state in the URL', () => {
  it('reads page, page size, sort and order, falling back to the defaults', () => {
    expect(readUrlGridState(new URLSearchParams(''), DEFAULTS)).toEqual({
      page: 1,
      pageSize: 25,
      sort: 'partNumber',
      order: 'asc',
    });
    expect(
      readUrlGridState(new URLSearchParams('page=3&itemsPerPage=50&sort=dash&order=desc'), DEFAULTS),
    ).toEqual({ page: 3, pageSize: 50, sort: 'dash', order: 'desc' });
  });

  it('ignores values the server would refuse', () => {
    expect(
      readUrlGridState(new URLSearchParams('page=-2&itemsPerPage=7&sort=secret&order=up'), DEFAULTS),
    ).toEqual({ page: 1, pageSize: 25, sort: 'partNumber', order: 'asc' });
  });

  it('patches the query: values set, null and empty remove, others stay', () => {
    const next = applyQueryPatch(new URLSearchParams('dash=-8&q=2SN&page=4'), {
      q: '',
      page: null,
      series: 'SN',
    });
    expect(next.toString()).toBe('dash=-8&series=SN');
  });

  it('sends paging and sort explicitly', () => {
    expect(gridStateToQuery({ page: 2, pageSize: 10, sort: 'cost', order: 'desc' })).toEqual({
      page: '2',
      itemsPerPage: '10',
      sort: 'cost',
      order: 'desc',
    });
  });

  it('sizes tables (tableHeightFor): automatic above 1000 px of window height, 70dvh otherwise', () => {
    expect(tableHeightFor(1200)).toBe('auto');
    expect(tableHeightFor(1000)).toBe('70dvh');
    expect(tableHeightFor(700)).toBe('70dvh');
  });
});
