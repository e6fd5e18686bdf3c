import type { SearchResponse, SearchResult } from '@hosewright/domain';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearOrganizationSettings } from '@/lib/organization-settings';
import { storeAccessToken } from '@/lib/session';
import { renderWithProviders } from '@/test/render-app';
import { GlobalSearchMenu } from './global-search';

const hose = (n: number, extra: Partial<SearchResult> = {}): SearchResult => ({
  url: `hose/h-${n}`,
  objectType: 'hose',
  partNumber: `GEN-2SN-0${n}`,
  brand: 'GEN',
  description: `Two-wire hose ${n}`,
  ...extra,
});

interface Pending {
  text: string;
  resolve: (body: SearchResponse | { status: number }) => void;
}

/**
 * fetch for GET /api/v1/search whose answers the test releases one by one, in any order; the organisation's
 * revision delimiter (read once by the results) answers `delimiter` at once and is not counted as a search.
 */
function stubSearch({ delimiter = '_' }: { delimiter?: string } = {}) {
  const pending: Pending[] = [];
  const fetchMock = vi.fn((input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost:3000');
    if (url.pathname === '/api/v1/organization/revisiondelimiter') {
      return Promise.resolve(new Response(JSON.stringify(delimiter), { status: 200 }));
    }
    expect(url.pathname).toBe('/api/v1/search');
    expect(url.searchParams.get('itemsPerPage')).toBe('10');
    return new Promise<Response>((resolve) => {
      pending.push({
        text: url.searchParams.get('searchText') ?? '',
        resolve: (body) =>
          resolve(
            'status' in body
              ? new Response(JSON.stringify({ statusCode: 500, code: 'INTERNAL', message: 'boom' }), {
                  status: body.status,
                })
              : new Response(JSON.stringify(body), { status: 200 }),
          ),
      });
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  const searches = () =>
    fetchMock.mock.calls.filter(([input]) => String(input).startsWith('/api/v1/search')).length;
  return { pending, fetchMock, searches };
}

const flush = () =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(0);
  });
const wait = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });

function type(text: string) {
  fireEvent.change(screen.getByRole('combobox', { name: 'Search' }), { target: { value: text } });
}

async function answer(
  server: ReturnType<typeof stubSearch>,
  text: string,
  body: SearchResponse | { status: number },
) {
  const call = server.pending.find((p) => p.text === text);
  if (!call) throw new Error(`No search for "${text}" was sent`);
  call.resolve(body);
  await flush();
  await flush();
}

const popup = () => screen.getByTestId('search-popup');

beforeEach(() => {
  clearOrganizationSettings();
  vi.useFakeTimers();
  storeAccessToken('tok');
});
afterEach(() => vi.useRealTimers());

