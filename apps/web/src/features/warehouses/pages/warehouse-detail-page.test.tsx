import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signedInDouble } from '@/test/auth-double';
import { createSessionProfile } from '@/test/factories';
import { stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';
import { createVan, createWarehouse } from '../test-factories';

const session = (userRoles: ('admin' | 'regular')[]) => ({
  'POST /api/v1/sessions/create': {
    body: createSessionProfile({ userRoles, subscription: 'professional' }),
  },
  'GET /api/v1/organization/currencies': { body: { baseCurrency: 'CAD', currencies: [] } },
});

describe('/warehouse/{warehouseId}', { timeout: 30_000 }, () => {
  it('shows the warehouse, its locations and stock, with a link to its stock; a regular member cannot delete', async () => {
    stubFetch({ ...session(['regular']), 'GET /api/v1/warehouse/wh-1': { body: createWarehouse() } });
    renderApp('/warehouse/wh-1', signedInDouble());
    expect(await screen.findByRole('heading', { level: 1, name: 'MAIN · Red Deer shop' })).toBeTruthy();
    expect(screen.getByText('Default')).toBeTruthy();
    expect(screen.getByText('Warehouse')).toBeTruthy();
    expect(screen.getByText(/4810 Gaetz Ave/)).toBeTruthy();
    expect(await screen.findByText('$1,234.50')).toBeTruthy();
    expect(screen.getByText('12')).toBeTruthy();
    const locations = screen.getByRole('table', { name: 'Locations of Red Deer shop' });
    expect(
      within(locations)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['Location codeLocation name', 'A-01Hose rack', 'B-01Fittings shelf']);
    expect(screen.getByRole('link', { name: 'See stock' }).getAttribute('href')).toBe(
      '/inventory?warehouseId=wh-1',
    );
    expect(
      screen
        .getAllByRole('link', { name: 'Edit' })
        .map((link) => link.getAttribute('href'))
        .sort(),
    ).toEqual(['/warehouse/wh-1/edit', '/warehouse/wh-1/edit/locations']);
    // Only admins delete: a regular member gets no tools menu.
    expect(screen.queryByRole('button', { name: 'Tools' })).toBeNull();
  });

  it('shows the server’s refusal to delete a warehouse that holds stock, and deletes an empty van', async () => {
    const { calls } = stubFetch({
      ...session(['admin']),
      'GET /api/v1/warehouse/wh-1': { body: createWarehouse({ isDefault: false }) },
      'POST /api/v1/warehouse/wh-1/delete': {
        status: 409,
        body: {
          statusCode: 409,
          code: 'CONFLICT',
          message: 'Red Deer shop holds stock: move or count it out before deleting the warehouse',
        },
      },
      'GET /api/v1/warehouse/wh-2': { body: createVan() },
      'POST /api/v1/warehouse/wh-2/delete': { body: { ok: true } },
      'GET /api/v1/warehouses': { body: { items: [], total: 0, page: 1 } },
    });
    const { router } = renderApp('/warehouse/wh-1', signedInDouble());
    await screen.findByRole('heading', { level: 1, name: 'MAIN · Red Deer shop' });
    await userEvent.click(screen.getByRole('button', { name: 'Tools' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete warehouse' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Red Deer shop?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete warehouse' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'Red Deer shop holds stock: move or count it out before deleting the warehouse',
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/warehouse/wh-1');
    expect(calls.filter((c) => c.path === '/api/v1/warehouse/wh-1/delete')).toHaveLength(1);

    await router.navigate('/warehouse/wh-2');
    await screen.findByRole('heading', { level: 1, name: 'VAN-2 · Service van 2' });
    expect(screen.getByText('Van')).toBeTruthy();
    expect(screen.getByText('No address.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Tools' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete warehouse' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Service van 2?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete warehouse' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/warehouses'));
  });
});
