import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signedInDouble } from '@/test/auth-double';
import { createSessionProfile } from '@/test/factories';
import { stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';

const ORG = '/api/v1/organization';
const session = (roles: string[]) => ({
  'POST /api/v1/sessions/create': { body: createSessionProfile({ userRoles: roles }) },
});
const dashboard = {
  organization: { _id: 'org-1', name: 'Prairie Hydraulics' },
  subscription: {
    subscriptionType: 'trial',
    expires: '2099-06-11T12:00:00.000Z',
    maxCustomers: 25,
    maxHoseAssemblies: 50,
    maxHoseKits: 10,
  },
  counts: { users: 1 },
  week: { days: [] },
  workOrders: null,
  estimates: null,
  lowStock: null,
  attention: { importsFailed: null, notificationsUnread: 0 },
  usage: [],
};

describe('the first-run offer of the library', { timeout: 30_000 }, () => {
  it('offers a new shop the sample catalogue on the dashboard, and loads it in one click', async () => {
    let loaded = false;
    const { calls } = stubFetch({
      ...session(['admin']),
      'GET /api/v1/dashboard': { body: dashboard },
      [`GET ${ORG}/sampledata`]: () => ({ body: { loaded, count: loaded ? 64 : 0 } }),
      [`GET ${ORG}/items`]: { body: { items: [], total: 0, page: 1 } },
      [`POST ${ORG}/sampledata/load`]: () => {
        loaded = true;
        return { body: { loaded: true, count: 64 } };
      },
    });
    renderApp('/dashboard', signedInDouble());
    const offer = await screen.findByRole('region', { name: 'Your catalogue' });
    expect(within(offer).getByText(/Your library is empty/)).toBeTruthy();
    expect(within(offer).getByRole('link', { name: 'Import your catalogue' }).getAttribute('href')).toBe(
      '/components/import',
    );
    await userEvent.click(within(offer).getByRole('button', { name: 'Load the sample catalogue' }));
    expect(await screen.findByText(/Sample catalogue loaded: 64 items/)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST' && c.path === `${ORG}/sampledata/load`)).toBe(true);
    // The library holds something now: the offer steps aside.
    await screen.findByRole('heading', { name: 'Prairie Hydraulics' });
    expect(screen.queryByRole('region', { name: 'Your catalogue' })).toBeNull();
  });

  it('tells a member to ask an admin, with nothing to click', async () => {
    stubFetch({
      ...session(['user']),
      'GET /api/v1/dashboard': { body: dashboard },
      [`GET ${ORG}/sampledata`]: { body: { loaded: false, count: 0 } },
      [`GET ${ORG}/items`]: { body: { items: [], total: 0, page: 1 } },
    });
    renderApp('/dashboard', signedInDouble());
    const offer = await screen.findByRole('region', { name: 'Your catalogue' });
    expect(within(offer).getByText(/Ask an admin to load the sample catalogue/)).toBeTruthy();
    expect(within(offer).queryByRole('button')).toBeNull();
  });

  it('stays away from a shop whose library holds its own items', async () => {
    const { calls } = stubFetch({
      ...session(['admin']),
      'GET /api/v1/dashboard': { body: dashboard },
      [`GET ${ORG}/sampledata`]: { body: { loaded: false, count: 0 } },
      [`GET ${ORG}/items`]: { body: { items: [], total: 120, page: 1 } },
    });
    renderApp('/dashboard', signedInDouble());
    await screen.findByRole('heading', { name: 'Prairie Hydraulics' });
    // Both answers are in (and rendered) before the offer's absence means anything.
    await waitFor(() =>
      expect(calls.filter((c) => c.path === `${ORG}/items` || c.path === `${ORG}/sampledata`)).toHaveLength(
        2,
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole('region', { name: 'Your catalogue' })).toBeNull();
  });
});
