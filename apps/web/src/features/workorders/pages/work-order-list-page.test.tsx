import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { signedInDouble } from '@/test/auth-double';
import { stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';
import { createSummary, listOf, professional } from '../test-factories';

/** The query of every call `fetch` got for `path`, in order. */
function queriesOf(fetchMock: { mock: { calls: unknown[][] } }, path: string): URLSearchParams[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost:3000'))
    .filter((url) => url.pathname === path)
    .map((url) => url.searchParams);
}

const lastQuery = (fetchMock: { mock: { calls: unknown[][] } }) =>
  Object.fromEntries(queriesOf(fetchMock, '/api/v1/workorders').at(-1) ?? []);

/** A 390 px wide screen: only the xs media query matches. */
function onAPhone() {
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
}

const rows = () => [
  createSummary(),
  createSummary({
    _id: 'wo-2',
    number: 'WO-00043',
    status: 'draft',
    priority: 'normal',
    customer: null,
    dueDate: '2099-01-15',
    unitCount: 2,
    unitsReady: 0,
    firstAssembly: 'HA-0002_B',
    moreLines: 0,
  }),
];

describe('/workorders', { timeout: 30_000 }, () => {
  it('shows the open work orders with status, priority, customer, assemblies, units ready and an overdue date', async () => {
    const { fetchMock } = stubFetch({
      ...professional(),
      'GET /api/v1/workorders': { body: listOf(rows()) },
    });
    renderApp('/workorders', signedInDouble());

    const grid = await screen.findByRole('grid', { name: 'Work orders' });
    const first = (await within(grid).findByText('WO-00042')).closest('[role="row"]') as HTMLElement;
    expect(within(first).getByText('Released')).toBeTruthy();
    expect(within(first).getByText('Urgent priority')).toBeTruthy();
    expect(within(first).getByText('Red Deer Excavating')).toBeTruthy();
    expect(within(first).getByText('HA-0001_A and 2 more')).toBeTruthy();
    expect(within(first).getByText('1 / 4')).toBeTruthy();
    expect(
      within(first).getByRole('progressbar', { name: '1 of 4 units ready' }).getAttribute('aria-valuenow'),
    ).toBe('25');
    // Due long ago and still open: overdue, in red.
    const due = within(first).getByText(/overdue/);
    expect(due.textContent).toBe('Dec 1, 2020 · overdue');
    expect(due.getAttribute('data-overdue')).toBe('true');

    const second = within(grid).getByText('WO-00043').closest('[role="row"]') as HTMLElement;
    expect(within(second).getByText('Draft')).toBeTruthy();
    expect(within(second).getByText('Normal')).toBeTruthy();
    expect(within(second).getByText('HA-0002_B')).toBeTruthy();
    expect(within(second).queryByText(/overdue/)).toBeNull();
    expect(within(second).getByText('Jan 15, 2099')).toBeTruthy();

    // Open work by default, newest first.
    expect(lastQuery(fetchMock)).toEqual({
      page: '1',
      itemsPerPage: '25',
      sort: 'createdAt',
      order: 'desc',
      open: 'true',
    });
    expect(screen.getByRole('link', { name: 'New work order' }).getAttribute('href')).toBe('/workorders/new');
  });

  it('searches and filters by status through the URL and the server, and opens a work order from its row', async () => {
    const { fetchMock } = stubFetch({
      ...professional(),
      'GET /api/v1/workorders': { body: listOf(rows()) },
      'GET /api/v1/workorder/wo-1': {
        status: 404,
        body: { statusCode: 404, code: 'NOT_FOUND', message: 'x' },
      },
    });
    const { router } = renderApp('/workorders', signedInDouble());
    await screen.findByRole('grid', { name: 'Work orders' });

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search work orders' }), {
      target: { value: 'loader' },
    });
    await waitFor(() => expect(router.state.location.search).toBe('?q=loader'));
    await waitFor(() => expect(lastQuery(fetchMock)).toMatchObject({ q: 'loader', open: 'true' }));

    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Completed' }));
    await waitFor(() => expect(lastQuery(fetchMock)).toMatchObject({ q: 'loader', status: 'completed' }));
    expect(lastQuery(fetchMock).open).toBeUndefined();

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'All work orders' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=loader&status=all'));
    await waitFor(() => {
      const query = lastQuery(fetchMock);
      expect(query.status).toBeUndefined();
      expect(query.open).toBeUndefined();
    });

    // Sorting by due date goes to the server too.
    await user.click(within(screen.getByRole('grid')).getByText('Due date'));
    await waitFor(() => expect(lastQuery(fetchMock)).toMatchObject({ sort: 'dueDate', order: 'asc' }));

    fireEvent.click(within(screen.getByRole('grid')).getByText('WO-00043'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/workorder/wo-2'));
  });

  it('says what a work order is when there are none, and offers every status when a filter finds none', async () => {
    stubFetch({ ...professional(), 'GET /api/v1/workorders': { body: listOf([]) } });
    const first = renderApp('/workorders', signedInDouble());
    expect(await screen.findByText('No work orders yet')).toBeTruthy();
    const status = screen.getByRole('status');
    expect(within(status).getByText(/A work order tells the shop floor what to build/)).toBeTruthy();
    expect(within(status).getByRole('link', { name: 'New work order' }).getAttribute('href')).toBe(
      '/workorders/new',
    );
    first.unmount();

    const { router } = renderApp('/workorders?status=cancelled', signedInDouble());
    expect(await screen.findByText('No work order matches')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Show all work orders' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=all'));
  });

  it('shows the server’s reason when the list cannot be read, and tries again', async () => {
    let fails = true;
    stubFetch({
      ...professional(),
      'GET /api/v1/workorders': () =>
        fails
          ? {
              status: 500,
              body: { statusCode: 500, code: 'INTERNAL', message: 'The database is restarting.' },
            }
          : { body: listOf(rows()) },
    });
    renderApp('/workorders', signedInDouble());
    expect(
      await screen.findByText(/The work orders could not be loaded. The database is restarting./),
    ).toBeTruthy();
    fails = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('grid', { name: 'Work orders' })).toBeTruthy();
  });

  it('shows a card per work order on a phone, with its status, customer, due date and units ready', async () => {
    onAPhone();
    stubFetch({ ...professional(), 'GET /api/v1/workorders': { body: listOf(rows()) } });
    renderApp('/workorders', signedInDouble());
    const cards = await screen.findByRole('list', { name: 'Work orders' });
    expect(screen.queryByRole('grid')).toBeNull();
    const card = await within(cards).findByRole('link', { name: /WO-00042/ });
    expect(card.getAttribute('href')).toBe('/workorder/wo-1');
    expect(within(card).getByText('Released')).toBeTruthy();
    expect(within(card).getByText('Red Deer Excavating · HA-0001_A and 2 more')).toBeTruthy();
    expect(within(card).getByText('Dec 1, 2020 · overdue')).toBeTruthy();
    expect(within(card).getByRole('progressbar', { name: '1 of 4 units ready' })).toBeTruthy();
    // Sorting is offered above the cards.
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toBeTruthy();
  });
});
