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
  createEstimate,
  createFreightLine,
  createLine,
  createPricing,
  ESTIMATE_ID,
  listOf,
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
