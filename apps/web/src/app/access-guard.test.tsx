import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeSessionProfile } from '@/lib/session';
import { createAuthDouble, signedInDouble } from '@/test/auth-double';
import { readCookies } from '@/test/cookies';
import { createRolesAndSubscription, createSessionProfile, inDays } from '@/test/factories';
import { stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';

const sessionReply = (overrides: Parameters<typeof createSessionProfile>[0]) => ({
  'POST /api/v1/sessions/create': { body: createSessionProfile(overrides) },
});

async function expectPath(router: { state: { location: { pathname: string } } }, path: string) {
  await waitFor(() => expect(router.state.location.pathname).toBe(path));
}

describe('navigation guard through the real router', () => {
  it('sends a trial user at /salesestimates to /upgradesubscription (996)', async () => {
    stubFetch(sessionReply({ subscription: 'trial', userRoles: ['regular'] }));
    const { router } = renderApp('/salesestimates', signedInDouble());
    await expectPath(router, '/upgradesubscription');
    expect(await screen.findByRole('heading', { level: 1, name: 'Upgrade Subscription' })).toBeTruthy();
    expect(screen.getByText(/Cannot access this feature/)).toBeTruthy();
  });

  it('sends a regular user at /components to /login (845), which says why instead of signing in again', async () => {
    stubFetch(sessionReply({ subscription: 'professional', userRoles: ['regular'] }));
    const auth = signedInDouble();
    const { router } = renderApp('/components', auth);
    await expectPath(router, '/login');
    expect(await screen.findByText('Cannot access this resource')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Back to the dashboard' })).toBeTruthy();
    expect(auth.loginWithRedirect).not.toHaveBeenCalled();
  });

  it('sends an expired subscription at /dashboard to /subscriptionexpired (997) and shows the banner', async () => {
    stubFetch(sessionReply({ subscription: 'professional', subscriptionExpires: inDays(-3) }));
    const { router } = renderApp('/dashboard', signedInDouble());
    await expectPath(router, '/subscriptionexpired');
    expect(
      await screen.findByText(
        'Your subscription has expired. Please upgrade or contact us to extend your subscription.',
      ),
    ).toBeTruthy();
  });

  it('sends a visitor at /customers to /login and remembers the target for after sign-in', async () => {
    const { fetchMock } = stubFetch({});
    const auth = createAuthDouble();
    const { router } = renderApp('/customers?page=2', auth);
    await expectPath(router, '/login');
    await waitFor(() =>
      expect(auth.loginWithRedirect).toHaveBeenCalledWith({ appState: { returnTo: '/customers?page=2' } }),
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('lets an admin with a professional plan into /salesestimates', async () => {
    stubFetch(sessionReply({ subscription: 'professional', userRoles: ['admin'] }));
    const { router } = renderApp('/salesestimates', signedInDouble());
    expect(await screen.findByLabelText('Search estimates')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/salesestimates');
    expect(screen.getByRole('heading', { level: 1, name: 'Sales estimates' })).toBeTruthy();
  });

  it('hides the stock screens, not only their menu entries, when the organisation hides inventory', async () => {
    stubFetch({
      ...sessionReply({ subscription: 'professional', userRoles: ['admin'] }),
      'GET /api/v1/organization/hideinventory': { body: true },
    });
    const { router } = renderApp('/inventory', signedInDouble());
    expect(await screen.findByText(/Warehouses and inventory are hidden for your organisation/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the settings' }).getAttribute('href')).toBe(
      '/organization/settings',
    );
    expect(router.state.location.pathname).toBe('/inventory');
  });

  it('waits with a progress indicator while the identity SDK is loading', async () => {
    const { fetchMock } = stubFetch({});
    const { router } = renderApp('/dashboard', createAuthDouble({ isLoading: true }));
    expect(await screen.findByText('Checking your sign-in…')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('starts the session with the bearer token and caches the profile in the session cookies (SESSION_COOKIES)', async () => {
    const { calls } = stubFetch(sessionReply({ userRoles: ['admin'], subscription: 'enterprise' }));
    renderApp('/salesestimates', signedInDouble());
    expect(await screen.findByLabelText('Search estimates')).toBeTruthy();
    const create = calls.find((c) => c.path === '/api/v1/sessions/create');
    expect(create?.method).toBe('POST');
    expect(create?.headers.authorization).toBe('Bearer token-123');
    expect(create?.body).toBeUndefined();
    const cookies = readCookies();
    expect(cookies).toMatchObject({
      accessToken: 'token-123',
      userId: 'user-1',
      email: 'clerk@example.com',
      userRoles: '["admin"]',
      subscription: 'enterprise',
      locale: 'en_ca',
      maxCustomers: '25',
      maxHoseAssemblies: '50',
      maxHoseKits: '10',
    });
    expect(localStorage.getItem('subscription')).toBe('enterprise');
    expect(localStorage.getItem('userRoles')).toBe('["admin"]');
  });

  it('trusts a complete session cache of the same user and does not call the server', async () => {
    storeSessionProfile(createSessionProfile({ subscription: 'professional', userRoles: ['regular'] }));
    const { calls } = stubFetch({});
    renderApp('/salesestimates', signedInDouble());
    expect(await screen.findByLabelText('Search estimates')).toBeTruthy();
    // No session or roles call (the version check of the update flow may run: it is not about the session).
    expect(calls.filter((c) => c.path.startsWith('/api/'))).toEqual([]);
  });

  it('loads roles and subscription when the session could not be created and none are cached', async () => {
    const { calls } = stubFetch({
      'POST /api/v1/sessions/create': {
        status: 500,
        body: { statusCode: 500, code: 'INTERNAL', message: 'boom' },
      },
      'GET /api/v1/organization/userrolesandsubscription': {
        body: createRolesAndSubscription({ subscription: 'professional', userRoles: ['regular'] }),
      },
    });
    const { router } = renderApp('/salesestimates', signedInDouble());
    expect(await screen.findByLabelText('Search estimates')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/salesestimates');
    const roles = calls.find((c) => c.path === '/api/v1/organization/userrolesandsubscription');
    expect(roles?.headers.authorization).toBe('Bearer token-123');
    expect(roles?.headers.userid).toBe('');
    expect(roles?.headers.apicustomerid).toBe('');
  });

  it('says so when roles and subscription cannot be loaded', async () => {
    stubFetch({
      'POST /api/v1/sessions/create': {
        status: 500,
        body: { statusCode: 500, code: 'INTERNAL', message: 'boom' },
      },
      'GET /api/v1/organization/userrolesandsubscription': {
        status: 500,
        body: { statusCode: 500, code: 'INTERNAL', message: 'boom' },
      },
    });
    renderApp('/dashboard', signedInDouble());
    expect(await screen.findByText('Could not get user roles and subscription')).toBeTruthy();
  });

  it('a signed-in user whose organisation has no subscription is told so on the sign-in page', async () => {
    const unauthorized = {
      status: 401,
      body: { statusCode: 401, code: 'UNAUTHORIZED', message: 'Unauthorized to access this resource' },
    };
    stubFetch({
      'POST /api/v1/sessions/create': unauthorized,
      'GET /api/v1/organization/userrolesandsubscription': unauthorized,
    });
    const { router } = renderApp('/dashboard', signedInDouble());
    await expectPath(router, '/login');
    expect(await screen.findByText('Unauthorized to access this resource')).toBeTruthy();
    expect(
      screen.getByText(
        'This account has no organization with a subscription to open. Contact us, or sign in with another account.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText('Could not get user roles and subscription')).toBeNull();
  });

  it('shows the app when the server accepts the session though the id token still says unverified', async () => {
    // The identity SDK keeps the id token across reloads: the address may have been verified since (another tab).
    const { calls } = stubFetch(sessionReply({ subscription: 'professional', userRoles: ['admin'] }));
    const { router } = renderApp('/salesestimates', signedInDouble({ email_verified: false }));
    expect(await screen.findByLabelText('Search estimates')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/salesestimates');
    expect(calls.map((c) => c.path)).toContain('/api/v1/sessions/create');
  });

  it('sends a user whose id token says the email is unverified to /verifyemail when the server agrees', async () => {
    const { calls } = stubFetch({
      'POST /api/v1/sessions/create': {
        status: 403,
        body: { statusCode: 403, code: 'EMAIL_NOT_VERIFIED', message: 'Verify your email address first' },
      },
    });
    const { router } = renderApp('/dashboard', signedInDouble({ email_verified: false }));
    await expectPath(router, '/verifyemail');
    expect(await screen.findByRole('heading', { name: 'Check your inbox' })).toBeTruthy();
    expect(screen.getByText('We sent a verification link to clerk@example.com.')).toBeTruthy();
    expect(calls.map((c) => c.path)).toContain('/api/v1/sessions/create');
  });

  it('sends the user to /verifyemail when sessions/create answers EMAIL_NOT_VERIFIED', async () => {
    stubFetch({
      'POST /api/v1/sessions/create': {
        status: 403,
        body: { statusCode: 403, code: 'EMAIL_NOT_VERIFIED', message: 'Verify your email address first' },
      },
    });
    const { router } = renderApp('/hosekits', signedInDouble());
    await expectPath(router, '/verifyemail');
  });

  it('lets anyone open public routes', async () => {
    stubFetch({});
    const { router } = renderApp('/features', createAuthDouble());
    expect(await screen.findByRole('heading', { level: 1, name: 'Plans & Pricing' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/features');
  });
});
