import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signedInDouble } from '@/test/auth-double';
import { createAssemblyListItem, createCustomer, createSessionProfile } from '@/test/factories';
import { stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';
import { createCustomerItem } from '../test-factories';

const session = (overrides: Parameters<typeof createSessionProfile>[0]) => ({
  'POST /api/v1/sessions/create': { body: createSessionProfile(overrides) },
});

describe('/customer/{customerId}', { timeout: 30_000 }, () => {
  it('shows the overview and, on a trial, no sales estimate or work order tabs', async () => {
    stubFetch({
      ...session({ userRoles: ['regular'], subscription: 'trial' }),
      'GET /api/v1/customer/cust-1': { body: createCustomer() },
    });
    renderApp('/customer/cust-1', signedInDouble());
    expect(await screen.findByRole('heading', { level: 1, name: 'Red Deer Excavating' })).toBeTruthy();
    expect(screen.getByText('Account RDX-100')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'pat@reddeerex.ca' }).getAttribute('href')).toBe(
      'mailto:pat@reddeerex.ca',
    );
    expect(screen.getByText(/4810 Gaetz Ave/)).toBeTruthy();
    expect(screen.getByText('Same as billing')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe('/customer/cust-1/edit');
    const tabs = screen.getByRole('tablist', { name: 'Customer sections' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Overview', 'Hose assemblies', 'Hose kits', 'Items']);
    // Only admins delete: a regular member gets no tools menu.
    expect(screen.queryByRole('button', { name: 'Tools' })).toBeNull();
  });

  it('lists the customer’s assemblies with the build link, and their sales estimates on professional', async () => {
    stubFetch({
      ...session({ userRoles: ['admin'], subscription: 'professional' }),
      'GET /api/v1/customer/cust-1': { body: createCustomer() },
      'GET /api/v1/hoseassemblies': {
        body: {
          items: [createAssemblyListItem({ _id: 'ha-1', title: 'HA-100_A', description: 'Boom lift line' })],
          total: 1,
          page: 1,
        },
      },
      'GET /api/v1/salesestimates': {
        body: {
          items: [
            {
              _id: 'se-1',
              number: 'SE-00012',
              revision: 2,
              status: 'sent',
              customer: { _id: 'cust-1', name: 'Red Deer Excavating' },
              currency: 'CAD',
              estimateDate: '2026-11-02',
              validUntil: '2026-12-02',
              description: 'Loader boom hoses',
              total: 15225,
              createdAt: '2026-11-02T09:00:00.000Z',
              updatedAt: '2026-11-02T09:00:00.000Z',
              lineCount: 2,
            },
          ],
          total: 1,
          page: 1,
        },
      },
    });
    renderApp('/customer/cust-1?tab=hoseAssemblies', signedInDouble());
    expect(await screen.findByRole('link', { name: 'Build a hose for this customer' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Build a hose for this customer' }).getAttribute('href')).toBe(
      '/customer/cust-1/hoseassemblies/new',
    );
    expect((await screen.findByText('HA-100_A')).closest('a')?.getAttribute('href')).toBe(
      '/hoseassembly/ha-1',
    );
    await userEvent.click(screen.getByRole('tab', { name: 'Sales estimates' }));
    const estimates = await screen.findByRole('list', { name: 'Sales estimates of Red Deer Excavating' });
    const row = await within(estimates).findByRole('link', { name: /SE-00012 rev 2/ });
    expect(row.getAttribute('href')).toBe('/salesestimate/se-1');
    expect(row.textContent).toContain('$152.25');
    expect(screen.getByRole('link', { name: 'New estimate' }).getAttribute('href')).toBe(
      '/customer/cust-1/salesestimates/new',
    );
    expect(screen.getByRole('tab', { name: 'Work orders' })).toBeTruthy();
  });

  it('adds an item in a dialog and shows the server’s message when our part number is unknown', async () => {
    let items = [createCustomerItem()];
    const { calls } = stubFetch({
      ...session({ userRoles: ['regular'] }),
      'GET /api/v1/customer/cust-1': { body: createCustomer() },
      'GET /api/v1/customer/cust-1/items': () => ({ body: { items, total: items.length, page: 1 } }),
      'GET /api/v1/organization/items': { body: { items: [], total: 0, page: 1 } },
      'POST /api/v1/customer/cust-1/item/new/update': (call) => {
        const body = JSON.parse(call.body ?? '{}');
        if (body.targetPartNumber === 'NOPE') {
          return {
            status: 400,
            body: {
              statusCode: 400,
              code: 'BAD_REQUEST',
              message: 'No component has part number NOPE. Check the part number.',
              details: { field: 'targetPartNumber' },
            },
          };
        }
        const created = createCustomerItem({
          _id: 'item-2',
          customerPartNumber: body.customerPartNumber,
          price: body.price,
        });
        items = [...items, created];
        return { body: created };
      },
    });
    renderApp('/customer/cust-1?tab=items', signedInDouble());
    const table = await screen.findByRole('table', { name: 'Customer items' });
    expect(within(table).getByText('RDX-HYD-42')).toBeTruthy();
    expect(within(table).getByText('$48.50')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Add an item' }));
    const dialog = await screen.findByRole('dialog', { name: 'New customer item' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save item' }));
    expect(await within(dialog).findByText('Enter the customer’s part number')).toBeTruthy();

    await userEvent.type(within(dialog).getByLabelText(/Their part number/), 'RDX-9');
    await userEvent.type(within(dialog).getByRole('combobox', { name: /Our part number/ }), 'NOPE');
    await userEvent.type(within(dialog).getByLabelText('Their price'), '12.5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save item' }));
    expect(
      await within(dialog).findByText('No component has part number NOPE. Check the part number.'),
    ).toBeTruthy();

    const ours = within(dialog).getByRole('combobox', { name: /Our part number/ });
    await userEvent.clear(ours);
    await userEvent.type(ours, 'GEN-2SN-08');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save item' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(
      await within(screen.getByRole('table', { name: 'Customer items' })).findByText('RDX-9'),
    ).toBeTruthy();
    const saved = calls.filter((c) => c.path === '/api/v1/customer/cust-1/item/new/update').at(-1);
    expect(JSON.parse(saved?.body ?? '{}')).toEqual({
      customerPartNumber: 'RDX-9',
      description: '',
      targetType: 'component',
      targetPartNumber: 'GEN-2SN-08',
      price: 12.5,
    });
  });

  it('lists the customer’s work orders with their status and due day, and starts a new one for them', async () => {
    const summary = {
      _id: 'wo-1',
      number: 'WO-00042',
      status: 'released',
      priority: 'high',
      source: 'assemblies',
      customer: { _id: 'cust-1', name: 'Red Deer Excavating' },
      warehouse: { _id: 'wh-1', code: 'MAIN', name: 'Red Deer shop' },
      dueDate: '2026-12-01',
      description: 'Loader boom hoses',
      unitCount: 2,
      unitsReady: 0,
      createdAt: '2026-11-02T09:00:00.000Z',
      updatedAt: '2026-11-02T09:00:00.000Z',
      completedAt: null,
      firstAssembly: 'HA-0001_A',
      moreLines: 0,
    };
    const { fetchMock } = stubFetch({
      ...session({ userRoles: ['regular'], subscription: 'professional' }),
      'GET /api/v1/customer/cust-1': { body: createCustomer() },
      'GET /api/v1/workorders': { body: { items: [summary], total: 1, page: 1 } },
    });
    renderApp('/customer/cust-1?tab=workOrders', signedInDouble());
    const list = await screen.findByRole('list', { name: 'Work orders of Red Deer Excavating' });
    const row = within(list).getByRole('link', { name: /WO-00042/ });
    expect(row.getAttribute('href')).toBe('/workorder/wo-1');
    expect(within(row).getByText('Released')).toBeTruthy();
    expect(within(row).getByText('Loader boom hoses · due Dec 1, 2026')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'New work order for this customer' }).getAttribute('href')).toBe(
      '/workorders/new?customerId=cust-1',
    );
    const asked = fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost:3000'))
      .find((url) => url.pathname === '/api/v1/workorders');
    expect(asked?.searchParams.get('customerId')).toBe('cust-1');
    expect(screen.queryByText(/on their way/)).toBeNull();
  });

  it('shows the customer’s taxes and, for an enterprise shop, the price list that prices them', async () => {
    stubFetch({
      ...session({ userRoles: ['regular'], subscription: 'enterprise' }),
      'GET /api/v1/customer/cust-1': {
        body: createCustomer({
          taxes: [
            { name: 'GST', ratePct: 5 },
            { name: 'QST', ratePct: 9.975 },
          ],
          priceListId: 'pl-1',
        }),
      },
      'GET /api/v1/pricelist/pl-1': {
        body: {
          _id: 'pl-1',
          name: 'Fleet 2027',
          currency: 'CAD',
          description: '',
          inForce: null,
          draft: null,
          customerCount: 1,
          versions: [],
          customers: [{ _id: 'cust-1', name: 'Red Deer Excavating' }],
          alertCount: 0,
          targetMarginPct: 25,
          createdAt: '2026-11-01T12:00:00.000Z',
          updatedAt: '2026-11-01T12:00:00.000Z',
        },
      },
    });
    renderApp('/customer/cust-1', signedInDouble());
    expect(await screen.findByText('GST 5% · QST 9.975%')).toBeTruthy();
    const link = await screen.findByRole('link', { name: 'Fleet 2027' });
    expect(link.getAttribute('href')).toBe('/pricelist/pl-1');
  });

  it('names no price list on a professional plan', async () => {
    stubFetch({
      ...session({ userRoles: ['regular'], subscription: 'professional' }),
      'GET /api/v1/customer/cust-1': { body: createCustomer({ priceListId: 'pl-1' }) },
    });
    renderApp('/customer/cust-1', signedInDouble());
    expect(await screen.findByText('No taxes')).toBeTruthy();
    expect(screen.queryByText(/Price list/)).toBeNull();
  });
});
