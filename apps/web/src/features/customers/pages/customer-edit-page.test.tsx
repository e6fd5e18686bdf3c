import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signedInDouble } from '@/test/auth-double';
import { createCustomer, createSessionProfile } from '@/test/factories';
import { stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';

const regular = {
  'POST /api/v1/sessions/create': { body: createSessionProfile({ userRoles: ['regular'] }) },
  // The organisation keeps USD and prices some customers in CAD at 1.5 CAD for 1 USD.
  'GET /api/v1/organization/currencies': {
    body: {
      baseCurrency: 'USD',
      currencies: [{ code: 'CAD', rate: 1.5, updatedAt: '2026-11-20T10:00:00.000Z' }],
    },
  },
  'GET /api/v1/organization/defaults': {
    body: {
      defaultMarginPct: 30,
      currency: 'USD',
      labourRate: 3,
      wasteAllowancePct: 0,
      partNumberPattern: 'C-{00000}',
      workOrderNumberPattern: 'WO-{00000}',
      remnantLengthMm: 1500,
      hoseShelfLifeMonths: 48,
      estimateNumberPattern: 'SE-{00000}',
      estimateValidityDays: 30,
      minimumCharge: 0,
      targetMarginPct: 20,
      estimateTerms: '',
      shopAddress: null,
      shopPhone: '',
      shopEmail: '',
      unitSystem: null,
    },
  },
};

describe('the customer form', { timeout: 30_000 }, () => {
  it('says what is wrong in each field, in words a person understands, and sends nothing', async () => {
    const { calls } = stubFetch({ ...regular });
    renderApp('/customers/new', signedInDouble());
    expect(await screen.findByRole('heading', { level: 1, name: 'New customer' })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Add a contact' }));
    const contact = screen.getByRole('group', { name: 'Contact 1' });
    fireEvent.change(within(contact).getByLabelText('Email'), { target: { value: 'pat at example' } });
    fireEvent.change(screen.getByLabelText('Margin (% of sell price)'), { target: { value: '100' } });
    fireEvent.change(screen.getByLabelText('Web domain'), { target: { value: 'not a domain' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save customer' }));

    expect(await screen.findByText('Enter the customer’s name')).toBeTruthy();
    expect(screen.getByText('Enter the contact’s name')).toBeTruthy();
    expect(screen.getByText('Enter an email such as buyer@acme.com')).toBeTruthy();
    expect(screen.getByText('The margin must be below 100%')).toBeTruthy();
    expect(screen.getByText('Enter a web domain such as acme.com')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Fix the 5 highlighted fields before saving.');
    expect(calls.some((c) => c.path.startsWith('/api/v1/customer/'))).toBe(false);

    // Fixing a field clears its message as you type.
    fireEvent.change(screen.getAllByLabelText(/^Name/)[0]!, { target: { value: 'Bow River Cranes' } });
    await waitFor(() => expect(screen.queryByText('Enter the customer’s name')).toBeNull());
  });

  it('shows an example price with the margin of the sell price, then saves and opens the customer', async () => {
    const saved = createCustomer({ _id: 'cust-9', name: 'Bow River Cranes', marginPct: 30, discountPct: 10 });
    const { calls } = stubFetch({
      ...regular,
      'POST /api/v1/customer/new/update': { body: saved },
      'GET /api/v1/customer/cust-9': { body: saved },
    });
    const { router } = renderApp('/customers/new', signedInDouble());
    await screen.findByRole('heading', { level: 1, name: 'New customer' });

    // Default margin 30% on a cost of 70 sells at 100, in the base currency until another is chosen.
    await waitFor(() =>
      expect(screen.getByTestId('price-preview').textContent).toBe(
        'A part that costs US$70 sells to this customer at US$100.',
      ),
    );
    fireEvent.change(screen.getByLabelText('Discount (% off the price)'), { target: { value: '10' } });
    expect(screen.getByTestId('price-preview').textContent).toBe(
      'A part that costs US$70 sells to this customer at US$90.',
    );
    // The currencies offered are the base and the organisation's others; CAD prices are × 1.5.
    await userEvent.click(screen.getByRole('combobox', { name: 'Currency' }));
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['USD (base currency)', 'CAD']);
    await userEvent.click(screen.getByRole('option', { name: 'CAD' }));
    expect(screen.getByTestId('price-preview').textContent).toBe(
      'A part that costs US$70 sells to this customer at $135.',
    );
    expect(screen.getByText('Prices are the USD price × 1.5, in CAD.')).toBeTruthy();

    fireEvent.change(screen.getAllByLabelText(/^Name/)[0]!, { target: { value: 'Bow River Cranes' } });
    fireEvent.change(screen.getByLabelText('Margin (% of sell price)'), { target: { value: '30' } });
    fireEvent.change(screen.getByLabelText('Account number'), { target: { value: 'BRC-7' } });
    fireEvent.change(screen.getByLabelText('Street address', { selector: 'input' }), {
      target: { value: '1 River Rd' },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Save customer' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/customer/cust-9'));
    const post = calls.find((c) => c.path === '/api/v1/customer/new/update');
    expect(JSON.parse(post?.body ?? '{}')).toMatchObject({
      name: 'Bow River Cranes',
      accountNumber: 'BRC-7',
      marginPct: 30,
      discountPct: 10,
      currency: 'CAD',
      billingAddress: { line1: '1 River Rd', city: '' },
      shippingAddress: null,
      contacts: [],
    });
  });

  it('shows the plan limit message with a link to upgrade', async () => {
    stubFetch({
      ...regular,
      'POST /api/v1/customer/new/update': {
        status: 403,
        body: {
          statusCode: 403,
          code: 'LIMIT_REACHED',
          message: 'Your plan allows 25 customers and you have 25. Upgrade your subscription to add more.',
          details: { limit: 'maxCustomers', max: 25, count: 25, upgradeUrl: '/upgradesubscription' },
        },
      },
    });
    renderApp('/customers/new', signedInDouble());
    await screen.findByRole('heading', { level: 1, name: 'New customer' });
    fireEvent.change(screen.getAllByLabelText(/^Name/)[0]!, { target: { value: 'One too many' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save customer' }));
    const alert = await screen.findByText(/Your plan allows 25 customers and you have 25/);
    expect(alert.closest('[role="alert"]')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Upgrade your subscription' }).getAttribute('href')).toBe(
      '/upgradesubscription',
    );
  });

  it('edits an existing customer with its values filled in', async () => {
    const customer = createCustomer();
    const { calls } = stubFetch({
      ...regular,
      'GET /api/v1/customer/cust-1': { body: customer },
      'POST /api/v1/customer/cust-1/update': { body: { ...customer, name: 'Red Deer Excavating Ltd.' } },
    });
    const { router } = renderApp('/customer/cust-1/edit', signedInDouble());
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Red Deer Excavating' })).toBeTruthy();
    expect((screen.getByLabelText('Margin (% of sell price)') as HTMLInputElement).value).toBe('35');
    const contact = screen.getByRole('group', { name: 'Contact 1' });
    expect((within(contact).getByLabelText('Email') as HTMLInputElement).value).toBe('pat@reddeerex.ca');
    await userEvent.type(screen.getAllByLabelText(/^Name/)[0]!, ' Ltd.');
    await userEvent.click(screen.getByRole('button', { name: 'Save customer' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/customer/cust-1'));
    const post = calls.find((c) => c.path === '/api/v1/customer/cust-1/update');
    expect(JSON.parse(post?.body ?? '{}')).toMatchObject({ name: 'Red Deer Excavating Ltd.', marginPct: 35 });
  });

  it('loads the customer’s taxes, checks their rates and sends them back on save', async () => {
    const customer = createCustomer({
      taxes: [
        { name: 'GST', ratePct: 5 },
        { name: 'QST', ratePct: 9.975 },
      ],
    });
    const { calls } = stubFetch({
      ...regular,
      'GET /api/v1/customer/cust-1': { body: customer },
      'POST /api/v1/customer/cust-1/update': { body: customer },
    });
    const { router } = renderApp('/customer/cust-1/edit', signedInDouble());
    await screen.findByRole('heading', { level: 1, name: 'Edit Red Deer Excavating' });
    const second = screen.getByRole('group', { name: 'Tax 2' });
    expect((within(second).getByLabelText('Tax') as HTMLInputElement).value).toBe('QST');
    expect((within(second).getByLabelText('Rate') as HTMLInputElement).value).toBe('9.975');

    // A rate above 100% is refused on its field, and nothing is sent.
    await userEvent.click(screen.getByRole('button', { name: 'Add a tax' }));
    const third = screen.getByRole('group', { name: 'Tax 3' });
    fireEvent.change(within(third).getByLabelText('Tax'), { target: { value: 'PST' } });
    fireEvent.change(within(third).getByLabelText('Rate'), { target: { value: '150' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save customer' }));
    expect(await within(third).findByText('The tax rate must be at most 100%')).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/v1/customer/cust-1/update')).toBe(false);

    fireEvent.change(within(third).getByLabelText('Rate'), { target: { value: '7' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save customer' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/customer/cust-1'));
    const post = calls.find((c) => c.path === '/api/v1/customer/cust-1/update');
    expect(JSON.parse(post?.body ?? '{}').taxes).toEqual([
      { name: 'GST', ratePct: 5 },
      { name: 'QST', ratePct: 9.975 },
      { name: 'PST', ratePct: 7 },
    ]);
  });

  it('keeps the taxes as they are when something else is changed', async () => {
    const customer = createCustomer({ taxes: [{ name: 'HST', ratePct: 13 }] });
    const { calls } = stubFetch({
      ...regular,
      'GET /api/v1/customer/cust-1': { body: customer },
      'POST /api/v1/customer/cust-1/update': { body: customer },
    });
    const { router } = renderApp('/customer/cust-1/edit', signedInDouble());
    await screen.findByRole('heading', { level: 1, name: 'Edit Red Deer Excavating' });
    fireEvent.change(screen.getByLabelText('Tax number'), { target: { value: '123456789RT0001' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save customer' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/customer/cust-1'));
    const post = calls.find((c) => c.path === '/api/v1/customer/cust-1/update');
    expect(JSON.parse(post?.body ?? '{}')).toMatchObject({
      taxNumber: '123456789RT0001',
      taxes: [{ name: 'HST', ratePct: 13 }],
    });
  });
});
