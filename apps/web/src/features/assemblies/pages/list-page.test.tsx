import type { HoseAssemblyListItem } from '@hosewright/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signedInDouble } from '@/test/auth-double';
import { createCustomer, createSessionProfile } from '@/test/factories';
import { stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';

const row: HoseAssemblyListItem = {
  _id: 'asm-1',
  partNumber: 'HA-0001',
  revision: 'B',
  title: 'HA-0001_B',
  description: 'Boom cylinder',
  customerId: 'cust-1',
  customerName: 'Northern Loaders',
  hoseId: 'hose-1',
  hosePartNumber: 'GEN-2SN-08',
  dash: -8,
  endAType: 'JIC37',
  endBType: 'JIC37',
  overallLengthMm: 1000,
  cutLengthMm: 890,
  workingPressurePsi: 4000,
  unitPrice: 57.5,
  currency: 'CAD',
  createdAt: '2026-05-01T12:00:00.000Z',
};

describe('/hoseassemblies', { timeout: 60_000 }, () => {
  it('sends the URL’s filters, sort and page to the server and shows the assemblies', async () => {
    const { fetchMock } = stubFetch({
      'POST /api/v1/sessions/create': { body: createSessionProfile() },
      'GET /api/v1/hoseassemblies': { body: { items: [row], total: 1, page: 1 } },
      'GET /api/v1/customer/cust-1': {
        body: createCustomer({ name: 'Northern Loaders', accountNumber: '' }),
      },
    });
    renderApp(
      '/hoseassemblies?dash=-8&endType=JIC37&sort=partNumber&order=asc&q=boom&customerId=cust-1',
      signedInDouble(),
    );
    const grid = await screen.findByRole('grid', { name: 'Hose assemblies' }, { timeout: 20_000 });
    expect(await within(grid).findByText('HA-0001_B')).toBeTruthy();
    expect(within(grid).getByText('Northern Loaders')).toBeTruthy();
    expect(within(grid).getByText('276 bar')).toBeTruthy();
    expect(within(grid).getByText('1,000 mm')).toBeTruthy();
    expect(within(grid).getByText('$57.50')).toBeTruthy();
    expect(within(grid).getByText('JIC37 / JIC37')).toBeTruthy();
    const queries = fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost:3000'))
      .filter((url) => url.pathname === '/api/v1/hoseassemblies')
      .map((url) => Object.fromEntries(url.searchParams));
    expect(queries.at(-1)).toEqual({
      page: '1',
      itemsPerPage: '25',
      sort: 'partNumber',
      order: 'asc',
      q: 'boom',
      dash: '-8',
      endType: 'JIC37',
      customerId: 'cust-1',
    });
    expect(await screen.findByText('For Northern Loaders')).toBeTruthy();
  });

  it('with no assemblies yet, offers to build the first one', async () => {
    stubFetch({
      'POST /api/v1/sessions/create': { body: createSessionProfile() },
      'GET /api/v1/hoseassemblies': { body: { items: [], total: 0, page: 1 } },
    });
    renderApp('/hoseassemblies', signedInDouble());
    const heading = await screen.findByText('No hose assemblies yet', {}, { timeout: 20_000 });
    const empty = heading.closest('[role="status"]') as HTMLElement;
    expect(
      within(empty)
        .getByRole('link', { name: /Build a hose/ })
        .getAttribute('href'),
    ).toBe('/hoseassemblies/new');
  });

  it('shows an imperial user inches and psi, and each price in its own currency', async () => {
    stubFetch({
      'POST /api/v1/sessions/create': { body: createSessionProfile() },
      'GET /api/v1/user': {
        body: {
          _id: 'user-1',
          organization_id: 'o1',
          name: 'Casey Clerk',
          email: 'clerk@example.com',
          emailVerified: true,
          unitSystem: null,
          units: 'imperial',
        },
      },
      'GET /api/v1/hoseassemblies': {
        body: { items: [{ ...row, overallLengthMm: 1000.1, currency: 'USD' }], total: 1, page: 1 },
      },
    });
    renderApp('/hoseassemblies', signedInDouble());
    const grid = await screen.findByRole('grid', { name: 'Hose assemblies' }, { timeout: 20_000 });
    expect(await within(grid).findByText('39-3/8 in')).toBeTruthy();
    expect(within(grid).getByText('4,000 psi')).toBeTruthy();
    expect(within(grid).getByText('US$57.50')).toBeTruthy();
    expect(within(grid).queryByText(/ mm$/)).toBeNull();
  });
});