describe('global search menu', () => {
  it('is labelled Search, autofocused, and hidden while the text is empty', () => {
    stubSearch();
    renderWithProviders(<GlobalSearchMenu />);
    const field = screen.getByRole('combobox', { name: 'Search' });
    expect(document.activeElement).toBe(field);
    expect(screen.queryByTestId('search-popup')).toBeNull();
  });

  it('waits 200 ms after the last keystroke and sends one search', async () => {
    const server = stubSearch();
    renderWithProviders(<GlobalSearchMenu />);
    type('g');
    await wait(100);
    type('ge');
    await wait(100);
    type('gen');
    await wait(199);
    expect(server.searches()).toBe(0);
    await wait(1);
    await flush();
    expect(server.searches()).toBe(1);
    expect(server.pending.map((p) => p.text)).toEqual(['gen']);
  });

  it('ignores the answer for text that has since changed', async () => {
    const server = stubSearch();
    renderWithProviders(<GlobalSearchMenu />);
    type('2sn');
    await wait(200);
    type('2sn-04');
    await wait(200);
    await answer(server, '2sn-04', { items: [hose(4)], total: 1 });
    await answer(server, '2sn', { items: [hose(1), hose(2)], total: 2 });
    const links = within(popup()).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(['GEN-2SN-04 - GENTwo-wire hose 4']);
  });

  it('shows each url once, with the title, subtitle and icon of its type', async () => {
    const server = stubSearch();
    renderWithProviders(<GlobalSearchMenu />);
    type('acme');
    await wait(200);
    await answer(server, 'acme', {
      items: [
        { url: 'customer/c-1', objectType: 'customer', name: 'Acme Hydraulics', domain: 'acme.example' },
        { url: 'customer/c-1', objectType: 'customer', name: 'Acme Hydraulics', domain: 'acme.example' },
        {
          url: 'hosekit/k-1',
          objectType: 'hoseKit',
          partNumber: 'KIT-ACME',
          revision: 'B',
          description: 'Loader kit',
        },
        { url: 'mystery/m-1', objectType: 'mystery', name: 'Something new' },
      ],
      total: 4,
    });
    const links = within(popup()).getAllByRole('link');
    expect(links).toHaveLength(3);
    expect(links[0]!.getAttribute('href')).toBe('/customer/c-1');
    expect(within(links[0]!).getByText('Acme Hydraulics')).toBeTruthy();
    expect(within(links[0]!).getByText('acme.example')).toBeTruthy();
    expect(links[0]!.querySelector('[data-type-icon]')?.getAttribute('data-type-icon')).toBe('customer');
    expect(within(links[1]!).getByText('KIT-ACME_B')).toBeTruthy();
    expect(within(links[1]!).getByText('Loader kit')).toBeTruthy();
    expect(links[2]!.querySelector('[data-type-icon]')?.getAttribute('data-type-icon')).toBe('bolt');
    expect(within(popup()).queryByText('See more...')).toBeNull();
  });

  it('titles kits with the revision delimiter the organisation set, assemblies by part number', async () => {
    const server = stubSearch({ delimiter: '.' });
    renderWithProviders(<GlobalSearchMenu />);
    type('c-000');
    await wait(200);
    await answer(server, 'c-000', {
      items: [
        { url: 'hoseassembly/a-1', objectType: 'hoseAssembly', partNumber: 'C-00042', revision: 'B' },
        { url: 'hosekit/k-1', objectType: 'hoseKit', partNumber: 'KIT-ACME', revision: 'C' },
      ],
      total: 2,
    });
    const links = within(popup()).getAllByRole('link');
    expect(within(links[0]!).getByText('C-00042')).toBeTruthy();
    expect(within(links[1]!).getByText('KIT-ACME.C')).toBeTruthy();
    expect(within(popup()).queryByText('KIT-ACME_C')).toBeNull();
  });

  it("offers 'See more...' at 10 or more results, linking to /search?q=", async () => {
    const server = stubSearch();
    renderWithProviders(<GlobalSearchMenu />);
    type('gen 2sn');
    await wait(200);
    await answer(server, 'gen 2sn', { items: [1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => hose(n)), total: 10 });
    const seeMore = within(popup()).getByRole('link', { name: /See more\.\.\./ });
    expect(seeMore.getAttribute('href')).toBe('/search?q=gen+2sn');

    type('gen 2s');
    await wait(200);
    await answer(server, 'gen 2s', { items: [1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => hose(n)), total: 9 });
    expect(within(popup()).queryByText('See more...')).toBeNull();
  });

  it("shows 'No results found' on 0 results and on a failure, until real results arrive", async () => {
    const server = stubSearch();
    renderWithProviders(<GlobalSearchMenu />);
    type('zzz');
    await wait(200);
    await answer(server, 'zzz', { items: [], total: 0 });
    const none = within(popup()).getByRole('link', { name: 'No results found' });
    expect(none.getAttribute('href')).toBe('/search?q=zzz');

    type('zzzz');
    await wait(200);
    await answer(server, 'zzzz', { status: 500 });
    expect(within(popup()).getByRole('link', { name: 'No results found' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();

    type('gen');
    await wait(200);
    await answer(server, 'gen', { items: [hose(1)], total: 1 });
    expect(within(popup()).queryByText('No results found')).toBeNull();
    expect(within(popup()).getByRole('link', { name: /GEN-2SN-01 - GEN/ })).toBeTruthy();
  });

  it('clears the text 1000 ms after a result is clicked and emits clickedLink', async () => {
    const server = stubSearch();
    const onClickedLink = vi.fn();
    renderWithProviders(<GlobalSearchMenu onClickedLink={onClickedLink} />);
    type('gen');
    await wait(200);
    await answer(server, 'gen', { items: [hose(1)], total: 1 });
    fireEvent.click(within(popup()).getByRole('link', { name: /GEN-2SN-01/ }));
    const field = screen.getByRole('combobox', { name: 'Search' }) as HTMLInputElement;
    await wait(999);
    expect(field.value).toBe('gen');
    expect(onClickedLink).not.toHaveBeenCalled();
    await wait(1);
    expect(field.value).toBe('');
    expect(onClickedLink).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('search-popup')).toBeNull();
  });

  it('closes when the text is emptied with the clear button', async () => {
    const server = stubSearch();
    renderWithProviders(<GlobalSearchMenu />);
    type('gen');
    await wait(200);
    await answer(server, 'gen', { items: [hose(1)], total: 1 });
    expect(popup()).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(screen.queryByTestId('search-popup')).toBeNull();
    expect((screen.getByRole('combobox', { name: 'Search' }) as HTMLInputElement).value).toBe('');
  });
});

describe('global search menu keyboard', () => {
  it('Enter opens /search?q= with the text, and the field clears after 1000 ms', async () => {
    stubSearch();
    const { router } = renderWithProviders(<GlobalSearchMenu />);
    type('gen 2sn');
    const field = screen.getByRole('combobox', { name: 'Search' }) as HTMLInputElement;
    fireEvent.keyDown(field, { key: 'Enter' });
    await flush();
    expect(router.state.location.pathname).toBe('/search');
    expect(router.state.location.search).toBe('?q=gen+2sn');
    await wait(1000);
    expect(field.value).toBe('');
  });
});
