import { getDefaultNormalizer, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { storeSessionProfile } from '@/lib/session';
import { createAuthDouble, signedInDouble } from '@/test/auth-double';
import { createSessionProfile } from '@/test/factories';
import { stubFetch } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render-app';
import { PhoneBars } from './app-shell';
import { TopBar } from './top-bar';

describe('top bar', () => {
  it('offers visitors SIGN  UP (two spaces) and LOGIN, and links the logo to /', async () => {
    // Links to /signup and /login (what the pre-rendered public pages follow); here they redirect at once.
    const auth = createAuthDouble();
    renderWithProviders(<TopBar isXs={false} />, { auth });
    const signUp = screen.getByText('SIGN  UP', {
      normalizer: getDefaultNormalizer({ collapseWhitespace: false }),
    });
    expect(screen.getByRole('link', { name: 'Hosewright home' }).getAttribute('href')).toBe('/');
    expect(signUp.closest('a')?.getAttribute('href')).toBe('/signup');
    const login = screen.getByRole('link', { name: 'LOGIN' });
    expect(login.getAttribute('href')).toBe('/login');

    await userEvent.click(signUp);
    expect(auth.loginWithRedirect).toHaveBeenLastCalledWith({
      authorizationParams: { screen_hint: 'signup' },
      appState: { returnTo: '/dashboard' },
    });
    await userEvent.click(login);
    expect(auth.loginWithRedirect).toHaveBeenLastCalledWith({ appState: { returnTo: '/dashboard' } });
  });

  it('shows LOGIN as an icon button on phones', () => {
    renderWithProviders(<TopBar isXs />);
    const login = screen.getByRole('link', { name: 'LOGIN' });
    expect(login.getAttribute('href')).toBe('/login');
    expect(login.textContent).toBe('');
  });

  it('gives signed-in users the search field, the dashboard logo link, (trial) Upgrade and the user menu', () => {
    stubFetch({});
    storeSessionProfile(createSessionProfile({ subscription: 'trial' }));
    renderWithProviders(<TopBar isXs={false} />, { auth: signedInDouble() });
    expect(screen.getByRole('link', { name: 'Hosewright home' }).getAttribute('href')).toBe('/dashboard');
    expect(screen.getByRole('combobox', { name: 'Search' })).toBeTruthy();
    expect(screen.getByText('Upgrade').closest('a')?.getAttribute('href')).toBe('/upgradesubscription');
    expect(screen.getByRole('button', { name: 'Account menu' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'LOGIN' })).toBeNull();
  });

  it('has no Upgrade chip above trial, and leaves search to the bottom bar on phones', () => {
    stubFetch({});
    storeSessionProfile(createSessionProfile({ subscription: 'professional' }));
    renderWithProviders(<TopBar isXs />, { auth: signedInDouble() });
    expect(screen.queryByText('Upgrade')).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Search' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Search' })).toBeNull();
  });

  it('has the history buttons at every size, the name beside the mark only where there is room', () => {
    renderWithProviders(<TopBar isXs />);
    expect(screen.getByRole('button', { name: 'Back' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Forward' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Hosewright home' }).textContent).toBe('');
  });

  it("shows visitors 'Plans & Pricing' at /features", () => {
    renderWithProviders(<TopBar isXs={false} />);
    expect(screen.getByRole('link', { name: 'Plans & Pricing' }).getAttribute('href')).toBe('/features');
  });
});

describe('phone bottom bar', () => {
  it('has New, Search and Menu; Search opens the search sheet and Menu the navigation drawer', async () => {
    storeSessionProfile(createSessionProfile({ userRoles: ['regular'] }));
    const { router } = renderWithProviders(<PhoneBars />, { auth: signedInDouble() });
    const bar = screen.getByRole('navigation', { name: 'Quick actions' });
    expect(
      within(bar)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['New', 'Search', 'Menu']);

    await userEvent.click(within(bar).getByRole('button', { name: 'Search' }));
    const field = await screen.findByRole('combobox', { name: 'Search' });
    expect(document.activeElement).toBe(field);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('combobox', { name: 'Search' })).toBeNull());

    await userEvent.click(within(bar).getByRole('button', { name: 'Menu' }));
    expect(await screen.findByRole('dialog', { name: 'Menu' })).toBeTruthy();
    const drawer = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(drawer).getByRole('link', { name: 'Customers' })).toBeTruthy();

    await userEvent.click(within(drawer).getByRole('link', { name: 'Customers' }));
    expect(router.state.location.pathname).toBe('/customers');
  });
});
