import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { storeAccessToken, storeSessionProfile } from '@/lib/session';
import { createAuthDouble, signedInDouble } from '@/test/auth-double';
import { createSessionProfile, inDays } from '@/test/factories';
import { stubFetch } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render-app';
import { Footer } from './footer';
import { NavList } from './nav-list';
import { SubscriptionExpiredBanner } from './subscription-expired-banner';
import { UserMenu } from './user-menu';

describe('footer', () => {
  it('shows year, company, affiliate note and disclaimer', () => {
    renderWithProviders(<Footer now={new Date('2027-03-01T12:00:00Z')} />);
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByText('© 2027 Hosewright Software Inc.')).toBeTruthy();
    expect(
      within(footer).getByText('Affiliate member of the National Fluid Power Association since 2024'),
    ).toBeTruthy();
    expect(
      within(footer).getByText('Hosewright is not affiliated with any hose manufacturer or brand.'),
    ).toBeTruthy();
  });

  it('links to /attributions for signed-in users only', () => {
    const { unmount } = renderWithProviders(<Footer />);
    expect(screen.queryByRole('link', { name: 'Attributions' })).toBeNull();
    unmount();
    renderWithProviders(<Footer />, { auth: signedInDouble() });
    expect(screen.getByRole('link', { name: 'Attributions' }).getAttribute('href')).toBe('/attributions');
  });
});

