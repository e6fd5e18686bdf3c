import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { signedInDouble } from '@/test/auth-double';
import { createAssemblyListItem, createCustomer } from '@/test/factories';
import { type RecordedCall, stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';
import {
  ASSEMBLY_ID,
  CUSTOMER_ID,
  createAssembly,
  createEstimate,
  createFreightLine,
  createLine,
  createPricing,
  ESTIMATE_ID,
  listOf,
  NEW_ASSEMBLY_ID,
  professional,
} from '../test-factories';

const fill = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });
const user = () => userEvent.setup({ delay: null });
const lastBody = (calls: RecordedCall[], path: string) =>
  JSON.parse(calls.filter((c) => c.path === path).at(-1)?.body ?? 'null');

/** The live pricing: the assembly below the target margin, and the freight at its typed price. */
const pricing = createPricing({
  lines: [
    createLine({
      unitPrice: 4500,
      lineTotal: 9000,
      marginPct: 13.33,
      belowTargetMargin: true,
      pricedBy: { source: 'default', basis: 'defaultMargin', marginPct: 30 },
      pricedByText: 'Shop default: 30% margin',
    }),
    createFreightLine({ unitPrice: 2550, unitPriceOverride: 2550, lineTotal: 2550 }),
  ],
  subtotal: 11550,
  taxes: [{ name: 'GST', ratePct: 5, amount: 578 }],
  taxTotal: 578,
  total: 12128,
});

