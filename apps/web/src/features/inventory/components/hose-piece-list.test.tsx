import type { HosePiece } from '@hosewright/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signedInDouble } from '@/test/auth-double';
import { type RecordedCall, stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';
import {
  BIN_A1,
  createHoseLine,
  HOSE,
  inventoryPage,
  MAIN_ID,
  professional,
  queriesOf,
  userReading,
  warehouses,
} from '../test-factories';

const CREATE = 'POST /api/v1/inventory/movements/create';
const REMNANT_ID = '8a3f0d6b-4e5c-4f90-b1c2-3d4e5f6a7b01';

function piece(over: Partial<HosePiece>): HosePiece {
  return {
    _id: '8a3f0d6b-4e5c-4f90-b1c2-3d4e5f6a7b02',
    component: HOSE,
    warehouse: { _id: MAIN_ID, code: 'MAIN', name: 'Main shop' },
    location: { _id: BIN_A1, code: 'A1', name: 'Aisle 1' },
    length: 42_500,
    receivedLength: 50_000,
    reserved: 0,
    batch: 'B-2291',
    dateCode: '2025-03',
    useBy: '2029-02',
    remnant: false,
    pastShelfLife: false,
    receivedAt: '2026-04-01T12:00:00.000Z',
    ...over,
  };
}

const PIECES = [
  piece({}),
  piece({
    _id: REMNANT_ID,
    length: 1200,
    receivedLength: 30_000,
    reserved: 890,
    batch: 'B-1180',
    dateCode: '2021-06',
    useBy: '2025-05',
    remnant: true,
    pastShelfLife: true,
  }),
];

function stubs(create: (call: RecordedCall) => { status?: number; body?: unknown } = () => ({})) {
  return stubFetch({
    ...professional(),
    ...userReading('metric'),
    ...warehouses(),
    'GET /api/v1/inventory': { body: inventoryPage([createHoseLine()]) },
    'GET /api/v1/inventory/pieces': { body: { items: PIECES, total: PIECES.length, page: 1 } },
    [CREATE]: create,
  });
}

describe('hose pieces', { timeout: 60_000 }, () => {
  it('lists reels and remnants with what is left, batch, date code and shelf life, and filters remnants', async () => {
    const { fetchMock } = stubs();
    renderApp('/inventory?view=pieces', signedInDouble());
    const table = await screen.findByRole('table', { name: 'Hose pieces' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]?.textContent).toContain('42.50 m');
    expect(rows[0]?.textContent).toContain('of 50.00 m');
    expect(rows[0]?.textContent).toContain('B-2291');
    expect(rows[0]?.textContent).toContain('use by 2029-02');
    // How much of the reel is left, as a bar.
    expect(within(rows[0]!).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('85');
    expect(within(rows[1]!).getByText('Remnant')).toBeTruthy();
    expect(within(rows[1]!).getByText('Past shelf life')).toBeTruthy();
    expect(rows[1]?.textContent).toContain('0.89 m held for work orders');

    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Remnants only' }));
    await waitFor(() =>
      expect(queriesOf(fetchMock, '/api/v1/inventory/pieces').at(-1)?.get('remnants')).toBe('true'),
    );
    expect(screen.getByRole('button', { name: 'Remnants only' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('scraps a remnant by name: the dialog opens on the piece with its free length, and sends the piece', async () => {
    const { calls } = stubs(() => ({ status: 201, body: { movements: [], levels: [] } }));
    renderApp('/inventory?view=pieces', signedInDouble());
    const user = userEvent.setup({ delay: null });
    const actions = await screen.findByRole('group', {
      name: 'Actions for the piece GEN-2SN-08 B-1180 1.20 m',
    });
    await user.click(within(actions).getByRole('button', { name: 'Scrap' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record a stock movement' });
    expect(within(dialog).getByRole('tab', { name: 'Scrap' }).getAttribute('aria-selected')).toBe('true');
    expect(within(dialog).getByText('From the piece GEN-2SN-08 B-1180 1.20 m')).toBeTruthy();
    // What is free of it: 1.20 m less the 0.89 m a work order holds.
    expect((within(dialog).getByRole('textbox', { name: 'Quantity' }) as HTMLInputElement).value).toBe(
      '0.31',
    );
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Past shelf life');
    await user.click(within(dialog).getByRole('button', { name: 'Scrap' }));
    await waitFor(() => expect(calls.filter((c) => `${c.method} ${c.path}` === CREATE)).toHaveLength(1));
    const sent = JSON.parse(calls.find((c) => `${c.method} ${c.path}` === CREATE)?.body ?? '{}');
    expect(sent).toMatchObject({
      type: 'scrap',
      componentId: HOSE._id,
      warehouseId: MAIN_ID,
      locationId: BIN_A1,
      quantity: 0.31,
      unit: 'm',
      pieceId: REMNANT_ID,
      reason: 'Past shelf life',
    });
  });

  it('receives hose with its batch and date code', async () => {
    const { calls } = stubs(() => ({ status: 201, body: { movements: [], levels: [] } }));
    renderApp('/inventory', signedInDouble());
    const user = userEvent.setup({ delay: null });
    const grid = await screen.findByRole('grid', { name: 'Stock on hand' });
    await user.click(await within(grid).findByRole('button', { name: 'Actions for GEN-2SN-08' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Receive' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record a stock movement' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Quantity' }), '50');
    await user.type(within(dialog).getByRole('textbox', { name: 'Batch' }), 'B-3310');
    const dateCode = within(dialog).getByLabelText('Date code');
    await user.type(dateCode, '2026-09');
    await user.click(within(dialog).getByRole('button', { name: 'Receive' }));
    await waitFor(() => expect(calls.filter((c) => `${c.method} ${c.path}` === CREATE)).toHaveLength(1));
    const sent = JSON.parse(calls.find((c) => `${c.method} ${c.path}` === CREATE)?.body ?? '{}');
    expect(sent).toMatchObject({
      type: 'receipt',
      quantity: 50,
      unit: 'm',
      batch: 'B-3310',
      dateCode: '2026-09',
    });
  });
});
