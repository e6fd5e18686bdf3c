import { getDefaultNormalizer, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { storeSessionProfile } from '@/lib/session';
import { createAuthDouble, signedInDouble } from '@/test/auth-double';
import { createSessionProfile, inDays } from '@/test/factories';
import { renderWithProviders } from '@/test/render-app';
import { Footer } from './footer';
import { NavList } from './nav-list';
import { SubscriptionExpiredBanner } from './subscription-expired-banner';
import { TopBar } from './top-bar';

describe('footer (SPEC 1, SPEC 2)', () => {
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

describe('subscription expired banner (SPEC 2)', () => {
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

describe('top bar (SPEC 2)', () => {
  it('offers visitors SIGN  UP (two spaces) and LOGIN, and links the logo to /', async () => {
    const auth = createAuthDouble();
    renderWithProviders(<TopBar isXs={false} />, { auth });
    const signUp = screen.getByText('SIGN  UP', {
      normalizer: getDefaultNormalizer({ collapseWhitespace: false }),
    });
    expect(screen.getByRole('link', { name: 'Hosewright home' }).getAttribute('href')).toBe('/');

    await userEvent.click(signUp);
    expect(auth.loginWithRedirect).toHaveBeenLastCalledWith({
      authorizationParams: { screen_hint: 'signup' },
      appState: { returnTo: '/' },
    });
    await userEvent.click(screen.getByRole('button', { name: 'LOGIN' }));
    expect(auth.loginWithRedirect).toHaveBeenLastCalledWith({ appState: { returnTo: '/' } });
  });

  it('shows LOGIN as an icon button on phones', () => {
    renderWithProviders(<TopBar isXs />);
    const login = screen.getByRole('button', { name: 'LOGIN' });
    expect(login.textContent).toBe('');
  });

  it('gives signed-in users the profile link, sign out, the dashboard logo link and (trial) Upgrade', () => {
    storeSessionProfile(createSessionProfile({ subscription: 'trial' }));
    renderWithProviders(<TopBar isXs={false} />, { auth: signedInDouble() });
    expect(screen.getByRole('link', { name: 'Hosewright home' }).getAttribute('href')).toBe('/dashboard');
    expect(screen.getByRole('link', { name: 'Profile' }).getAttribute('href')).toBe('/user');
    expect(screen.getByRole('link', { name: 'Sign out' }).getAttribute('href')).toBe('/logout');
    expect(screen.getByText('Upgrade')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'LOGIN' })).toBeNull();
  });
});

describe('side navigation entries (SPEC 2)', () => {
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
