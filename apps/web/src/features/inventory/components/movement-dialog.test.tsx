import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signedInDouble } from '@/test/auth-double';
import { type RecordedCall, stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';
import {
  BIN_A1,
  createFittingComponent,
  createFittingLine,
  createHoseLine,
  FITTING,
  HOSE_ID,
  inventoryPage,
  MAIN_ID,
  professional,
  userReading,
  VAN_ID,
  warehouses,
} from '../test-factories';

const CREATE = 'POST /api/v1/inventory/movements/create';

function stubs(create: (call: RecordedCall) => { status?: number; body?: unknown }) {
  return stubFetch({
    ...professional(),
    ...userReading('metric'),
    ...warehouses(),
    'GET /api/v1/inventory': { body: inventoryPage([createHoseLine(), createFittingLine()]) },
    'GET /api/v1/organization/items': {
      body: { items: [createFittingComponent()], total: 1, page: 1 },
    },
    [CREATE]: create,
  });
}

const created = { status: 201, body: { movements: [], levels: [] } };

async function openFromRow(partNumber: string, action: string) {
  const user = userEvent.setup({ delay: null });
  const grid = await screen.findByRole('grid', { name: 'Stock on hand' });
  await user.click(await within(grid).findByRole('button', { name: `Actions for ${partNumber}` }));
  await user.click(await screen.findByRole('menuitem', { name: action }));
  return { user, dialog: await screen.findByRole('dialog', { name: 'Record a stock movement' }) };
}

describe('the movement dialog', { timeout: 60_000 }, () => {
  it('offers hose only by length, wants a reason to scrap, shows what the server refuses, then records it', async () => {
    let attempts = 0;
    const { calls } = stubs(() => {
      attempts += 1;
      return attempts === 1
        ? {
            status: 409,
            body: {
              statusCode: 409,
              code: 'CONFLICT',
              message: 'Only 2.00 m of GEN-2SN-08 are in MAIN / A1',
            },
          }
        : created;
    });
    renderApp('/inventory', signedInDouble());
    const { user, dialog } = await openFromRow('GEN-2SN-08', 'Scrap');
    expect(within(dialog).getByRole('tab', { name: 'Scrap' }).getAttribute('aria-selected')).toBe('true');
    expect((within(dialog).getByRole('combobox', { name: 'Item' }) as HTMLInputElement).value).toBe(
      'GEN-2SN-08',
    );
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: 'Location' }).textContent).toContain('A1'),
    );

    expect(await within(dialog).findByText('On hand here: 12.50 m')).toBeTruthy();

    // A length: m (the reader's), ft, in or mm; never 'each'.
    const unit = within(dialog).getByRole('combobox', { name: 'Unit' });
    expect(unit.textContent).toBe('m');
    await user.click(unit);
    const units = await screen.findByRole('listbox');
    expect(
      within(units)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['m', 'ft', 'in', 'mm']);
    await user.click(within(units).getByRole('option', { name: 'm' }));

    await user.type(within(dialog).getByRole('textbox', { name: 'Quantity' }), '3');
    await user.click(within(dialog).getByRole('button', { name: 'Scrap' }));
    expect(await within(dialog).findByText('Say why the stock is scrapped')).toBeTruthy();
    expect(calls.some((c) => `${c.method} ${c.path}` === CREATE)).toBe(false);

    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Kinked at the crimp');
    await user.click(within(dialog).getByRole('button', { name: 'Scrap' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Only 2.00 m of GEN-2SN-08 are in MAIN / A1',
    );
    const sent = calls.find((c) => `${c.method} ${c.path}` === CREATE);
    expect(JSON.parse(sent?.body ?? '{}')).toEqual({
      type: 'scrap',
      componentId: HOSE_ID,
      warehouseId: MAIN_ID,
      locationId: BIN_A1,
      quantity: 3,
      unit: 'm',
      reason: 'Kinked at the crimp',
      notes: '',
    });

    // The second try is recorded: a note, and the stock is asked for again.
    const listCalls = () => calls.filter((c) => c.path === '/api/v1/inventory').length;
    const before = listCalls();
    await user.click(within(dialog).getByRole('button', { name: 'Scrap' }));
    expect(await screen.findByText('GEN-2SN-08 scrapped')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Record a stock movement' })).toBeNull());
    await waitFor(() => expect(listCalls()).toBeGreaterThan(before));
  });

  it('receives a searched part in pieces only, with its cost per each', async () => {
    const { calls } = stubs(() => created);
    renderApp('/inventory', signedInDouble());
    const user = userEvent.setup({ delay: null });
    await screen.findByRole('grid', { name: 'Stock on hand' });
    await user.click(screen.getAllByRole('button', { name: 'Receive' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Record a stock movement' });

    await user.type(within(dialog).getByRole('combobox', { name: 'Item' }), 'JIC');
    await user.click(await screen.findByRole('option', { name: /GEN-JIC-08/ }));
    const unit = within(dialog).getByRole('combobox', { name: 'Unit' });
    expect(unit.textContent).toBe('each');
    await user.click(unit);
    expect(
      within(await screen.findByRole('listbox'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['each']);
    await user.keyboard('{Escape}');
    expect(within(dialog).getByText('each', { selector: '.MuiInputAdornment-root *' })).toBeTruthy();

    // Pieces are whole.
    await user.type(within(dialog).getByRole('textbox', { name: 'Quantity' }), '2.5');
    await user.click(within(dialog).getByRole('button', { name: 'Receive' }));
    expect(await within(dialog).findByText('Count pieces in whole numbers')).toBeTruthy();
    expect(calls.some((c) => `${c.method} ${c.path}` === CREATE)).toBe(false);

    // Into the van this time.
    await user.click(within(dialog).getByRole('combobox', { name: 'Warehouse' }));
    await user.click(await screen.findByRole('option', { name: /VAN-2/ }));
    const quantity = within(dialog).getByRole('textbox', { name: 'Quantity' });
    await user.clear(quantity);
    await user.type(quantity, '20');
    await user.type(within(dialog).getByRole('textbox', { name: 'Unit cost' }), '3.25');
    await user.type(within(dialog).getByRole('textbox', { name: 'Reference' }), 'PO-10442');
    await user.click(within(dialog).getByRole('button', { name: 'Receive' }));
    await waitFor(() => expect(calls.some((c) => `${c.method} ${c.path}` === CREATE)).toBe(true));
    const sent = calls.find((c) => `${c.method} ${c.path}` === CREATE);
    expect(JSON.parse(sent?.body ?? '{}')).toEqual({
      type: 'receipt',
      componentId: FITTING._id,
      warehouseId: VAN_ID,
      locationId: null,
      quantity: 20,
      unit: 'each',
      unitCost: 3.25,
      reference: 'PO-10442',
      notes: '',
    });
  });
});