describe('subscription expired banner', () => {
  it('shows for a signed-in user whose subscription expiry is earlier than now', () => {
    storeSessionProfile(createSessionProfile({ subscriptionExpires: inDays(-1) }));
    renderWithProviders(<SubscriptionExpiredBanner />, { auth: signedInDouble() });
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('Subscription Expired')).toBeTruthy();
    expect(
      within(alert).getByText(
        'Your subscription has expired. Please upgrade or contact us to extend your subscription.',
      ),
    ).toBeTruthy();
    expect(within(alert).getByRole('link').getAttribute('href')).toBe('/subscriptionexpired');
    expect(alert.className).toContain('Error');
  });

  it('does not show before expiry, without a subscription, or to visitors', () => {
    storeSessionProfile(createSessionProfile({ subscriptionExpires: inDays(1) }));
    const first = renderWithProviders(<SubscriptionExpiredBanner />, { auth: signedInDouble() });
    expect(screen.queryByRole('alert')).toBeNull();
    first.unmount();

    storeSessionProfile(createSessionProfile({ subscriptionExpires: inDays(-1) }));
    renderWithProviders(<SubscriptionExpiredBanner />, { auth: createAuthDouble() });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('user menu', () => {
  const entries = () =>
    within(screen.getByRole('navigation', { name: 'Your account' }))
      .getAllByRole('link')
      .map((item) => [item.textContent, item.getAttribute('href')]);

  it('is 300 wide and lists the profile, organization and every entry for a regular user', async () => {
    const { calls } = stubFetch({
      'GET /api/v1/organization': {
        body: { _id: 'org-1', name: 'Demo Hydraulics', createdAt: inDays(-30), hasLogo: false },
      },
    });
    storeAccessToken('tok');
    storeSessionProfile(createSessionProfile({ userRoles: ['regular'] }));
    renderWithProviders(<UserMenu />, { auth: signedInDouble() });
    await userEvent.click(screen.getByRole('button', { name: 'Account menu' }));
    await screen.findByRole('link', { name: 'Demo Hydraulics' });
    expect(entries()).toEqual([
      ['Casey Clerkclerk@example.com', '/user'],
      ['Demo Hydraulics', '/organization'],
      ['Your details', '/user/details'],
      ['Organization details', '/organization/details'],
      ['Notifications', '/notifications'],
      ['Share your feedback', '/support'],
      ['Upgrade subscription', '/upgradesubscription'],
      ['Pricing and features', '/features'],
      ['Sign out', '/logout'],
    ]);
    // Without a logo the organisation wears the building icon, and no picture is asked for.
    const organization = screen.getByRole('link', { name: 'Demo Hydraulics' });
    expect(within(organization).queryByTestId('organization-logo')).toBeNull();
    expect(calls.filter((c) => c.path.startsWith('/api/v1/image/'))).toEqual([]);
    // Lists inside the navigation, one per group, holding only list items: a screen reader says how many
    // entries each has.
    const lists = within(screen.getByRole('navigation', { name: 'Your account' })).getAllByRole('list');
    expect(lists.map((list) => within(list).getAllByRole('listitem').length)).toEqual([2, 6, 1]);
    for (const list of lists) expect([...list.children].every((child) => child.tagName === 'LI')).toBe(true);
    const paper = screen
      .getByRole('navigation', { name: 'Your account' })
      .closest('.MuiPaper-root') as HTMLElement;
    expect(getComputedStyle(paper).width).toBe('300px');
  });

  it("shows the organization's logo beside its name", async () => {
    stubFetch({
      'GET /api/v1/organization': {
        body: { _id: 'org-7', name: 'Demo Hydraulics', createdAt: inDays(-30), hasLogo: true },
      },
      'GET /api/v1/image/org-7': { body: 'png-bytes' },
    });
    // jsdom has no object URLs.
    URL.createObjectURL = vi.fn(() => 'blob:logo');
    URL.revokeObjectURL = vi.fn();
    storeAccessToken('tok');
    storeSessionProfile(createSessionProfile());
    renderWithProviders(<UserMenu />, { auth: signedInDouble() });
    await userEvent.click(screen.getByRole('button', { name: 'Account menu' }));
    const organization = await screen.findByRole('link', { name: 'Demo Hydraulics' });
    const logo = await within(organization).findByTestId('organization-logo');
    expect(logo.getAttribute('src')).toBe('blob:logo');
  });

  it("adds 'Invite your team' and 'Billing History' for admins, and leaves the name out when it cannot load", async () => {
    stubFetch({ 'GET /api/v1/organization': { status: 500, body: { message: 'down' } } });
    storeAccessToken('tok');
    storeSessionProfile(createSessionProfile({ userRoles: ['admin'] }));
    renderWithProviders(<UserMenu />, { auth: signedInDouble() });
    await userEvent.click(screen.getByRole('button', { name: 'Account menu' }));
    expect(screen.getByRole('link', { name: 'Invite your team' }).getAttribute('href')).toBe(
      '/organization/users',
    );
    expect(screen.getByRole('link', { name: 'Billing History' }).getAttribute('href')).toBe(
      '/organization/billing',
    );
    expect(entries().some(([, href]) => href === '/organization')).toBe(false);
  });
});

describe('side navigation entries', () => {
  const names = () => screen.getAllByRole('link').map((link) => link.textContent);

  it('shows a regular user the lists and Build a hose, but not the Component Library', () => {
    storeSessionProfile(createSessionProfile({ userRoles: ['regular'], subscription: 'professional' }));
    renderWithProviders(<NavList />, { auth: signedInDouble() });
    expect(names()).toEqual([
      'Dashboard',
      'Customers',
      'Hose Assemblies',
      'Hose Kits',
      'Build a hose',
      'Work Orders',
      'Sales Estimates',
      'Warehouses',
      'Inventory',
    ]);
    expect(screen.getByRole('link', { name: 'Build a hose' }).getAttribute('href')).toBe(
      '/hoseassemblies/new',
    );
    expect(screen.queryByLabelText('Locked')).toBeNull();
  });

  it('shows admins the Component Library at /components', () => {
    storeSessionProfile(createSessionProfile({ userRoles: ['admin'] }));
    renderWithProviders(<NavList />, { auth: signedInDouble() });
    expect(screen.getByRole('link', { name: /Component Library/ }).getAttribute('href')).toBe('/components');
  });

  it('puts a padlock and a tooltip on premium entries below professional', async () => {
    storeSessionProfile(createSessionProfile({ userRoles: ['regular'], subscription: 'trial' }));
    renderWithProviders(<NavList />, { auth: signedInDouble() });
    expect(screen.getAllByTitle('Locked')).toHaveLength(4);
    const workOrders = screen.getByRole('link', { name: /Work Orders/ });
    expect(within(workOrders).getByTitle('Locked')).toBeTruthy();
    expect(within(screen.getByRole('link', { name: /Customers/ })).queryByTitle('Locked')).toBeNull();

    await userEvent.hover(workOrders);
    expect(
      await screen.findByText(
        'This feature is only available with one of these subscriptions: professional, enterprise',
      ),
    ).toBeTruthy();
  });

  it('marks the entry of the current page', () => {
    storeSessionProfile(createSessionProfile());
    renderWithProviders(<NavList />, { auth: signedInDouble(), path: '/hoseassemblies/new' });
    expect(screen.getByRole('link', { name: 'Build a hose' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Hose Assemblies' }).getAttribute('aria-current')).toBeNull();
  });
});
