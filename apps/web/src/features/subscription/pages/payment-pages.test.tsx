import type { Billing } from '@hosewright/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { replaceLeaveApp } from '@/lib/navigation';
import { useSessionStore } from '@/lib/session';
import { signedInDouble } from '@/test/auth-double';
import { createRolesAndSubscription, createSessionProfile } from '@/test/factories';
import { type RecordedCall, stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

function billing(over: Partial<Billing> = {}): Billing {
  return {
    tier: 'trial',
    status: 'trial',
    expires: inDays(12),
    currentPeriodEnd: null,
    cancelAtPeriodEnd: false,
    graceEndsAt: null,
    card: null,
    testMode: true,
    invoices: [],
    ...over,
  };
}

let left: string[] = [];
let undo: () => void = () => {};
beforeEach(() => {
  left = [];
  undo = replaceLeaveApp((url) => left.push(url));
});
afterEach(() => undo());

function server(options: {
  roles?: string[];
  tier?: 'trial' | 'professional';
  expired?: boolean;
  billing?: Billing;
  checkout?: (call: RecordedCall) => { status?: number; body?: unknown };
  checkoutResult?: { status: 'complete' | 'open' | 'expired'; tier: 'trial' | 'professional' };
}) {
  const profile = {
    userRoles: options.roles ?? ['admin'],
    subscription: options.tier ?? 'trial',
    subscriptionExpires: options.expired ? inDays(-3) : inDays(12),
  } as const;
  return stubFetch({
    'POST /api/v1/sessions/create': { body: createSessionProfile(profile) },
    'GET /api/v1/organization/billing': { body: options.billing ?? billing() },
    'POST /api/v1/billing/checkout': options.checkout ?? (() => ({ body: { url: 'http://pay.test/c/1' } })),
    'GET /api/v1/billing/checkout/cs_1': {
      body: options.checkoutResult ?? { status: 'complete', tier: 'professional' },
    },
    'POST /api/v1/billing/portal': { body: { url: 'http://pay.test/portal/1' } },
    'GET /api/v1/organization/userrolesandsubscription': {
      body: createRolesAndSubscription({
        ...profile,
        subscription: 'professional',
        subscriptionExpires: inDays(30),
      }),
    },
  });
}

describe('/upgradesubscription', { timeout: 60_000 }, () => {
  it('lets an admin choose a plan: the checkout page opens, in test mode it says so', async () => {
    const { calls } = server({});
    renderApp('/upgradesubscription', signedInDouble());
    expect(
      await screen.findByText('Test mode: payments go to the built-in test provider and no card is charged.'),
    ).toBeTruthy();
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Choose Professional' }));
    await waitFor(() => expect(left).toEqual(['http://pay.test/c/1']));
    const sent = calls.find((c) => c.path === '/api/v1/billing/checkout');
    expect(JSON.parse(sent?.body ?? '{}')).toEqual({ tier: 'professional' });
  });

  it('shows what the server refuses and stays', async () => {
    server({
      checkout: () => ({
        status: 409,
        body: { statusCode: 409, code: 'CONFLICT', message: 'A checkout is already being paid' },
      }),
    });
    renderApp('/upgradesubscription', signedInDouble());
    const user = userEvent.setup({ delay: null });
    const choose = await screen.findByRole('button', { name: 'Choose Enterprise' });
    await waitFor(() => expect((choose as HTMLButtonElement).disabled).toBe(false));
    await user.click(choose);
    expect((await screen.findAllByText('A checkout is already being paid')).length).toBeGreaterThan(0);
    expect(left).toEqual([]);
  });

  it('tells a regular user to ask an admin, with no plan buttons', async () => {
    const { calls } = server({ roles: ['regular'] });
    renderApp('/upgradesubscription', signedInDouble());
    expect(
      await screen.findByText(
        'Only an admin of your organization can pay for a plan. Ask an admin to upgrade.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Choose Professional' })).toBeNull();
    expect(calls.some((c) => c.path === '/api/v1/organization/billing')).toBe(false);
  });

  it('stays open to an admin whose plan has expired', async () => {
    server({ expired: true });
    renderApp('/upgradesubscription', signedInDouble());
    expect(await screen.findByRole('button', { name: 'Choose Professional' })).toBeTruthy();
  });
});

describe('back from the payment page', { timeout: 60_000 }, () => {
  it('confirms the payment, refreshes the plan the app holds and offers the work orders', async () => {
    server({});
    const { router } = renderApp('/stripe/callback?session_id=cs_1', signedInDouble());
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment/success'));
    expect(
      await screen.findByText(
        'Thank you. Your organization is now on Professional: everything it includes is open.',
      ),
    ).toBeTruthy();
    await waitFor(() => expect(useSessionStore.getState().access?.subscription?.tier).toBe('professional'));
    expect(screen.getByRole('link', { name: 'Go to work orders' }).getAttribute('href')).toBe('/workorders');
  });

  it('an abandoned checkout lands on the cancel page, where nothing was charged', async () => {
    server({ checkoutResult: { status: 'expired', tier: 'trial' } });
    const { router } = renderApp('/stripe/callback?session_id=cs_1', signedInDouble());
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment/cancel'));
    expect(await screen.findByText('Nothing was charged and your plan has not changed.')).toBeTruthy();
  });
});

describe('/organization/billing', { timeout: 60_000 }, () => {
  it('shows the plan, the card, the renewal and the invoices, and opens the portal', async () => {
    server({
      tier: 'professional',
      billing: billing({
        tier: 'professional',
        status: 'active',
        currentPeriodEnd: '2026-12-24T12:00:00.000Z',
        card: { brand: 'visa', last4: '4242' },
        invoices: [
          {
            _id: 'in_1',
            number: 'HW-0001',
            date: '2026-11-24T12:00:00.000Z',
            periodStart: '2026-11-24T12:00:00.000Z',
            periodEnd: '2026-12-24T12:00:00.000Z',
            tier: 'professional',
            amount: 7900,
            currency: 'USD',
            status: 'paid',
          },
        ],
      }),
    });
    renderApp('/organization/billing', signedInDouble());
    expect(await screen.findByText('Visa ending in 4242')).toBeTruthy();
    expect(screen.getByText('Active')).toBeTruthy();
    expect(screen.getByText(/Renews on December 24, 2026/)).toBeTruthy();
    const invoices = screen.getByRole('table', { name: 'Invoices of your organization' });
    const row = within(invoices).getAllByRole('row')[1]!;
    expect(row.textContent).toContain('HW-0001');
    expect(row.textContent).toContain('US$79');
    expect(within(row).getByRole('button', { name: 'Download invoice HW-0001 as PDF' })).toBeTruthy();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Change plan or card' }));
    await waitFor(() => expect(left).toEqual(['http://pay.test/portal/1']));
  });

  it('is for admins only', async () => {
    server({ roles: ['regular'] });
    const { router } = renderApp('/organization/billing', signedInDouble());
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/organization/billing'));
  });
});
