import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { signedInDouble } from '@/test/auth-double';
import { createSessionProfile } from '@/test/factories';
import { stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';
import { createHose, ORG, queriesOf } from '../test-factories';

const admin = { 'POST /api/v1/sessions/create': { body: createSessionProfile({ userRoles: ['admin'] }) } };

const hoses = [
  createHose(),
  createHose({
    _id: 'hose-2',
    partNumber: 'GEN-2SN-12',
    dash: -12,
    workingPressurePsi: 3100,
    origin: 'catalogue',
    sample: true,
  }),
];

// The grid and the lazy page are heavy to transform on a first, parallel run.
describe('/components/{itemType}: server-side list with its state in the URL', { timeout: 30_000 }, () => {
  it('sends the filters, sort and page of the URL to the server and shows the rows with units', async () => {
    const { fetchMock } = stubFetch({
      ...admin,
      [`GET ${ORG}/hoses`]: { body: { items: hoses, total: 60, page: 2 } },
      [`GET ${ORG}/couplingseriesdetails`]: { body: [] },
    });
    renderApp('/components/hose?dash=-8,-12&sort=workingPressurePsi&order=desc&page=2', signedInDouble());

    const grid = await screen.findByRole('grid', { name: 'Hoses' });
    expect(await within(grid).findByText('GEN-2SN-12')).toBeTruthy();
    expect(within(grid).getAllByText('276 bar').length).toBeGreaterThan(0);
    expect(within(grid).getAllByText('-8 (1/2")').length).toBeGreaterThan(0);
    expect(within(grid).getAllByText('4.10 / ft').length).toBeGreaterThan(0);
    expect(within(grid).getAllByText('-40 to 100 °C').length).toBeGreaterThan(0);

    const [query] = queriesOf(fetchMock, `${ORG}/hoses`);
    expect(Object.fromEntries(query ?? [])).toEqual({
      page: '2',
      itemsPerPage: '25',
      sort: 'workingPressurePsi',
      order: 'desc',
      dash: '-8,-12',
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Hoses' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /New hose/ }).getAttribute('href')).toBe('/hose/new');
  });

  it('writes a search, a filter and a sort to the URL, back to page 1, and asks again', async () => {
    const { fetchMock } = stubFetch({
      ...admin,
      [`GET ${ORG}/hoses`]: { body: { items: hoses, total: 60, page: 1 } },
      [`GET ${ORG}/couplingseriesdetails`]: {
        body: [
          {
            _id: 's1',
            code: 'SN',
            brand: 'GEN',
            description: '',
            skive: false,
            origin: 'catalogue',
            hoses: 2,
            crimpFittings: 3,
            ferrules: 1,
          },
        ],
      },
    });
    const { router } = renderApp('/components/hose?page=3', signedInDouble());
    const grid = await screen.findByRole('grid', { name: 'Hoses' });
    await within(grid).findByText('GEN-2SN-08');

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: '2SN' } });
    await waitFor(() => expect(router.state.location.search).toBe('?q=2SN'));
    await waitFor(() => expect(queriesOf(fetchMock, `${ORG}/hoses`).at(-1)?.get('q')).toBe('2SN'));
    expect(queriesOf(fetchMock, `${ORG}/hoses`).at(-1)?.get('page')).toBe('1');

    await userEvent.click(screen.getByRole('combobox', { name: 'Skive' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Not skived' }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('skive')).toBe('false'));
    await waitFor(() => expect(queriesOf(fetchMock, `${ORG}/hoses`).at(-1)?.get('skive')).toBe('false'));

    await userEvent.click(within(grid).getByRole('columnheader', { name: /Working pressure/ }));
    await waitFor(() => {
      const params = new URLSearchParams(router.state.location.search);
      expect(params.get('sort')).toBe('workingPressurePsi');
      expect(params.get('order')).toBe('asc');
    });
    await waitFor(() => {
      const last = queriesOf(fetchMock, `${ORG}/hoses`).at(-1);
      expect(last?.get('sort')).toBe('workingPressurePsi');
      expect(last?.get('q')).toBe('2SN');
      expect(last?.get('skive')).toBe('false');
    });

    await userEvent.click(screen.getByRole('button', { name: /next page/i }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('page')).toBe('2'));
    await waitFor(() => expect(queriesOf(fetchMock, `${ORG}/hoses`).at(-1)?.get('page')).toBe('2'));
  });

  it('lists only custom items at /components/{itemType}/custom, keeping the filters across sources', async () => {
    const { fetchMock } = stubFetch({
      ...admin,
      [`GET ${ORG}/hoses`]: { body: { items: hoses, total: 2, page: 1 } },
      [`GET ${ORG}/customhoses`]: { body: { items: [hoses[0]], total: 1, page: 1 } },
      [`GET ${ORG}/couplingseriesdetails`]: { body: [] },
    });
    const { router } = renderApp('/components/hose?dash=-8&page=2', signedInDouble());
    await screen.findByRole('grid', { name: 'Hoses' });
    const customTab = screen.getByRole('tab', { name: 'Custom' });
    expect(customTab.getAttribute('href')).toBe('/components/hose/custom?dash=-8');
    await userEvent.click(customTab);
    await waitFor(() => expect(router.state.location.pathname).toBe('/components/hose/custom'));
    await waitFor(() => expect(queriesOf(fetchMock, `${ORG}/customhoses`).at(-1)?.get('dash')).toBe('-8'));

    await userEvent.click(screen.getByRole('tab', { name: 'Catalogue' }));
    await waitFor(() => expect(queriesOf(fetchMock, `${ORG}/hoses`).at(-1)?.get('origin')).toBe('catalogue'));
  });

  it('opens the detail page when a row is clicked', async () => {
    stubFetch({
      ...admin,
      [`GET ${ORG}/hoses`]: { body: { items: hoses, total: 2, page: 1 } },
      [`GET ${ORG}/couplingseriesdetails`]: { body: [] },
    });
    const { router } = renderApp('/components/hose', signedInDouble());
    const grid = await screen.findByRole('grid', { name: 'Hoses' });
    const [cell] = await within(grid).findAllByText('Two-wire braid hose, EN853 2SN');
    await userEvent.click(cell!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/hose/hose-1'));
  });

  it('says what to do when there are no items, and when the filters match nothing', async () => {
    stubFetch({
      ...admin,
      [`GET ${ORG}/hoses`]: { body: { items: [], total: 0, page: 1 } },
      [`GET ${ORG}/couplingseriesdetails`]: { body: [] },
    });
    const { router } = renderApp('/components/hose', signedInDouble());
    expect(await screen.findByRole('heading', { name: 'No hoses yet' })).toBeTruthy();
    expect(screen.getByText(/import a catalogue file, or load the sample catalogue/)).toBeTruthy();

    await router.navigate('/components/hose?dash=-32');
    expect(await screen.findByRole('heading', { name: 'Nothing matches these filters' })).toBeTruthy();
    const empty = screen
      .getByRole('heading', { name: 'Nothing matches these filters' })
      .closest('[role="status"]');
    await userEvent.click(within(empty as HTMLElement).getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('shows cards instead of the grid on a phone, with the same URL state', async () => {
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
    const { fetchMock } = stubFetch({
      ...admin,
      [`GET ${ORG}/hoses`]: { body: { items: hoses, total: 60, page: 1 } },
      [`GET ${ORG}/couplingseriesdetails`]: { body: [] },
    });
    const { router } = renderApp('/components/hose?sort=dash', signedInDouble());
    const cards = await screen.findByRole('list', { name: 'Hoses' });
    expect(screen.queryByRole('grid')).toBeNull();
    const link = await within(cards).findByRole('link', { name: /GEN-2SN-08 - GEN/ });
    expect(link.getAttribute('href')).toBe('/hose/hose-1');
    expect(within(link).getByText('-8 (1/2") · SN · 276 bar · 4.10 / ft')).toBeTruthy();
    expect(screen.getByText('1–25 of 60')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Go to page 2' }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=dash&page=2'));
    await waitFor(() => expect(queriesOf(fetchMock, `${ORG}/hoses`).at(-1)?.get('page')).toBe('2'));
    expect(queriesOf(fetchMock, `${ORG}/hoses`).at(-1)?.get('sort')).toBe('dash');

    // The filters fold away behind one button.
    const filters = screen.getByRole('button', { name: /Filters/ });
    expect(filters.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(filters);
    expect(filters.getAttribute('aria-expanded')).toBe('true');
  });

  it('answers an unknown kind plainly', async () => {
    stubFetch(admin);
    renderApp('/components/widgets', signedInDouble());
    expect(await screen.findByText(/There is no component list at \/components\/widgets\./)).toBeTruthy();
  });
});
