import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signedInDouble } from '@/test/auth-double';
import { createSessionProfile } from '@/test/factories';
import { stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';
import {
  CUSTOMER_ID,
  createPriceList,
  createPriceListItem,
  FITTING_ID,
  LIST_ID,
  queriesOf,
  VERSION_1,
} from '../test-factories';

const session = (userRoles: ('admin' | 'regular')[]) => ({
  'POST /api/v1/sessions/create': { body: createSessionProfile({ userRoles, subscription: 'enterprise' }) },
});

const api = `/api/v1/pricelist/${LIST_ID}`;
const routes = {
  [`GET ${api}`]: { body: createPriceList() },
  [`GET ${api}/items`]: {
    body: {
      items: [
        createPriceListItem(),
        createPriceListItem({
          itemId: FITTING_ID,
          partNumber: 'FIT-08-JIC',
          description: 'JIC female swivel -8',
          unitPrice: 800,
          breaks: [],
          unitCost: 400,
          marginPct: 50,
          belowTargetMargin: false,
        }),
      ],
      total: 2,
      page: 1,
    },
  },
  [`GET ${api}/alerts`]: {
    body: {
      targetMarginPct: 25,
      versionId: 'v',
      alerts: [
        {
          itemType: 'component',
          itemId: 'x',
          partNumber: 'GEN-2SN-08',
          description: 'Two-wire braid hose -8',
          unitPrice: 1100,
          minQuantity: 10,
          unitCost: 1000,
          marginPct: 9.09,
          targetMarginPct: 25,
        },
      ],
    },
  },
};

describe('/pricelist/{priceListId}', { timeout: 30_000 }, () => {
  it('shows the versions with the one in force, and item prices from minor units with breaks and margins', async () => {
    const { fetchMock } = stubFetch({ ...session(['admin']), ...routes });
    const { router } = renderApp(`/pricelist/${LIST_ID}`, signedInDouble());
    expect(await screen.findByRole('heading', { level: 1, name: 'Fleet 2027' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Red Deer Excavating' }).getAttribute('href')).toBe(
      `/customer/${CUSTOMER_ID}`,
    );
    expect(screen.getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe(
      `/pricelist/${LIST_ID}/edit`,
    );

    const versions = screen.getByRole('list', { name: 'Versions' });
    const items = within(versions).getAllByRole('listitem');
    // The draft first, with its review for an admin; then the version in force.
    expect(items[0]?.textContent).toContain('Draft');
    expect(within(items[0]!).getByRole('link', { name: 'Review and publish' }).getAttribute('href')).toBe(
      `/pricelist/${LIST_ID}/edit#review`,
    );
    expect(within(items[1]!).getByText('From Nov 1, 2026')).toBeTruthy();
    expect(within(items[1]!).getByText('In force')).toBeTruthy();
    expect(items[1]?.textContent).toContain(
      '120 items · Published by Alex Admin on Oct 28, 2026 · November supplier increase',
    );
    expect(within(items[2]!).queryByText('In force')).toBeNull();

    const grid = await screen.findByRole('grid', { name: 'Items' });
    const hose = (await within(grid).findByText('GEN-2SN-08')).closest('[role="row"]') as HTMLElement;
    expect(within(hose).getByText('$12.50')).toBeTruthy();
    expect(within(hose).getByText('10+: $11.00')).toBeTruthy();
    expect(within(hose).getByText('$10.00')).toBeTruthy();
    expect(within(hose).getByRole('img', { name: 'Below the 25% target margin' })).toBeTruthy();
    expect(within(hose).getByText('9.09%')).toBeTruthy();
    const fitting = within(grid).getByText('FIT-08-JIC').closest('[role="row"]') as HTMLElement;
    expect(within(fitting).getByText('$8.00')).toBeTruthy();
    expect(within(fitting).queryByRole('img', { name: /Below the/ })).toBeNull();

    // The alerts panel names the worst item, at its break.
    const alerts = await screen.findByRole('list', { name: 'Margin alerts' });
    expect(within(alerts).getByText(/\$11\.00 against a cost of \$10\.00 · from 10/)).toBeTruthy();

    // The filter and an older version go to the URL and to the server.
    fireEvent.click(screen.getByRole('switch', { name: 'Below target only' }));
    await waitFor(() => expect(queriesOf(fetchMock, `${api}/items`).at(-1)?.get('belowTarget')).toBe('true'));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Items of the version' }));
    fireEvent.click(await screen.findByRole('option', { name: 'From Jun 1, 2026' }));
    await waitFor(() =>
      expect(queriesOf(fetchMock, `${api}/items`).at(-1)?.get('versionId')).toBe(VERSION_1),
    );
    expect(router.state.location.search).toContain(`version=${VERSION_1}`);
  });

  it('gives a regular member no Edit and no review', async () => {
    stubFetch({ ...session(['regular']), ...routes });
    renderApp(`/pricelist/${LIST_ID}`, signedInDouble());
    expect(await screen.findByRole('heading', { level: 1, name: 'Fleet 2027' })).toBeTruthy();
    await screen.findByRole('grid', { name: 'Items' });
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Review and publish' })).toBeNull();
  });
});
