import {
  getImage,
  getPublicConfig,
  getSampleData,
  type Hose,
  listCustomerItems,
  listHoses,
  resetPassword,
  startImport,
  uploadImport,
} from '@hosewright/domain';
import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, setAccessTokenGetter } from '@/lib/api';
import { useSettingsStore } from '@/lib/settings-store';
import { stubFetch } from '@/test/fetch-stub';
import { call, orEmptyPage } from './call';
import { componentListQuery } from './components';

beforeEach(() => setAccessTokenGetter(async () => 'sdk-token'));

/** The address `fetch` was asked for, as the app wrote it. */
const urlOf = (fetchMock: { mock: { calls: unknown[][] } }, index = 0) =>
  String(fetchMock.mock.calls[index]?.[0]);

describe('call(contract, input)', () => {
  it('fills the path, leaves empty query values out, and answers what the response schema reads', async () => {
    const { fetchMock, calls } = stubFetch({
      'GET /api/v1/customer/c%201%2F2/items': { body: { items: [], total: 0, page: 2, extra: 'dropped' } },
    });
    const page = await call(listCustomerItems, {
      params: { customerId: 'c 1/2' },
      query: { page: 2, itemsPerPage: undefined, q: '' },
    });
    expect(page).toEqual({ items: [], total: 0, page: 2 });
    expect(urlOf(fetchMock)).toBe('/api/v1/customer/c%201%2F2/items?page=2');
    expect(calls[0]?.method).toBe('GET');
    expect(calls[0]?.headers.authorization).toBe('Bearer sdk-token');
  });

  it('repeats the name of a list value', async () => {
    const { fetchMock } = stubFetch({
      'GET /api/v1/organization/hoses': { body: { items: [], total: 0, page: 1 } },
    });
    await call(listHoses, { query: { dash: ['-8', '-6'], q: 'gen' } });
    expect(urlOf(fetchMock)).toBe('/api/v1/organization/hoses?dash=-8&dash=-6&q=gen');
  });

  it('sends the body as JSON, and nothing at all when the contract has no body', async () => {
    const { calls } = stubFetch({
      'POST /api/v1/organization/imports/i-1/start': { status: 202, body: { importId: 'i-1', jobId: 'j-1' } },
      'POST /api/v1/user/resetpassword': { body: { ok: true } },
    });
    await expect(
      call(startImport, { params: { importId: 'i-1' }, body: { mapping: { Part: 'partNumber' } } }),
    ).resolves.toEqual({ importId: 'i-1', jobId: 'j-1' });
    expect(calls[0]?.method).toBe('POST');
    expect(calls[0]?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(calls[0]?.body ?? '')).toEqual({ mapping: { Part: 'partNumber' } });

    await expect(call(resetPassword)).resolves.toEqual({ ok: true });
    expect(calls[1]?.body).toBeUndefined();
    expect(calls[1]?.headers['content-type']).toBeUndefined();
  });

  it('sends a multipart body as the form it is', async () => {
    const preview = {
      importId: 'i-2',
      fileName: 'hoses.csv',
      kind: 'hose',
      columns: [],
      mapping: {},
      fields: [],
      sampleRows: [],
      rowsTotal: 0,
    };
    const { fetchMock } = stubFetch({ 'POST /api/v1/organization/imports': { status: 201, body: preview } });
    const form = new FormData();
    form.append('kind', 'hose');
    await expect(call(uploadImport, { body: form })).resolves.toEqual(preview);
    const init = fetchMock.mock.calls[0]?.[1] as RequestInit;
    expect(init.body).toBe(form);
    expect(new Headers(init.headers).get('content-type')).toBeNull();
  });

  it('answers a file as a Blob', async () => {
    stubFetch({ 'GET /api/v1/image/obj-1': { body: { any: 'bytes' } } });
    const picture = await call(getImage, { params: { objectId: 'obj-1' } });
    // The response's Blob comes from Node's realm, not jsdom's: check the behaviour, not the class.
    expect(await picture.text()).toBe('{"any":"bytes"}');
  });

  it('refuses an answer the response schema does not read', async () => {
    stubFetch({ 'GET /api/v1/organization/sampledata': { body: { loaded: 'yes' } } });
    const error = await call(getSampleData).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('The server answered in an unexpected shape.');
  });

  it('sends no token on a public contract', async () => {
    const config = { oidc: { domain: 'idp', clientId: 'web', audience: 'api' }, version: 1 };
    const { calls } = stubFetch({ 'GET /api/v1/public/config': { body: config } });
    await expect(call(getPublicConfig)).resolves.toEqual(config);
    expect(calls[0]?.headers.authorization).toBeUndefined();
    expect(calls[0]?.headers.userid).toBeUndefined();
  });
});

describe('organisation lists: an empty page 1 when the list cannot be had', () => {
  const hose: Hose = {
    _id: 'h1',
    kind: 'hose',
    origin: 'custom',
    sample: false,
    partNumber: 'GEN-2SN-08',
    brand: 'GEN',
    description: 'Two-wire braid hose, EN853 2SN',
    cost: 4.1,
    costUnit: 'ft',
    active: true,
    series: 'SN',
    dash: -8,
    workingPressurePsi: 4000,
    skive: false,
    createdAt: '2026-05-01T12:00:00.000Z',
    updatedAt: '2026-05-01T12:00:00.000Z',
  };
  const fetchHoses = (query = {}) => new QueryClient().fetchQuery(componentListQuery('hose', 'all', query));

  it('answers the page the server sends, asking with the query', async () => {
    const { fetchMock } = stubFetch({
      'GET /api/v1/organization/hoses': { body: { items: [hose], total: 41, page: 2 } },
    });
    const page = await fetchHoses({ page: '2', itemsPerPage: '25', q: '2SN', dash: undefined });
    expect(page).toEqual({ items: [hose], total: 41, page: 2 });
    expect(urlOf(fetchMock)).toBe('/api/v1/organization/hoses?page=2&itemsPerPage=25&q=2SN');
  });

  it('answers an empty page 1 when the call fails', async () => {
    stubFetch({
      'GET /api/v1/organization/hoses': {
        status: 500,
        body: { statusCode: 500, code: 'INTERNAL', message: 'Server trouble' },
      },
    });
    expect(await fetchHoses()).toEqual({ items: [], total: 0, page: 1 });
  });

  it('answers an empty page 1 when the server cannot be reached or answers something else', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    expect(await fetchHoses()).toEqual({ items: [], total: 0, page: 1 });
    stubFetch({ 'GET /api/v1/organization/hoses': { body: { unexpected: true } } });
    expect(await fetchHoses()).toEqual({ items: [], total: 0, page: 1 });
  });

  it('still throws a refused sign-in: the embedding page must hear of it', async () => {
    useSettingsStore.setState({ isApi: true, accessToken: 'api-token' });
    stubFetch({
      'GET /api/v1/organization/hoses': {
        status: 401,
        body: { statusCode: 401, code: 'UNAUTHENTICATED', message: 'Token expired' },
      },
    });
    await expect(fetchHoses()).rejects.toMatchObject({ status: 401 });
  });

  it('still throws when the request was cancelled, so a stale answer is not cached', async () => {
    const controller = new AbortController();
    controller.abort();
    const cancelled = Promise.reject(new DOMException('Aborted', 'AbortError'));
    await expect(orEmptyPage(cancelled, controller.signal)).rejects.toThrow('Aborted');
  });
});
