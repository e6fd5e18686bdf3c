import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signedInDouble } from '@/test/auth-double';
import { createCustomer, createSessionProfile } from '@/test/factories';
import { stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';
import { queriesOf } from '../test-factories';

const regular = {
  'POST /api/v1/sessions/create': { body: createSessionProfile({ userRoles: ['regular'] }) },
};
const admin = { 'POST /api/v1/sessions/create': { body: createSessionProfile({ userRoles: ['admin'] }) } };

describe('/customers', { timeout: 30_000 }, () => {
  it('asks the server for the page, sort and search of the URL and shows the customers', async () => {
    const { fetchMock } = stubFetch({
      ...admin,
      'GET /api/v1/customers': {
        body: {
          items: [
            createCustomer(),
            createCustomer({
              _id: 'cust-2',
              name: 'Bow River Cranes',
              active: false,
              accountNumber: 'BRC-7',
            }),
          ],
          total: 2,
          page: 1,
        },
      },
    });
    const { router } = renderApp('/customers?sort=accountNumber&order=desc', signedInDouble());

    const grid = await screen.findByRole('grid', { name: 'Customers' });
    expect(await within(grid).findByText('Red Deer Excavating')).toBeTruthy();
    expect(within(grid).getByText('Bow River Cranes')).toBeTruthy();
    expect(within(grid).getByText('Inactive')).toBeTruthy();
    expect(within(grid).getAllByText('Pat Buyer')).toHaveLength(2);
    expect(Object.fromEntries(queriesOf(fetchMock, '/api/v1/customers')[0] ?? [])).toEqual({
      page: '1',
      itemsPerPage: '25',
      sort: 'accountNumber',
      order: 'desc',
    });
    expect(screen.getByRole('link', { name: 'New customer' }).getAttribute('href')).toBe('/customers/new');
    expect(screen.getByRole('link', { name: 'Import customers' }).getAttribute('href')).toBe(
      '/customers/import',
    );

    // Typing a search writes it to the URL and asks again from page 1.
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search customers' }), {
      target: { value: 'bow' },
    });
    await waitFor(() => expect(router.state.location.search).toBe('?sort=accountNumber&order=desc&q=bow'));
    await waitFor(() => expect(queriesOf(fetchMock, '/api/v1/customers').at(-1)?.get('q')).toBe('bow'));
  });

  it('opens a customer from its row', async () => {
    stubFetch({
      ...regular,
      'GET /api/v1/customers': { body: { items: [createCustomer()], total: 1, page: 1 } },
      'GET /api/v1/customer/cust-1': { body: createCustomer() },
    });
    const { router } = renderApp('/customers', signedInDouble());
    const grid = await screen.findByRole('grid', { name: 'Customers' });
    fireEvent.click(await within(grid).findByText('Red Deer Excavating'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/customer/cust-1'));
    // Regular members add customers but do not import them.
    expect(screen.queryByRole('link', { name: 'Import customers' })).toBeNull();
  });

  it('says what to do when there are no customers, and when a search finds none', async () => {
    stubFetch({ ...regular, 'GET /api/v1/customers': { body: { items: [], total: 0, page: 1 } } });
    const first = renderApp('/customers', signedInDouble());
    expect(await screen.findByText('No customers yet')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'New customer' }).length).toBe(2);
    first.unmount();

    renderApp('/customers?q=zzz', signedInDouble());
    expect(await screen.findByText('No customer matches')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Clear the search' })).toBeTruthy();
  });
});
