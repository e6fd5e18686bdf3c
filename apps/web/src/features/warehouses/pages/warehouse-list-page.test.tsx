import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { signedInDouble } from '@/test/auth-double';
import { createSessionProfile } from '@/test/factories';
import { stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';
import { createVan, createWarehouse, queriesOf } from '../test-factories';

const session = (userRoles: ('admin' | 'regular')[]) => ({
  'POST /api/v1/sessions/create': {
    body: createSessionProfile({ userRoles, subscription: 'professional' }),
  },
  'GET /api/v1/organization/currencies': { body: { baseCurrency: 'CAD', currencies: [] } },
});

describe('/warehouses', { timeout: 30_000 }, () => {
  it('asks for the page, sort and search of the URL and shows each warehouse with what it holds', async () => {
    const { fetchMock } = stubFetch({
      ...session(['admin']),
      'GET /api/v1/warehouses': {
        body: { items: [createWarehouse(), createVan({ active: false })], total: 2, page: 1 },
      },
    });
    const { router } = renderApp('/warehouses?sort=name&order=desc', signedInDouble());

    const grid = await screen.findByRole('grid', { name: 'Warehouses' });
    const main = (await within(grid).findByText('Red Deer shop')).closest('[role="row"]') as HTMLElement;
    expect(within(main).getByText('MAIN')).toBeTruthy();
    expect(within(main).getByText('Default')).toBeTruthy();
    expect(within(main).getByText('Central Alberta')).toBeTruthy();
    expect(within(main).getByText('12')).toBeTruthy();
    // Stock value at cost in the base currency.
    await waitFor(() => expect(within(main).getByText('$1,234.50')).toBeTruthy());
    expect(within(main).getByTitle('Warehouse')).toBeTruthy();
    const van = within(grid).getByText('Service van 2').closest('[role="row"]') as HTMLElement;
    expect(within(van).getByTitle('Van')).toBeTruthy();
    expect(within(van).getByText('Inactive')).toBeTruthy();
    expect(within(van).queryByText('Default')).toBeNull();

    expect(Object.fromEntries(queriesOf(fetchMock, '/api/v1/warehouses')[0] ?? [])).toEqual({
      page: '1',
      itemsPerPage: '25',
      sort: 'name',
      order: 'desc',
    });
    expect(screen.getByRole('link', { name: 'New warehouse' }).getAttribute('href')).toBe('/warehouses/new');
    expect(screen.getByRole('link', { name: 'Import warehouses' }).getAttribute('href')).toBe(
      '/warehouses/import',
    );

    // A search goes to the URL and to the server; so does the active filter.
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search warehouses' }), {
      target: { value: 'van' },
    });
    await waitFor(() => expect(router.state.location.search).toBe('?sort=name&order=desc&q=van'));
    await waitFor(() => expect(queriesOf(fetchMock, '/api/v1/warehouses').at(-1)?.get('q')).toBe('van'));
  });

  it('opens a warehouse from its row; a regular member gets no import', async () => {
    stubFetch({
      ...session(['regular']),
      'GET /api/v1/warehouses': { body: { items: [createWarehouse()], total: 1, page: 1 } },
      'GET /api/v1/warehouse/wh-1': { body: createWarehouse() },
    });
    const { router } = renderApp('/warehouses', signedInDouble());
    const grid = await screen.findByRole('grid', { name: 'Warehouses' });
    expect(screen.queryByRole('link', { name: 'Import warehouses' })).toBeNull();
    fireEvent.click(await within(grid).findByText('Red Deer shop'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/warehouse/wh-1'));
  });

  it('says what to do when there are no warehouses, and when a search finds none', async () => {
    stubFetch({
      ...session(['regular']),
      'GET /api/v1/warehouses': { body: { items: [], total: 0, page: 1 } },
    });
    const first = renderApp('/warehouses', signedInDouble());
    expect(await screen.findByText('No warehouses yet')).toBeTruthy();
    const status = screen.getByRole('status');
    expect(within(status).getByRole('link', { name: 'New warehouse' }).getAttribute('href')).toBe(
      '/warehouses/new',
    );
    first.unmount();

    renderApp('/warehouses?q=zzz', signedInDouble());
    expect(await screen.findByText('No warehouse matches')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Clear the search' })).toBeTruthy();
  });

  it('shows a card per warehouse on a phone, with its picture, what it holds and a link to it', async () => {
    // A 390 px wide screen: only the xs media query matches.
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('max-width:599.95px'),
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }));
    stubFetch({
      ...session(['regular']),
      'GET /api/v1/warehouses': { body: { items: [createWarehouse(), createVan()], total: 2, page: 1 } },
    });
    renderApp('/warehouses', signedInDouble());
    const cards = await screen.findByRole('list', { name: 'Warehouses' });
    expect(screen.queryByRole('grid')).toBeNull();
    const van = await within(cards).findByRole('link', { name: /VAN-2 · Service van 2/ });
    expect(van.getAttribute('href')).toBe('/warehouse/wh-2');
    expect(within(van).getByTitle('Van')).toBeTruthy();
    expect(within(van).getByText('1 location · 0 stock lines · $0')).toBeTruthy();
    const main = within(cards).getByRole('link', { name: /MAIN · Red Deer shop/ });
    expect(within(main).getByText('Default')).toBeTruthy();
    await waitFor(() =>
      expect(within(main).getByText('2 locations · 12 stock lines · $1,234.50')).toBeTruthy(),
    );
  });
});
