import { beforeEach, describe, expect, it, vi } from 'vitest';
import { storeAccessToken } from '@/lib/session';
import { stubFetch } from '@/test/fetch-stub';
import { queriesOf } from '../test-factories';
import { getList } from './get-list';

describe('list helper (SPEC 7 "Organisation list GETs", SPEC 8)', () => {
  beforeEach(() => storeAccessToken('tok'));

  it('answers the page the server sends, asking with the query', async () => {
    const { fetchMock } = stubFetch({
      'GET /api/v1/organization/hoses': { body: { items: [{ _id: 'h1' }], total: 41, page: 2 } },
    });
    const page = await getList('hoses', { page: '2', itemsPerPage: '25', q: '2SN', dash: undefined });
    expect(page).toEqual({ items: [{ _id: 'h1' }], total: 41, page: 2 });
    const [query] = queriesOf(fetchMock, '/api/v1/organization/hoses');
    expect(query?.toString()).toBe('page=2&itemsPerPage=25&q=2SN');
  });

  it('answers an empty page 1 when the call fails', async () => {
    stubFetch({
      'GET /api/v1/organization/hoses': {
        status: 500,
        body: { statusCode: 500, code: 'INTERNAL', message: 'Server trouble' },
      },
    });
    expect(await getList('hoses')).toEqual({ items: [], total: 0, page: 1 });
  });

  it('answers an empty page 1 when the server cannot be reached or answers something else', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    expect(await getList('ferrules')).toEqual({ items: [], total: 0, page: 1 });
    stubFetch({ 'GET /api/v1/organization/wraps': { body: { unexpected: true } } });
    expect(await getList('wraps')).toEqual({ items: [], total: 0, page: 1 });
  });

  it('reads a plain array as one page of everything', async () => {
    stubFetch({ 'GET /api/v1/organization/pendingitems': { body: [{ _id: 'p1' }, { _id: 'p2' }] } });
    expect(await getList('pendingitems', { status: 'pending' })).toEqual({
      items: [{ _id: 'p1' }, { _id: 'p2' }],
      total: 2,
      page: 1,
    });
  });
});
