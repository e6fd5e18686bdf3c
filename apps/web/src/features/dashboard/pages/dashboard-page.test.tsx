import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { storeAccessToken } from '@/lib/session';
import { signedInDouble } from '@/test/auth-double';
import { stubFetch } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render-app';
import { DashboardPage } from './dashboard-page';

const NOW = new Date('2026-06-01T12:00:00Z');

const dashboard = {
  organization: { _id: 'org-1', name: 'Prairie Hydraulics' },
  subscription: {
    subscriptionType: 'trial',
    expires: '2026-06-11T12:00:00.000Z',
    maxCustomers: 25,
    maxHoseAssemblies: 50,
    maxHoseKits: 10,
  },
  counts: { users: 3, customers: 12, purchaseOrders: 2 },
};

describe('dashboard', () => {
  // Rendered alone, the page has no session start: the API client falls back to the stored token.
  beforeEach(() => storeAccessToken('tok'));

  it('shows the organisation, plan, expiry, days left and the counts', async () => {
    stubFetch({ 'GET /api/v1/dashboard': { body: dashboard } });
    renderWithProviders(<DashboardPage now={NOW} />, { auth: signedInDouble() });
    expect(await screen.findByRole('heading', { name: 'Prairie Hydraulics' })).toBeTruthy();
    expect(screen.getByText('Trial')).toBeTruthy();
    expect(screen.getByText(/June 11, 2026/)).toBeTruthy();
    expect(screen.getByText('10 days left')).toBeTruthy();
    const users = screen.getByRole('region', { name: 'Users' });
    expect(within(users).getByText('3')).toBeTruthy();
    const customers = screen.getByRole('region', { name: 'Customers' });
    expect(within(customers).getByText('12')).toBeTruthy();
    expect(within(customers).getByText('of 25 in your plan')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Purchase orders' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Upgrade your plan' }).getAttribute('href')).toBe(
      '/upgradesubscription',
    );
  });

  it('shows loading skeletons, then an error with a retry', async () => {
    let attempts = 0;
    stubFetch({
      'GET /api/v1/dashboard': () => {
        attempts += 1;
        return attempts === 1
          ? { status: 500, body: { statusCode: 500, code: 'INTERNAL', message: 'Server trouble' } }
          : { body: dashboard };
      },
    });
    renderWithProviders(<DashboardPage now={NOW} />, { auth: signedInDouble() });
    expect(screen.getByRole('status', { name: 'Loading…' })).toBeTruthy();
    expect(await screen.findByText(/The dashboard could not be loaded\. Server trouble/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Prairie Hydraulics' })).toBeTruthy();
  });

  it('says when the plan has expired', async () => {
    stubFetch({
      'GET /api/v1/dashboard': {
        body: {
          ...dashboard,
          subscription: { ...dashboard.subscription, expires: '2026-05-01T00:00:00.000Z' },
        },
      },
    });
    renderWithProviders(<DashboardPage now={NOW} />, { auth: signedInDouble() });
    expect(await screen.findByText('expired')).toBeTruthy();
  });
});
