import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createRedirectCallback } from '@/app/auth-provider';
import { storeAccessToken, useSessionStore } from '@/lib/session';
import { createAuthDouble, signedInDouble } from '@/test/auth-double';
import { readCookies } from '@/test/cookies';
import { createSessionProfile } from '@/test/factories';
import { stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';

describe('/login', () => {
  it('is titled Login, clears the token cookie and starts a redirect sign-in back to the dashboard', async () => {
    storeAccessToken('old');
    stubFetch({});
    const auth = createAuthDouble();
    renderApp('/login', auth);
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeTruthy();
    expect(document.title).toBe('Hosewright - Login');
    await waitFor(() =>
      expect(auth.loginWithRedirect).toHaveBeenCalledWith({ appState: { returnTo: '/dashboard' } }),
    );
    expect(auth.loginWithRedirect).toHaveBeenCalledOnce();
    expect(readCookies().accessToken).toBeUndefined();
  });

  it('goes to /logout when the redirect fails', async () => {
    stubFetch({});
    const auth = createAuthDouble({
      loginWithRedirect: vi.fn(async () => Promise.reject(new Error('blocked'))),
    });
    const { router } = renderApp('/login', auth);
    await waitFor(() => expect(router.state.location.pathname).toBe('/logout'));
  });
});

describe('/login inside a parent page (embedded)', () => {
  it('signs in through a popup on a click, then returns to the target', async () => {
    stubFetch({});
    const top = vi.spyOn(window, 'top', 'get').mockReturnValue({} as Window);
    try {
      const auth = createAuthDouble();
      const { router } = renderApp('/login', auth);
      await userEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
      expect(auth.loginWithPopup).toHaveBeenCalledOnce();
      expect(auth.loginWithRedirect).not.toHaveBeenCalled();
      await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    } finally {
      top.mockRestore();
    }
  });
});

describe('/signup', () => {
  it('starts the provider sign-up screen returning to the dashboard', async () => {
    stubFetch({});
    const auth = createAuthDouble();
    renderApp('/signup', auth);
    await waitFor(() =>
      expect(auth.loginWithRedirect).toHaveBeenCalledWith({
        authorizationParams: { screen_hint: 'signup' },
        appState: { returnTo: '/dashboard' },
      }),
    );
  });
});

describe('return from the provider', () => {
  it('goes to the saved target, replacing the callback URL, and forgets the previous cache', () => {
    const navigate = vi.fn();
    useSessionStore.setState({ access: { roles: ['admin'], subscription: null }, status: 'ready' });
    createRedirectCallback(navigate)({ returnTo: '/customers?page=2' });
    expect(navigate).toHaveBeenCalledWith('/customers?page=2', { replace: true });
    expect(useSessionStore.getState()).toMatchObject({ access: null, status: 'idle', isFreshLogin: true });
  });

  it('lands on the dashboard without a target or from the home page, and never off the site', () => {
    const navigate = vi.fn();
    createRedirectCallback(navigate)(undefined);
    createRedirectCallback(navigate)({ returnTo: '/' });
    createRedirectCallback(navigate)({ returnTo: '//evil.example.com/x' });
    createRedirectCallback(navigate)({ returnTo: 'https://evil.example.com' });
    expect(navigate.mock.calls.map((c) => c[0])).toEqual([
      '/dashboard',
      '/dashboard',
      '/dashboard',
      '/dashboard',
    ]);
  });

  it('shows progress on /callback while the SDK works', async () => {
    stubFetch({});
    const { router } = renderApp('/callback?code=abc&state=xyz', createAuthDouble({ isLoading: true }));
    expect(await screen.findByText('Signing you in…')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/callback');
  });

  it('sends an SDK error such as Invalid state to /errors/login, which offers to try again', async () => {
    stubFetch({});
    const auth = createAuthDouble({ error: new Error('Invalid state') });
    const { router } = renderApp('/callback?code=abc&state=xyz', auth);
    await waitFor(() => expect(router.state.location.pathname).toBe('/errors/login'));
    expect(await screen.findByText('Invalid state')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('leaves /callback for / when there is nothing to handle', async () => {
    stubFetch({});
    const { router } = renderApp('/callback', createAuthDouble());
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('leaves /callback for the dashboard when a signed-in user has nothing to handle there', async () => {
    stubFetch({});
    const { router } = renderApp('/callback', signedInDouble());
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});

describe('/logout and /logoutcallback', () => {
  it('runs the logout sequence and signs out at the provider, returning to /logoutcallback', async () => {
    storeAccessToken('tok');
    const { calls } = stubFetch({ 'POST /api/v1/sessions/delete': { body: { ok: true } } });
    const auth = signedInDouble();
    renderApp('/logout', auth);
    await waitFor(() =>
      expect(auth.logout).toHaveBeenCalledWith({
        logoutParams: { returnTo: 'http://localhost:3000/logoutcallback' },
      }),
    );
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /api/v1/sessions/delete']);
    expect(calls[0]?.headers.authorization).toBe('Bearer tok');
  });

  it('/logoutcallback goes home', async () => {
    stubFetch({});
    const { router } = renderApp('/logoutcallback', createAuthDouble());
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});

describe('/verifyemail', () => {
  const notVerified = {
    status: 403,
    body: { statusCode: 403, code: 'EMAIL_NOT_VERIFIED', message: 'Verify your email address to continue' },
  };

  it('resends the email with a snackbar, and restarts sign-in once verified', async () => {
    const { calls } = stubFetch({
      'POST /api/v1/sessions/create': notVerified,
      'POST /api/v1/user/verifyemail/resend': { body: { ok: true } },
    });
    const auth = signedInDouble({ email_verified: false });
    const { router } = renderApp('/verifyemail', auth);
    await userEvent.click(await screen.findByRole('button', { name: 'Resend email' }));
    expect(
      await screen.findByText('A new verification email is on its way to clerk@example.com.'),
    ).toBeTruthy();
    expect(calls.map((c) => c.path)).toEqual(['/api/v1/sessions/create', '/api/v1/user/verifyemail/resend']);
    expect(router.state.location.pathname).toBe('/verifyemail');

    await userEvent.click(screen.getByRole('button', { name: 'I have verified my email' }));
    expect(auth.loginWithRedirect).toHaveBeenCalledWith({ appState: { returnTo: '/dashboard' } });
  });

  it('goes on to the dashboard on a reload once the address was verified elsewhere', async () => {
    // The id token the identity SDK kept still says unverified; the server answers from the database.
    stubFetch({ 'POST /api/v1/sessions/create': { body: createSessionProfile() } });
    const auth = signedInDouble({ email_verified: false });
    const { router } = renderApp('/verifyemail', auth);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(auth.loginWithRedirect).not.toHaveBeenCalled();
  });
});
