import type { Dashboard } from '@hosewright/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { storeAccessToken, useSessionStore } from '@/lib/session';
import { signedInDouble } from '@/test/auth-double';
import { stubFetch } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render-app';
import { DashboardPage } from './dashboard-page';

const NOW = new Date('2026-06-01T12:00:00Z');
const DAYS = [
  '2026-05-26',
  '2026-05-27',
  '2026-05-28',
  '2026-05-29',
  '2026-05-30',
  '2026-05-31',
  '2026-06-01',
];
const MB = 1024 * 1024;

/** A trial's dashboard with nothing made this week: the sections a trial lacks are null. */
const trial: Dashboard = {
  organization: { _id: 'org-1', name: 'Prairie Hydraulics' },
  subscription: {
    subscriptionType: 'trial',
    expires: '2026-06-11T12:00:00.000Z',
    maxCustomers: 25,
    maxHoseAssemblies: 50,
    maxHoseKits: 10,
  },
  counts: { users: 3, customers: 12, hoseAssemblies: 4, hoseKits: 0, purchaseOrders: 2 },
  week: { days: DAYS.map((date) => ({ date, assembliesBuilt: 0, unitsTagged: 0 })) },
  workOrders: null,
  estimates: null,
  lowStock: null,
  attention: { importsFailed: { total: 0, items: [] }, notificationsUnread: 0 },
  usage: [
    { key: 'customers', used: 12, limit: 25 },
    { key: 'hoseAssemblies', used: 4, limit: 50 },
    { key: 'hoseKits', used: 0, limit: 10 },
    { key: 'imageStorageBytes', used: 12.5 * MB, limit: 50 * MB },
  ],
};

const lowLine = (partNumber: string, onHand: number) => ({
  component: {
    _id: `c-${partNumber}`,
    kind: 'crimpFitting' as const,
    partNumber,
    brand: 'GEN',
    description: `Fitting ${partNumber}`,
    costUnit: 'each' as const,
  },
  warehouse: { _id: 'wh-1', code: 'MAIN', name: 'Main shop' },
  onHand,
  reorderPoint: 4,
  reorderQuantity: null,
  stockUnit: 'each' as const,
  suggestedOrder: 5 - onHand,
});

/** A professional shop's busy week. */
const busy: Dashboard = {
  ...trial,
  subscription: {
    ...trial.subscription,
    subscriptionType: 'professional',
    maxCustomers: 1000,
    maxHoseAssemblies: 10000,
    maxHoseKits: 2000,
  },
  week: {
    days: DAYS.map((date, i) => ({ date, assembliesBuilt: i === 6 ? 2 : i === 0 ? 1 : 0, unitsTagged: i })),
  },
  workOrders: {
    byStatus: { draft: 3, released: 2, inProgress: 1, completed: 4, cancelled: 0 },
    due: 2,
    late: 1,
  },
  estimates: {
    currency: 'USD',
    sent: { count: 3, value: 123450 },
    accepted: { count: 1, value: 40000 },
    unconverted: 0,
  },
  lowStock: { total: 7, items: [lowLine('F-SN-04-FJX', 0), lowLine('FER-SN-04', 2)] },
  attention: {
    importsFailed: {
      total: 2,
      items: [
        {
          importId: 'imp-1',
          kind: 'hose',
          fileName: 'hoses.csv',
          failedAt: '2026-05-31T15:00:00.000Z',
          url: 'components/import?log=imp-1',
        },
      ],
    },
    notificationsUnread: 3,
  },
  usage: [
    { key: 'customers', used: 12, limit: 1000 },
    { key: 'hoseAssemblies', used: 9500, limit: 10000 },
    { key: 'hoseKits', used: 0, limit: 2000 },
    { key: 'imageStorageBytes', used: 12.5 * MB, limit: 2 * 1024 * MB },
  ],
};

const signedInAs = (role: 'admin' | 'regular') =>
  useSessionStore.setState({ access: { roles: [role], subscription: null }, status: 'ready' });

function show(body: Dashboard) {
  stubFetch({ 'GET /api/v1/dashboard': { body } });
  return renderWithProviders(<DashboardPage now={NOW} />, { auth: signedInDouble() });
}

