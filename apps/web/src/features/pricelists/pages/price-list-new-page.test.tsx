import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signedInDouble } from '@/test/auth-double';
import { createCustomer, createSessionProfile } from '@/test/factories';
import { stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';
import { CUSTOMER_ID, createPriceList, LIST_ID } from '../test-factories';

describe('/pricelists/new', { timeout: 30_000 }, () => {
  it('creates a list in a currency of the organisation for the customers chosen, then opens it', async () => {
    const created = createPriceList({ versions: [], inForce: null, draft: null });
    const { calls } = stubFetch({
      'POST /api/v1/sessions/create': {
        body: createSessionProfile({ userRoles: ['admin'], subscription: 'enterprise' }),
      },
      'GET /api/v1/organization/currencies': {
        body: {
          baseCurrency: 'CAD',
          currencies: [{ code: 'USD', rate: 0.73, updatedAt: '2026-11-20T10:00:00.000Z' }],
        },
      },
      'GET /api/v1/customers': {
        body: { items: [createCustomer({ _id: CUSTOMER_ID })], total: 1, page: 1 },
      },
      'POST /api/v1/pricelists/create': { status: 201, body: created },
      [`GET /api/v1/pricelist/${LIST_ID}`]: { body: created },
      [`GET /api/v1/pricelist/${LIST_ID}/items`]: { body: { items: [], total: 0, page: 1 } },
      [`GET /api/v1/pricelist/${LIST_ID}/alerts`]: {
        body: { targetMarginPct: 25, versionId: null, alerts: [] },
      },
    });
    const { router } = renderApp('/pricelists/new', signedInDouble());
    expect(await screen.findByRole('heading', { level: 1, name: 'New price list' })).toBeTruthy();

    // Nothing typed: the contract's message, nothing sent.
    await userEvent.click(screen.getByRole('button', { name: 'Create price list' }));
    expect(await screen.findByText('Name the price list')).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/v1/pricelists/create')).toBe(false);

    fireEvent.change(screen.getByRole('textbox', { name: /^Name/ }), { target: { value: 'Fleet 2027' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Description' }), {
      target: { value: 'Fleet customers' },
    });
    await userEvent.click(await screen.findByRole('combobox', { name: 'Currency' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['CAD (base currency)', 'USD']);
    await userEvent.click(screen.getByRole('option', { name: 'USD' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Customers' }));
    await userEvent.click(await screen.findByRole('option', { name: /Red Deer Excavating/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Create price list' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`/pricelist/${LIST_ID}`));
    const post = calls.find((c) => c.path === '/api/v1/pricelists/create');
    expect(JSON.parse(post?.body ?? '{}')).toEqual({
      name: 'Fleet 2027',
      description: 'Fleet customers',
      currency: 'USD',
      customerIds: [CUSTOMER_ID],
    });
  });
});