describe('/customer/{customerId}/salesestimates/new', { timeout: 60_000 }, () => {
  it('prices the lines live, then saves a draft with the override in cents and opens it', async () => {
    const { calls } = stubFetch({
      ...professional(),
      [`GET /api/v1/customer/${CUSTOMER_ID}`]: { body: createCustomer({ _id: CUSTOMER_ID }) },
      'GET /api/v1/hoseassemblies': {
        body: listOf([
          createAssemblyListItem({ _id: ASSEMBLY_ID, title: 'HA-0001_A', description: 'Boom cylinder' }),
        ]),
      },
      'POST /api/v1/salesestimates/price': { body: pricing },
      'POST /api/v1/salesestimates/create': { status: 201, body: createEstimate() },
      [`GET /api/v1/salesestimate/${ESTIMATE_ID}`]: { body: createEstimate() },
    });
    const { router } = renderApp(`/customer/${CUSTOMER_ID}/salesestimates/new`, signedInDouble());
    expect(await screen.findByRole('heading', { level: 1, name: 'New sales estimate' })).toBeTruthy();
    // The customer from the address is chosen; its contacts are offered.
    await waitFor(() =>
      expect((screen.getByRole('combobox', { name: 'Customer' }) as HTMLInputElement).value).toBe(
        'Red Deer Excavating',
      ),
    );
    await user().click(screen.getByRole('combobox', { name: 'Contact' }));
    await user().click(await screen.findByRole('option', { name: 'Pat Buyer · pat@reddeerex.ca' }));
    fill(screen.getByRole('textbox', { name: 'Description' }), 'Loader boom hoses');

    // An assembly from the search, twice: one line of two.
    for (let i = 0; i < 2; i++) {
      await user().click(screen.getByRole('combobox', { name: 'Add a hose assembly' }));
      await user().click(await screen.findByRole('option', { name: /HA-0001_A/ }));
    }
    expect((screen.getByRole('textbox', { name: 'Quantity of HA-0001_A' }) as HTMLInputElement).value).toBe(
      '2',
    );

    // Freight, typed, at a price in dollars.
    await user().click(screen.getByRole('combobox', { name: 'Add a line of' }));
    await user().click(await screen.findByRole('option', { name: 'Freight' }));
    await user().click(screen.getByRole('button', { name: 'Add Freight' }));
    fill(screen.getByRole('textbox', { name: 'Description of line 2' }), 'Courier');
    fill(screen.getByRole('textbox', { name: 'Price of Courier' }), '25.50');

    // The live prices: what priced each line, the warning below target, the totals.
    const lines = screen.getByRole('list', { name: 'Estimate lines' });
    const assembly = within(lines).getByRole('listitem', { name: 'Line 1: HA-0001_A' });
    expect(await within(assembly).findByText('$45.00 each · $90.00')).toBeTruthy();
    expect(within(assembly).getByText('Shop default: 30% margin')).toBeTruthy();
    expect(within(assembly).getByText('Margin 13.33%: below target')).toBeTruthy();
    const freight = within(lines).getByRole('listitem', { name: 'Line 2: Courier' });
    await waitFor(() => expect(within(freight).getByText('$25.50 each · $25.50')).toBeTruthy());
    const totals = screen.getByLabelText('Totals');
    expect(totals.textContent).toContain('GST (5%)$5.78');
    expect(totals.textContent).toContain('Total (CAD)$121.28');
    expect(lastBody(calls, '/api/v1/salesestimates/price')).toMatchObject({
      customerId: CUSTOMER_ID,
      lines: [
        { type: 'assembly', itemId: ASSEMBLY_ID, quantity: 2, unitPriceOverride: null },
        { type: 'freight', itemId: null, description: 'Courier', quantity: 1, unitPriceOverride: 2550 },
      ],
    });

    await user().click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/salesestimate/${ESTIMATE_ID}`));
    const body = lastBody(calls, '/api/v1/salesestimates/create');
    expect(body).toMatchObject({
      customerId: CUSTOMER_ID,
      contact: { name: 'Pat Buyer', email: 'pat@reddeerex.ca', phone: '403-555-0100' },
      description: 'Loader boom hoses',
      notes: '',
      lines: [
        { type: 'assembly', itemId: ASSEMBLY_ID, description: '', quantity: 2, unitPriceOverride: null },
        { type: 'freight', itemId: null, description: 'Courier', quantity: 1, unitPriceOverride: 2550 },
      ],
    });
    expect(body.estimateDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(body.validUntil).toBeUndefined();
  });

  it('says what is missing before anything is sent', async () => {
    const { calls } = stubFetch({ ...professional() });
    renderApp('/salesestimates/new', signedInDouble());
    await screen.findByRole('heading', { level: 1, name: 'New sales estimate' });
    await user().click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('Choose the customer this estimate is for')).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/v1/salesestimates/create')).toBe(false);
  });
});

describe('building a new assembly from /salesestimates/new', { timeout: 60_000 }, () => {
  beforeEach(() => sessionStorage.clear());

  it('keeps what was typed and opens the builder for the customer, with the way back', async () => {
    stubFetch({
      ...professional(),
      'GET /api/v1/customers': { body: listOf([createCustomer({ _id: CUSTOMER_ID })]) },
      [`GET /api/v1/customer/${CUSTOMER_ID}`]: { body: createCustomer({ _id: CUSTOMER_ID }) },
      'POST /api/v1/salesestimates/price': { body: createPricing({ lines: [] }) },
    });
    const { router } = renderApp('/salesestimates/new', signedInDouble());
    await screen.findByRole('heading', { level: 1, name: 'New sales estimate' });
    // Without a customer there is no one to build for.
    const build = screen.getByRole('button', { name: 'Build a new assembly' }) as HTMLButtonElement;
    expect(build.disabled).toBe(true);
    expect(screen.getByText('Choose the customer first: the assembly is built for them.')).toBeTruthy();

    await user().click(screen.getByRole('combobox', { name: 'Customer' }));
    await user().click(await screen.findByRole('option', { name: /Red Deer Excavating/ }));
    await user().click(screen.getByRole('combobox', { name: 'Add a line of' }));
    await user().click(await screen.findByRole('option', { name: 'Labour' }));
    await user().click(screen.getByRole('button', { name: 'Add Labour' }));
    fill(screen.getByRole('textbox', { name: 'Description of line 1' }), 'Pressure test');
    await user().click(screen.getByRole('combobox', { name: 'Add a line of' }));
    await user().click(await screen.findByRole('option', { name: 'Hose assembly' }));
    await user().click(screen.getByRole('button', { name: 'Build a new assembly' }));

    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/customer/${CUSTOMER_ID}/hoseassemblies/new`),
    );
    expect(router.state.location.search).toBe('?returnTo=%2Fsalesestimates%2Fnew');
    expect(await screen.findByText('Building for estimate: saving returns you to it.')).toBeTruthy();
    const kept = JSON.parse(sessionStorage.getItem('estimateDraft:new') ?? 'null');
    expect(kept.details.customer).toEqual({ id: CUSTOMER_ID, name: 'Red Deer Excavating' });
    expect(kept.lines).toMatchObject([{ type: 'labour', description: 'Pressure test', quantity: '1' }]);
  });

  it('comes back with the draft and adds the new assembly as a line of one, priced live', async () => {
    sessionStorage.setItem(
      'estimateDraft:new',
      JSON.stringify({
        details: {
          customer: { id: CUSTOMER_ID, name: 'Red Deer Excavating' },
          contact: null,
          estimateDate: '2026-11-24',
          validUntil: '',
          description: 'Loader boom hoses',
          notes: '',
        },
        lines: [
          {
            key: 'new-1',
            type: 'labour',
            itemId: null,
            title: '',
            description: 'Pressure test',
            quantity: '1',
            price: '',
          },
        ],
      }),
    );
    const { calls } = stubFetch({
      ...professional(),
      [`GET /api/v1/customer/${CUSTOMER_ID}`]: { body: createCustomer({ _id: CUSTOMER_ID }) },
      [`GET /api/v1/hoseassembly/${NEW_ASSEMBLY_ID}`]: { body: createAssembly() },
      'POST /api/v1/salesestimates/price': { body: createPricing({ lines: [] }) },
    });
    const { router } = renderApp(`/salesestimates/new?addAssembly=${NEW_ASSEMBLY_ID}`, signedInDouble());

    const lines = await screen.findByRole('list', { name: 'Estimate lines' });
    const added = await within(lines).findByRole('listitem', { name: 'Line 2: HA-0002_A' });
    expect(within(added).getByText('Bucket curl')).toBeTruthy();
    const quantity = within(added).getByRole('textbox', { name: 'Quantity of HA-0002_A' });
    expect((quantity as HTMLInputElement).value).toBe('1');
    await waitFor(() => expect(document.activeElement).toBe(quantity));
    expect((screen.getByRole('textbox', { name: 'Description of line 1' }) as HTMLInputElement).value).toBe(
      'Pressure test',
    );
    expect((screen.getByRole('combobox', { name: 'Customer' }) as HTMLInputElement).value).toBe(
      'Red Deer Excavating',
    );
    expect((screen.getByRole('textbox', { name: 'Description' }) as HTMLInputElement).value).toBe(
      'Loader boom hoses',
    );
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/salesestimates/new');
    // Given back once: opening the page again starts empty.
    expect(sessionStorage.getItem('estimateDraft:new')).toBeNull();
    await waitFor(() =>
      expect(lastBody(calls, '/api/v1/salesestimates/price')).toMatchObject({
        customerId: CUSTOMER_ID,
        lines: [
          { type: 'labour', itemId: null, description: 'Pressure test', quantity: 1 },
          { type: 'assembly', itemId: NEW_ASSEMBLY_ID, quantity: 1, unitPriceOverride: null },
        ],
      }),
    );
  });
});