const section = (name: string) => screen.getByRole('region', { name });
/** The rows of a chart's table for screen readers, each as its cells' text. */
const tableRows = (name: string) =>
  within(screen.getByRole('table', { name }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

describe('dashboard', () => {
  // Rendered alone, the page has no session start: the API client falls back to the stored token.
  beforeEach(() => storeAccessToken('tok'));

  it('shows the organisation, plan, expiry, days left, the other counts and the plan usage', async () => {
    signedInAs('admin');
    show(trial);
    expect(await screen.findByRole('heading', { name: 'Prairie Hydraulics' })).toBeTruthy();
    expect(screen.getByText('Trial')).toBeTruthy();
    expect(screen.getByText(/June 11, 2026/)).toBeTruthy();
    expect(screen.getByText('10 days left')).toBeTruthy();
    expect(within(section('Users')).getByText('3')).toBeTruthy();
    expect(section('Purchase orders')).toBeTruthy();
    // What the plan limits is shown against the limit, once.
    expect(screen.queryByRole('region', { name: 'Customers' })).toBeNull();
    const usage = section('Plan usage');
    expect(within(usage).getByText('12 of 25 in your plan')).toBeTruthy();
    expect(within(usage).getByText('4 of 50 in your plan')).toBeTruthy();
    expect(within(usage).getByText('12.5 MB of 50 MB in your plan')).toBeTruthy();
    const customers = within(usage).getByRole('progressbar', { name: 'Customers used of the plan limit' });
    expect(customers.getAttribute('aria-valuenow')).toBe('48');
    expect(screen.getByRole('link', { name: 'Upgrade your plan' }).getAttribute('href')).toBe(
      '/upgradesubscription',
    );
  });

  it("charts the week's figures, with a table of them for screen readers", async () => {
    signedInAs('admin');
    show(busy);
    const week = await screen.findByRole('region', { name: 'This week' });
    expect(within(week).getByText('3 new assemblies and 21 tagged units in seven days.')).toBeTruthy();
    expect(tableRows('This week')).toEqual([
      ['Tuesday, May 26', '1', '0'],
      ['Wednesday, May 27', '0', '1'],
      ['Thursday, May 28', '0', '2'],
      ['Friday, May 29', '0', '3'],
      ['Saturday, May 30', '0', '4'],
      ['Sunday, May 31', '0', '5'],
      ['Monday, June 1', '2', '6'],
    ]);

    const orders = section('Work orders');
    expect(within(orders).getByText('2 due this week')).toBeTruthy();
    expect(within(orders).getByText('1 late')).toBeTruthy();
    expect(tableRows('Work orders')).toEqual([
      ['Draft', '3'],
      ['Released', '2'],
      ['In progress', '1'],
      ['Completed', '4'],
      ['Cancelled', '0'],
    ]);
    expect(within(orders).getByRole('link', { name: 'See work orders' }).getAttribute('href')).toBe(
      '/workorders',
    );

    const estimates = section('Sales estimates');
    expect(within(estimates).getByText('3 sent, worth US$1,234.50')).toBeTruthy();
    expect(within(estimates).getByText('1 accepted, worth US$400')).toBeTruthy();
    expect(tableRows('Sales estimates')).toEqual([
      ['Sent', '3', 'US$1,234.50'],
      ['Accepted', '1', 'US$400'],
    ]);

    // Nearly full: the bar warns.
    const assemblies = within(section('Plan usage')).getByRole('progressbar', {
      name: 'Hose assemblies used of the plan limit',
    });
    expect(assemblies.getAttribute('aria-valuenow')).toBe('95');
    expect(assemblies.className).toMatch(/Warning/);
  });

  it('lists low stock and what needs attention, each opening where it is dealt with', async () => {
    signedInAs('admin');
    show(busy);
    const low = await screen.findByRole('region', { name: 'Low stock' });
    expect(within(low).getByText('7 items are at or below their reorder point.')).toBeTruthy();
    expect(within(low).getByRole('link', { name: 'F-SN-04-FJX' }).getAttribute('href')).toBe(
      '/inventory?view=reorder&warehouseId=wh-1',
    );
    expect(within(low).getByText('MAIN · 2 on hand, reorder at 4')).toBeTruthy();
    expect(within(low).getByRole('link', { name: 'See what to reorder' }).getAttribute('href')).toBe(
      '/inventory?view=reorder',
    );

    const attention = section('Needs attention');
    expect(
      within(attention)
        .getByRole('link', { name: 'Import of hoses.csv failed May 31, 2026' })
        .getAttribute('href'),
    ).toBe('/components/import?log=imp-1');
    expect(within(attention).getByText('1 more failed import this week')).toBeTruthy();
    expect(within(attention).getByRole('link', { name: '3 unread notifications' }).getAttribute('href')).toBe(
      '/notifications',
    );
  });

  it('says how to get data into each empty section', async () => {
    signedInAs('regular');
    show({
      ...busy,
      week: trial.week,
      workOrders: {
        byStatus: { draft: 0, released: 0, inProgress: 0, completed: 0, cancelled: 0 },
        due: 0,
        late: 0,
      },
      estimates: {
        currency: 'USD',
        sent: { count: 0, value: 0 },
        accepted: { count: 0, value: 0 },
        unconverted: 0,
      },
      lowStock: { total: 0, items: [] },
      attention: { importsFailed: null, notificationsUnread: 0 },
    });
    const week = await screen.findByRole('region', { name: 'This week' });
    expect(within(week).getByText('No assemblies built this week.')).toBeTruthy();
    expect(within(week).getByRole('link', { name: 'Build a hose' }).getAttribute('href')).toBe(
      '/hoseassemblies/new',
    );
    expect(within(week).queryByRole('table')).toBeNull();
    const orders = section('Work orders');
    expect(within(orders).getByText('No work orders this week.')).toBeTruthy();
    expect(within(orders).getByRole('link', { name: 'New work order' }).getAttribute('href')).toBe(
      '/workorders/new',
    );
    const estimates = section('Sales estimates');
    expect(within(estimates).getByText('No estimates sent or accepted this week.')).toBeTruthy();
    expect(within(estimates).getByRole('link', { name: 'New sales estimate' }).getAttribute('href')).toBe(
      '/salesestimates/new',
    );
    const low = section('Low stock');
    expect(within(low).getByText('Nothing is low.')).toBeTruthy();
    expect(within(low).getByRole('link', { name: 'Open inventory' }).getAttribute('href')).toBe('/inventory');
    expect(within(section('Needs attention')).getByText('Nothing needs your attention.')).toBeTruthy();
  });

  it('names the plan a section needs, with the upgrade link for an admin only', async () => {
    signedInAs('admin');
    const { unmount } = show(trial);
    const orders = await screen.findByRole('region', { name: 'Work orders' });
    expect(within(orders).getByText('Work orders are in the Professional plan.')).toBeTruthy();
    expect(within(orders).getByRole('link', { name: 'Upgrade to Professional' }).getAttribute('href')).toBe(
      '/upgradesubscription',
    );
    expect(
      within(section('Sales estimates')).getByText('Sales estimates are in the Professional plan.'),
    ).toBeTruthy();
    expect(
      within(section('Low stock')).getByText('Inventory and reorder points are in the Professional plan.'),
    ).toBeTruthy();
    unmount();

    signedInAs('regular');
    show(trial);
    const memberView = await screen.findByRole('region', { name: 'Work orders' });
    expect(within(memberView).queryByRole('link', { name: 'Upgrade to Professional' })).toBeNull();
    expect(within(memberView).getByText('An admin of your organization can upgrade.')).toBeTruthy();
  });

  it('leaves out low stock where a shop on a plan with inventory hides it', async () => {
    show({ ...busy, lowStock: null });
    expect(await screen.findByRole('region', { name: 'Work orders' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Low stock' })).toBeNull();
  });

  it('shows loading skeletons, then an error with a retry', async () => {
    let attempts = 0;
    stubFetch({
      'GET /api/v1/dashboard': () => {
        attempts += 1;
        return attempts === 1
          ? { status: 500, body: { statusCode: 500, code: 'INTERNAL', message: 'Server trouble' } }
          : { body: trial };
      },
    });
    renderWithProviders(<DashboardPage now={NOW} />, { auth: signedInDouble() });
    expect(screen.getByRole('status', { name: 'Loading…' })).toBeTruthy();
    expect(await screen.findByText(/The dashboard could not be loaded\. Server trouble/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Prairie Hydraulics' })).toBeTruthy();
  });

  it('says when the plan has expired', async () => {
    show({ ...trial, subscription: { ...trial.subscription, expires: '2026-05-01T00:00:00.000Z' } });
    expect(await screen.findByText('expired')).toBeTruthy();
  });
});
