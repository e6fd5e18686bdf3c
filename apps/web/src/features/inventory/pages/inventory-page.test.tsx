import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signedInDouble } from '@/test/auth-double';
import { stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';
import {
  createFittingLine,
  createHoseLine,
  HOSE,
  inventoryPage,
  MAIN_ID,
  professional,
  queriesOf,
  userReading,
  warehouses,
} from '../test-factories';

describe('/inventory', { timeout: 30_000 }, () => {
  it('shows hose in metres for a metric reader, parts as counts, the low chip and the total value', async () => {
    const { fetchMock } = stubFetch({
      ...professional(),
      ...userReading('metric'),
      ...warehouses(),
      'GET /api/v1/inventory': {
        body: inventoryPage([createHoseLine({ reserved: 1_780 }), createFittingLine()]),
      },
    });
    renderApp(`/inventory?warehouseId=${MAIN_ID}`, signedInDouble());

    const grid = await screen.findByRole('grid', { name: 'Stock on hand' });
    expect(await within(grid).findByText('12.50 m')).toBeTruthy();
    const hoseRow = within(grid).getByText('GEN-2SN-08').closest('[role="row"]') as HTMLElement;
    expect(within(hoseRow).getByText('Low')).toBeTruthy();
    expect(within(hoseRow).getByText('A1')).toBeTruthy();
    // Work orders hold 1.78 m of it.
    expect(within(hoseRow).getByText('1.78 m reserved')).toBeTruthy();
    const fittingRow = within(grid).getByText('GEN-JIC-08').closest('[role="row"]') as HTMLElement;
    expect(within(fittingRow).getByText('24')).toBeTruthy();
    expect(within(fittingRow).queryByText('Low')).toBeNull();
    expect(within(fittingRow).queryByText(/reserved/)).toBeNull();
    expect(screen.getByText('Value of the stock shown at cost: $136.50 (2 lines)')).toBeTruthy();
    // The warehouse of the link is the filter the server gets.
    expect(queriesOf(fetchMock, '/api/v1/inventory')[0]?.get('warehouseId')).toBe(MAIN_ID);

    // "Low stock only" goes to the URL and the server.
    fireEvent.click(screen.getByRole('switch', { name: 'Low stock only' }));
    await waitFor(() => expect(queriesOf(fetchMock, '/api/v1/inventory').at(-1)?.get('low')).toBe('true'));
  });

  it('shows hose in feet for an imperial reader', async () => {
    stubFetch({
      ...professional(),
      ...userReading('imperial'),
      ...warehouses(),
      'GET /api/v1/inventory': { body: inventoryPage([createHoseLine({ onHand: 12_496.8 })]) },
    });
    renderApp('/inventory', signedInDouble());
    const grid = await screen.findByRole('grid', { name: 'Stock on hand' });
    expect(await within(grid).findByText('41.0 ft')).toBeTruthy();
    expect(within(grid).queryByText(/\d m$/)).toBeNull();
    // The average cost stays per the item's cost unit.
    expect(within(grid).getByText('$4.20 per m')).toBeTruthy();
  });

  it('says to receive the first delivery when there is no stock, and opens the receipt', async () => {
    stubFetch({
      ...professional(),
      ...userReading('metric'),
      ...warehouses(),
      'GET /api/v1/inventory': { body: inventoryPage([], 0) },
    });
    renderApp('/inventory', signedInDouble());
    const empty = (await screen.findByText('No stock yet')).closest('[role="status"]') as HTMLElement;
    expect(within(empty).getByText(/Receive your first delivery/)).toBeTruthy();
    fireEvent.click(within(empty).getByRole('button', { name: 'Receive' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record a stock movement' });
    expect(within(dialog).getByRole('tab', { name: 'Receive' }).getAttribute('aria-selected')).toBe('true');
    // The default warehouse is chosen.
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: 'Warehouse' }).textContent).toContain('MAIN'),
    );
  });

  it('lists what to reorder with the suggested quantity, and receives it', async () => {
    const { fetchMock } = stubFetch({
      ...professional(),
      ...userReading('imperial'),
      ...warehouses(),
      'GET /api/v1/inventory': { body: inventoryPage([createHoseLine()]) },
      'GET /api/v1/inventory/lowstock': {
        body: {
          items: [
            {
              component: HOSE,
              warehouse: { _id: MAIN_ID, code: 'MAIN', name: 'Red Deer shop' },
              onHand: 3_048,
              reorderPoint: 15_240,
              reorderQuantity: null,
              stockUnit: 'mm',
              suggestedOrder: 12_192,
            },
          ],
          total: 1,
          page: 1,
        },
      },
    });
    renderApp(`/inventory?warehouseId=${MAIN_ID}`, signedInDouble());
    fireEvent.click(await screen.findByRole('tab', { name: 'To reorder' }));
    const table = await screen.findByRole('table', { name: 'To reorder' });
    const row = within(table).getAllByRole('row')[1] as HTMLElement;
    expect(within(row).getByText('10.0 ft')).toBeTruthy();
    expect(within(row).getByText('50.0 ft')).toBeTruthy();
    expect(within(row).getByText('40.0 ft')).toBeTruthy();
    expect(queriesOf(fetchMock, '/api/v1/inventory/lowstock')[0]?.get('warehouseId')).toBe(MAIN_ID);
    fireEvent.click(within(row).getByRole('button', { name: 'Receive GEN-2SN-08' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record a stock movement' });
    expect((within(dialog).getByRole('combobox', { name: 'Item' }) as HTMLInputElement).value).toBe(
      'GEN-2SN-08',
    );
    expect(within(dialog).getByRole('combobox', { name: 'Unit' }).textContent).toBe('ft');
  });
});
