import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signedInDouble } from '@/test/auth-double';
import { type RecordedCall, stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';
import {
  createHoseLine,
  createMovement,
  HOSE,
  HOSE_ID,
  inventoryPage,
  MAIN_ID,
  professional,
  queriesOf,
  userReading,
  warehouses,
} from '../test-factories';

const MAIN = { _id: MAIN_ID, code: 'MAIN', name: 'Red Deer shop' };
const UPDATE = 'POST /api/v1/inventory/reorderpoint/update';

describe('a stock line’s history', { timeout: 60_000 }, () => {
  it('lists the item’s movements in the warehouse and saves its reorder point in the reader’s unit', async () => {
    const { fetchMock, calls } = stubFetch({
      ...professional(),
      ...userReading('metric'),
      ...warehouses(),
      'GET /api/v1/inventory': { body: inventoryPage([createHoseLine()]) },
      'GET /api/v1/inventory/movements': {
        body: {
          items: [
            createMovement({
              _id: 'mov-2',
              type: 'scrap',
              quantity: -3_000,
              value: -12.6,
              onHandAfter: 12_500,
              reason: 'Kinked at the crimp',
              reference: '',
              createdAt: '2026-05-02T12:00:00.000Z',
            }),
            createMovement({ onHandAfter: 15_500, quantity: 15_500, value: 65.1 }),
          ],
          total: 2,
          page: 1,
        },
      },
      'GET /api/v1/inventory/lowstock': {
        body: {
          items: [
            {
              component: HOSE,
              warehouse: MAIN,
              onHand: 12_500,
              reorderPoint: 15_000,
              reorderQuantity: 50_000,
              stockUnit: 'mm',
              suggestedOrder: 50_000,
            },
          ],
          total: 1,
          page: 1,
        },
      },
      [UPDATE]: (call: RecordedCall) => {
        const body = JSON.parse(call.body ?? '{}');
        return {
          body: {
            componentId: body.componentId,
            warehouseId: body.warehouseId,
            reorderPoint: body.reorderPoint * 1000,
            reorderQuantity: body.reorderQuantity * 1000,
            stockUnit: 'mm',
          },
        };
      },
    });
    renderApp('/inventory', signedInDouble());
    const user = userEvent.setup({ delay: null });
    const grid = await screen.findByRole('grid', { name: 'Stock on hand' });
    await user.click(await within(grid).findByText('GEN-2SN-08'));

    const drawer = await screen.findByRole('dialog', { name: 'GEN-2SN-08 in MAIN' });
    const ledger = await within(drawer).findByRole('table', { name: 'Movements' });
    const rows = within(ledger).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Scrapped')).toBeTruthy();
    expect(within(rows[0]!).getByText('−3.00 m')).toBeTruthy();
    expect(within(rows[0]!).getByText('12.50 m')).toBeTruthy();
    expect(within(rows[0]!).getByText('Kinked at the crimp')).toBeTruthy();
    expect(within(rows[0]!).getByText('-$12.60')).toBeTruthy();
    expect(within(rows[1]!).getByText('Received')).toBeTruthy();
    expect(within(rows[1]!).getByText('+15.50 m')).toBeTruthy();
    expect(within(rows[1]!).getByText('PO-10442')).toBeTruthy();
    expect(within(rows[1]!).getByText('Casey Clerk')).toBeTruthy();
    const asked = queriesOf(fetchMock, '/api/v1/inventory/movements')[0];
    expect(asked?.get('componentId')).toBe(HOSE_ID);
    expect(asked?.get('warehouseId')).toBe(MAIN_ID);

    // The reorder point (15,000 mm) and quantity (from the low-stock list) in metres.
    const point = within(drawer).getByRole('textbox', { name: 'Reorder point' }) as HTMLInputElement;
    expect(point.value).toBe('15');
    const quantity = within(drawer).getByRole('textbox', { name: 'Reorder quantity' }) as HTMLInputElement;
    await waitFor(() => expect(quantity.value).toBe('50'));
    await user.clear(point);
    await user.type(point, '20');
    await user.click(within(drawer).getByRole('button', { name: 'Save reorder point' }));
    expect(await screen.findByText('Reorder point saved')).toBeTruthy();
    const sent = calls.find((c) => `${c.method} ${c.path}` === UPDATE);
    expect(JSON.parse(sent?.body ?? '{}')).toEqual({
      componentId: HOSE_ID,
      warehouseId: MAIN_ID,
      reorderPoint: 20,
      reorderQuantity: 50,
      unit: 'm',
    });
  });
});
