import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { signedInDouble } from '@/test/auth-double';
import { createSessionProfile } from '@/test/factories';
import { stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';
import { createPriceListSummary, LIST_ID, queriesOf } from '../test-factories';

const admin = {
  'POST /api/v1/sessions/create': {
    body: createSessionProfile({ userRoles: ['admin'], subscription: 'enterprise' }),
  },
};

const lists = [
  createPriceListSummary(),
  createPriceListSummary({
    _id: 'pl-2',
    name: 'Mining USD',
    currency: 'USD',
    inForce: null,
    draft: null,
    customerCount: 0,
  }),
];

describe('/pricelists', { timeout: 30_000 }, () => {
  it('shows each list with its currency, the version in force, a draft to review and its customers', async () => {
    const { fetchMock } = stubFetch({
      ...admin,
      'GET /api/v1/pricelists': { body: { items: lists, total: 2, page: 1 } },
      [`GET /api/v1/pricelist/${LIST_ID}`]: { status: 404, body: { code: 'NOT_FOUND', message: 'gone' } },
    });
    const { router } = renderApp('/pricelists', signedInDouble());
    const grid = await screen.findByRole('grid', { name: 'Price lists' });
    const fleet = (await within(grid).findByText('Fleet 2027')).closest('[role="row"]') as HTMLElement;
    expect(within(fleet).getByText('CAD')).toBeTruthy();
    expect(within(fleet).getByText('Since Nov 1, 2026 · 120 items')).toBeTruthy();
    expect(within(fleet).getByText('Draft ready to review')).toBeTruthy();
    expect(within(fleet).getByText('3')).toBeTruthy();
    const mining = within(grid).getByText('Mining USD').closest('[role="row"]') as HTMLElement;
    expect(within(mining).getByText('None in force yet')).toBeTruthy();
    expect(within(mining).queryByText('Draft ready to review')).toBeNull();

    expect(Object.fromEntries(queriesOf(fetchMock, '/api/v1/pricelists')[0] ?? [])).toEqual({
      page: '1',
      itemsPerPage: '25',
      sort: 'name',
      order: 'asc',
    });
    expect(screen.getByRole('link', { name: 'New price list' }).getAttribute('href')).toBe('/pricelists/new');
    expect(screen.getByRole('link', { name: 'Import price lists' }).getAttribute('href')).toBe(
      '/pricelists/import',
    );
    fireEvent.click(within(grid).getByText('Fleet 2027'));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/pricelist/${LIST_ID}`));
  });

  it('explains what a price list does when there is none', async () => {
    stubFetch({ ...admin, 'GET /api/v1/pricelists': { body: { items: [], total: 0, page: 1 } } });
    renderApp('/pricelists', signedInDouble());
    expect(await screen.findByText('No price lists yet')).toBeTruthy();
    const status = screen.getByRole('status');
    expect(within(status).getByText(/Prices change in dated versions/)).toBeTruthy();
    expect(within(status).getByRole('link', { name: 'New price list' })).toBeTruthy();
    expect(within(status).getByRole('link', { name: 'Import price lists' })).toBeTruthy();
  });

  it('shows a card per list on a phone, linking to it', async () => {
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
    stubFetch({ ...admin, 'GET /api/v1/pricelists': { body: { items: lists, total: 2, page: 1 } } });
    renderApp('/pricelists', signedInDouble());
    const cards = await screen.findByRole('list', { name: 'Price lists' });
    expect(screen.queryByRole('grid')).toBeNull();
    const fleet = await within(cards).findByRole('link', { name: /Fleet 2027 · CAD/ });
    expect(fleet.getAttribute('href')).toBe(`/pricelist/${LIST_ID}`);
    expect(within(fleet).getByText('Draft ready to review')).toBeTruthy();
    expect(within(fleet).getByText('Since Nov 1, 2026 · 120 items · 3 customers')).toBeTruthy();
    const mining = within(cards).getByRole('link', { name: /Mining USD · USD/ });
    expect(within(mining).getByText('None in force yet · 0 customers')).toBeTruthy();
  });
});
