import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signedInDouble } from '@/test/auth-double';
import { createAssemblyListItem } from '@/test/factories';
import { type RecordedCall, stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';
import {
  ASSEMBLY_ID,
  createReleasedWorkOrder,
  createWorkOrder,
  listOf,
  OTHER_ASSEMBLY_ID,
  professional,
  userReading,
  VAN_ID,
  warehouses,
} from '../test-factories';

function messageOf(input: HTMLElement): string {
  const ids = input.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

const fill = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });
const user = () => userEvent.setup({ delay: null });
const updateOf = (calls: RecordedCall[]) =>
  calls.filter((c) => c.path === '/api/v1/workorder/wo-1/update').map((c) => JSON.parse(c.body ?? 'null'));

const server = { ...professional(), ...userReading('metric'), ...warehouses() };

describe('/workorder/{workOrderId}/edit', { timeout: 60_000 }, () => {
  it('changes a draft’s details and lines across the tabs and sends only what changed', async () => {
    const draft = createWorkOrder({ dueDate: '2026-12-01', priority: 'normal' });
    const { calls } = stubFetch({
      ...server,
      'GET /api/v1/workorder/wo-1': { body: draft },
      'GET /api/v1/workorders': { body: listOf([]) },
      'GET /api/v1/hoseassemblies': {
        body: listOf([createAssemblyListItem({ _id: OTHER_ASSEMBLY_ID, title: 'HA-0002_B' })]),
      },
      'POST /api/v1/workorder/wo-1/update': { body: { ...draft, priority: 'urgent' } },
    });
    const { router } = renderApp('/workorder/wo-1/edit', signedInDouble());
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit WO-00042' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Details' }).getAttribute('aria-selected')).toBe('true');
    expect((screen.getByRole('combobox', { name: 'Customer' }) as HTMLInputElement).value).toBe(
      'Red Deer Excavating',
    );
    expect((screen.getByLabelText('Due date') as HTMLInputElement).value).toBe('2026-12-01');

    await user().click(screen.getByRole('combobox', { name: 'Priority' }));
    await user().click(await screen.findByRole('option', { name: 'Urgent' }));
    fill(screen.getByRole('textbox', { name: 'Notes' }), 'Customer waiting at the counter');
    // A draft's warehouse can change.
    await user().click(screen.getByRole('combobox', { name: 'Warehouse' }));
    await user().click(await screen.findByRole('option', { name: /VAN-2/ }));

    await user().click(screen.getByRole('tab', { name: 'Lines (1)' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/workorder/wo-1/edit/lines'));
    fill(await screen.findByRole('textbox', { name: 'Quantity of HA-0001_A' }), '4');
    await user().click(screen.getByRole('combobox', { name: 'Add a hose assembly' }));
    await user().click(await screen.findByRole('option', { name: /HA-0002_B/ }));
    expect(screen.getByRole('tab', { name: 'Lines (2)' })).toBeTruthy();

    // Back on the details: what was typed is still there.
    await user().click(screen.getByRole('tab', { name: 'Details' }));
    expect((screen.getByRole('textbox', { name: 'Notes' }) as HTMLInputElement).value).toBe(
      'Customer waiting at the counter',
    );

    await user().click(screen.getByRole('button', { name: 'Save work order' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/workorder/wo-1'));
    expect(updateOf(calls)).toEqual([
      {
        warehouseId: VAN_ID,
        priority: 'urgent',
        notes: 'Customer waiting at the counter',
        lines: [
          { hoseAssemblyId: ASSEMBLY_ID, quantity: 4 },
          { hoseAssemblyId: OTHER_ASSEMBLY_ID, quantity: 1 },
        ],
      },
    ]);
  });

  it('takes the person to the tab where a message is, and sends nothing', async () => {
    const { calls } = stubFetch({
      ...server,
      'GET /api/v1/workorder/wo-1': { body: createWorkOrder() },
    });
    const { router } = renderApp('/workorder/wo-1/edit/lines', signedInDouble());
    const quantity = await screen.findByRole('textbox', { name: 'Quantity of HA-0001_A' });
    fill(quantity, '0');
    await user().click(screen.getByRole('tab', { name: 'Details' }));
    await user().click(screen.getByRole('button', { name: 'Save work order' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/workorder/wo-1/edit/lines'));
    expect(messageOf(screen.getByRole('textbox', { name: 'Quantity of HA-0001_A' }))).toBe(
      'Build at least 1',
    );
    expect(updateOf(calls)).toEqual([]);
  });

  it('explains why a released work order’s lines and warehouse are fixed, and saves its details', async () => {
    const released = createReleasedWorkOrder();
    const { calls } = stubFetch({
      ...server,
      'GET /api/v1/workorder/wo-1': { body: released },
      'POST /api/v1/workorder/wo-1/update': {
        status: 409,
        body: {
          statusCode: 409,
          code: 'CONFLICT',
          message: 'WO-00042 was completed meanwhile: it cannot change',
        },
      },
    });
    renderApp('/workorder/wo-1/edit/lines', signedInDouble());
    expect(await screen.findByText(/The lines change only while the work order is a draft/)).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Add a hose assembly' })).toBeNull();

    await user().click(screen.getByRole('tab', { name: 'Details' }));
    const warehouse = screen.getByRole('combobox', { name: 'Warehouse' });
    expect(warehouse.getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByText(/the warehouse stays once the work order is released/)).toBeTruthy();

    fill(screen.getByLabelText('Due date'), '2026-12-24');
    await user().click(screen.getByRole('button', { name: 'Save work order' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'WO-00042 was completed meanwhile: it cannot change',
    );
    expect(updateOf(calls)).toEqual([{ dueDate: '2026-12-24' }]);
  });

  it('says a completed work order cannot be changed', async () => {
    stubFetch({
      ...server,
      'GET /api/v1/workorder/wo-1': { body: createReleasedWorkOrder({ status: 'completed', picks: [] }) },
    });
    renderApp('/workorder/wo-1/edit', signedInDouble());
    expect(await screen.findByText(/A completed work order cannot be changed/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save work order' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to WO-00042' }).getAttribute('href')).toBe(
      '/workorder/wo-1',
    );
    const header = screen.getByRole('heading', { level: 1, name: 'Edit WO-00042' });
    expect(within(header.parentElement as HTMLElement).getByText('Completed.')).toBeTruthy();
  });
});
