import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signedInDouble } from '@/test/auth-double';
import { createAssemblyListItem, createCustomer } from '@/test/factories';
import { type RecordedCall, stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';
import {
  ASSEMBLY_ID,
  CUSTOMER_ID,
  createAssembly,
  createKit,
  createKitListItem,
  createWorkOrder,
  KIT_ID,
  listOf,
  MAIN_ID,
  OTHER_ASSEMBLY_ID,
  professional,
  userReading,
  warehouses,
} from '../test-factories';

/** The helper text a field is described by: where its message shows. */
function messageOf(input: HTMLElement): string {
  const ids = input.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

const fill = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });
const user = () => userEvent.setup({ delay: null });
const created = createWorkOrder({ _id: 'wo-9', number: 'WO-00050' });
/** What the last create call sent. */
const bodyOf = (calls: RecordedCall[]) =>
  JSON.parse(calls.filter((c) => c.path === '/api/v1/workorders/create').at(-1)?.body ?? 'null');

const server = {
  ...professional(),
  ...userReading('metric'),
  ...warehouses(),
  'GET /api/v1/workorder/wo-9': { body: created },
};

describe('/workorders/new', { timeout: 60_000 }, () => {
  it('builds a work order from searched assemblies with quantities and details, and opens it', async () => {
    const { calls } = stubFetch({
      ...server,
      'GET /api/v1/hoseassemblies': {
        body: listOf([
          createAssemblyListItem({ _id: ASSEMBLY_ID, title: 'HA-0001_A', description: 'Boom cylinder' }),
          createAssemblyListItem({ _id: OTHER_ASSEMBLY_ID, title: 'HA-0002_B', description: 'Bucket curl' }),
        ]),
      },
      'POST /api/v1/workorders/create': { status: 201, body: created },
    });
    const { router } = renderApp('/workorders/new', signedInDouble());
    expect(await screen.findByRole('heading', { level: 1, name: 'New work order' })).toBeTruthy();

    // Nothing to build yet: the contract's message, and nothing is sent.
    await user().click(screen.getByRole('button', { name: 'Create work order' }));
    expect(messageOf(screen.getByRole('combobox', { name: 'Add a hose assembly' }))).toBe(
      'Add at least one hose assembly to build',
    );
    expect(screen.getByRole('alert').textContent).toContain('Fix the highlighted field.');

    await user().click(screen.getByRole('combobox', { name: 'Add a hose assembly' }));
    await user().click(await screen.findByRole('option', { name: /HA-0001_A/ }));
    await user().click(screen.getByRole('combobox', { name: 'Add a hose assembly' }));
    await user().click(await screen.findByRole('option', { name: /HA-0002_B/ }));
    const lines = screen.getByRole('list', { name: 'Assemblies to build' });
    expect(
      within(lines)
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('aria-label')),
    ).toEqual(['Line 1: HA-0001_A', 'Line 2: HA-0002_B']);
    // A quantity that is not a whole number says so on its line; messages follow the typing.
    const first = screen.getByRole('textbox', { name: 'Quantity of HA-0001_A' });
    fill(first, '2.5');
    expect(await screen.findByText('Build whole units')).toBeTruthy();
    fill(first, '3');
    await waitFor(() => expect(screen.queryByText('Build whole units')).toBeNull());
    await user().click(screen.getByRole('button', { name: 'Remove HA-0002_B' }));

    fill(screen.getByLabelText('Due date'), '2026-12-01');
    await user().click(screen.getByRole('combobox', { name: 'Priority' }));
    await user().click(await screen.findByRole('option', { name: 'Urgent' }));
    fill(screen.getByRole('textbox', { name: 'Description' }), 'Loader boom hoses');
    // The warehouse picker has chosen the default.
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Warehouse' }).textContent).toContain('MAIN'),
    );

    await user().click(screen.getByRole('button', { name: 'Create work order' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/workorder/wo-9'));
    expect(bodyOf(calls)).toEqual({
      from: 'assemblies',
      warehouseId: MAIN_ID,
      dueDate: '2026-12-01',
      priority: 'urgent',
      description: 'Loader boom hoses',
      notes: '',
      lines: [{ hoseAssemblyId: ASSEMBLY_ID, quantity: 3 }],
    });
  });

  it('starts from the assembly and the customer in the link', async () => {
    const { calls } = stubFetch({
      ...server,
      [`GET /api/v1/hoseassembly/${ASSEMBLY_ID}`]: { body: createAssembly() },
      [`GET /api/v1/customer/${CUSTOMER_ID}`]: { body: createCustomer({ _id: CUSTOMER_ID }) },
      'POST /api/v1/workorders/create': { status: 201, body: created },
    });
    const { router } = renderApp(
      `/workorders/new?hoseAssemblyId=${ASSEMBLY_ID}&customerId=${CUSTOMER_ID}`,
      signedInDouble(),
    );
    const lines = await screen.findByRole('list', { name: 'Assemblies to build' });
    expect(within(lines).getByText('HA-0001_A')).toBeTruthy();
    expect(within(lines).getByText('Boom cylinder')).toBeTruthy();
    expect((screen.getByRole('combobox', { name: 'Customer' }) as HTMLInputElement).value).toBe(
      'Red Deer Excavating',
    );
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Warehouse' }).textContent).toContain('MAIN'),
    );
    await user().click(screen.getByRole('button', { name: 'Create work order' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/workorder/wo-9'));
    expect(bodyOf(calls)).toMatchObject({
      from: 'assemblies',
      customerId: CUSTOMER_ID,
      lines: [{ hoseAssemblyId: ASSEMBLY_ID, quantity: 1 }],
    });
  });

  it('builds a number of kits, from the kit in the link or one searched', async () => {
    const { calls } = stubFetch({
      ...server,
      [`GET /api/v1/hosekit/${KIT_ID}`]: { body: createKit() },
      'GET /api/v1/hosekits': {
        body: listOf([createKitListItem(), createKitListItem({ _id: 'kit-2', title: 'KIT-200_A' })]),
      },
      'POST /api/v1/workorders/create': { status: 201, body: created },
    });
    const { router } = renderApp(`/workorders/new?hoseKitId=${KIT_ID}`, signedInDouble());
    const kit = (await screen.findByRole('combobox', { name: 'Kit' })) as HTMLInputElement;
    expect(kit.value).toBe('KIT-100_A');
    expect(screen.getByRole('button', { name: 'A kit' }).getAttribute('aria-pressed')).toBe('true');

    // Clearing the kit is refused before sending.
    await user().clear(kit);
    await user().click(screen.getByRole('button', { name: 'Create work order' }));
    await waitFor(() => expect(messageOf(kit)).toBe('Choose the kit to build'));

    await user().click(kit);
    const option = await screen.findByRole('option', { name: /KIT-100_A/ });
    expect(
      within(option).getByText('Excavator boom kit · CAT 320 boom · Red Deer Excavating · 3 lines'),
    ).toBeTruthy();
    await user().click(option);
    fill(screen.getByRole('textbox', { name: 'Number of kits' }), '2');
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Warehouse' }).textContent).toContain('MAIN'),
    );
    await user().click(screen.getByRole('button', { name: 'Create work order' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/workorder/wo-9'));
    expect(bodyOf(calls)).toMatchObject({ from: 'kit', hoseKitId: KIT_ID, quantity: 2 });
    expect(bodyOf(calls).lines).toBeUndefined();
  });

  it('reorders from a tag’s serial: an unknown serial and a bad field are shown where they belong', async () => {
    let answer: 'unknown' | 'badDate' | 'ok' = 'unknown';
    const { calls } = stubFetch({
      ...server,
      'POST /api/v1/workorders/create': () =>
        answer === 'unknown'
          ? {
              status: 404,
              body: { statusCode: 404, code: 'NOT_FOUND', message: 'No unit has the serial 7K3M9Q2XZZ' },
            }
          : answer === 'badDate'
            ? {
                status: 400,
                body: {
                  statusCode: 400,
                  code: 'BAD_REQUEST',
                  message: 'Check the fields',
                  details: { issues: [{ path: ['dueDate'], message: 'The due date cannot be in the past' }] },
                },
              }
            : { status: 201, body: created },
    });
    const { router } = renderApp('/workorders/new?serialId=7K3M9Q2XZZ', signedInDouble());
    const serial = (await screen.findByRole('textbox', {
      name: 'Serial number on the tag',
    })) as HTMLInputElement;
    expect(serial.value).toBe('7K3M9Q2XZZ');
    expect(screen.getByRole('button', { name: 'A tag (reorder)' }).getAttribute('aria-pressed')).toBe('true');
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Warehouse' }).textContent).toContain('MAIN'),
    );

    await user().click(screen.getByRole('button', { name: 'Create work order' }));
    await waitFor(() => expect(messageOf(serial)).toBe('No unit has the serial 7K3M9Q2XZZ'));
    expect(router.state.location.pathname).toBe('/workorders/new');
    expect(bodyOf(calls)).toMatchObject({ from: 'reorder', serialId: '7K3M9Q2XZZ', quantity: 1 });

    answer = 'badDate';
    // The address a scanner pastes from the QR code gives its serial.
    fill(serial, 'https://hosewright.example/qs/7k3m-9q2x-ab');
    fill(screen.getByLabelText('Due date'), '2020-01-01');
    await user().click(screen.getByRole('button', { name: 'Create work order' }));
    await waitFor(() =>
      expect(messageOf(screen.getByLabelText('Due date'))).toBe('The due date cannot be in the past'),
    );

    answer = 'ok';
    fill(screen.getByLabelText('Due date'), '');
    await user().click(screen.getByRole('button', { name: 'Create work order' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/workorder/wo-9'));
    expect(bodyOf(calls)).toMatchObject({ from: 'reorder', serialId: '7K3M9Q2XAB', dueDate: null });
  });

  it('says so when the assembly in the link does not exist, and leaves the form to fill', async () => {
    stubFetch({
      ...server,
      'GET /api/v1/hoseassembly/gone': {
        status: 404,
        body: { statusCode: 404, code: 'NOT_FOUND', message: 'This hose assembly was not found' },
      },
    });
    renderApp('/workorders/new?hoseAssemblyId=gone', signedInDouble());
    expect(
      await screen.findByText('The hose assembly in the link was not found. Search for it below.'),
    ).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Add a hose assembly' })).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Assemblies to build' })).toBeNull();
  });
});
