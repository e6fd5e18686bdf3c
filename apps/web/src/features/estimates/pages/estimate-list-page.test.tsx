import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { signedInDouble } from '@/test/auth-double';
import { stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';
import { createSummary, ESTIMATE_ID, listOf, professional } from '../test-factories';

const lastQuery = (fetchMock: { mock: { calls: unknown[][] } }) =>
  Object.fromEntries(
    fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost:3000'))
      .filter((url) => url.pathname === '/api/v1/salesestimates')
      .at(-1)?.searchParams ?? [],
  );

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
    _id: 'se-2',
    number: 'SE-00013',
    revision: 1,
    status: 'draft',
    customer: { _id: 'c-2', name: 'Lacombe Farms' },
    description: 'Combine header',
    validUntil: null,
    total: 98765,
  }),
];

describe('/salesestimates', { timeout: 30_000 }, () => {
  it('shows each estimate with its revision, customer, dates, status and total, newest first', async () => {
    const { fetchMock } = stubFetch({
      ...professional(),
      'GET /api/v1/salesestimates': { body: listOf(rows()) },
    });
    renderApp('/salesestimates', signedInDouble());
    const grid = await screen.findByRole('grid', { name: 'Sales estimates' });
    const first = (await within(grid).findByText('SE-00012 rev 2')).closest('[role="row"]') as HTMLElement;
    expect(within(first).getByText('Red Deer Excavating')).toBeTruthy();
    expect(within(first).getByText('Loader boom hoses')).toBeTruthy();
    expect(within(first).getByText('Nov 2, 2026')).toBeTruthy();
    expect(within(first).getByText('Dec 2, 2026')).toBeTruthy();
    expect(within(first).getByText('Sent')).toBeTruthy();
    expect(within(first).getByText('$152.25')).toBeTruthy();
    const second = within(grid).getByText('SE-00013').closest('[role="row"]') as HTMLElement;
    expect(within(second).getByText('Draft')).toBeTruthy();
    expect(within(second).getByText('$987.65')).toBeTruthy();
    expect(lastQuery(fetchMock)).toEqual({ page: '1', itemsPerPage: '25', sort: 'createdAt', order: 'desc' });
    expect(screen.getAllByRole('link', { name: 'New estimate' })[0]?.getAttribute('href')).toBe(
      '/salesestimates/new',
    );
  });

  it('filters by status and searches through the server, and opens an estimate from its row', async () => {
    const { fetchMock } = stubFetch({
      ...professional(),
      'GET /api/v1/salesestimates': { body: listOf(rows()) },
    });
    const { router } = renderApp('/salesestimates', signedInDouble());
    await screen.findByRole('grid', { name: 'Sales estimates' });
    const statuses = screen.getByRole('group', { name: 'Status' });
    await userEvent.click(within(statuses).getByRole('button', { name: 'Accepted' }));
    await waitFor(() => expect(lastQuery(fetchMock)).toMatchObject({ status: 'accepted' }));
    expect(router.state.location.search).toBe('?status=accepted');
    expect(within(statuses).getByRole('button', { name: 'Accepted' }).getAttribute('aria-pressed')).toBe(
      'true',
    );

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search estimates' }), {
      target: { value: 'loader' },
    });
    await waitFor(() => expect(lastQuery(fetchMock)).toMatchObject({ q: 'loader', status: 'accepted' }));

    await userEvent.click(within(statuses).getByRole('button', { name: 'All' }));
    await waitFor(() => expect(lastQuery(fetchMock).status).toBeUndefined());

    fireEvent.click(within(screen.getByRole('grid')).getByText('SE-00013'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/salesestimate/se-2'));
  });

  it('says what an estimate is when there are none, with a way to make one', async () => {
    stubFetch({ ...professional(), 'GET /api/v1/salesestimates': { body: listOf([]) } });
    renderApp('/salesestimates', signedInDouble());
    expect(await screen.findByText('No sales estimates yet')).toBeTruthy();
    const status = screen.getByRole('status');
    expect(within(status).getByRole('link', { name: 'New estimate' }).getAttribute('href')).toBe(
      '/salesestimates/new',
    );
  });

  it('shows a card per estimate on a phone, without the grid', async () => {
    onAPhone();
    stubFetch({ ...professional(), 'GET /api/v1/salesestimates': { body: listOf(rows()) } });
    renderApp('/salesestimates', signedInDouble());
    const cards = await screen.findByRole('list', { name: 'Sales estimates' });
    expect(screen.queryByRole('grid')).toBeNull();
    const card = await within(cards).findByRole('link', { name: /SE-00012 rev 2/ });
    expect(card.getAttribute('href')).toBe(`/salesestimate/${ESTIMATE_ID}`);
    expect(within(card).getByText('Sent')).toBeTruthy();
    expect(within(card).getByText('Red Deer Excavating · Loader boom hoses')).toBeTruthy();
    expect(within(card).getByText('$152.25')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toBeTruthy();
  });
});
