import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { getCookie } from '@/lib/cookies';
import { applyLocale } from '@/lib/i18n';
import { useSessionStore } from '@/lib/session';
import { signedInDouble } from '@/test/auth-double';
import { createSessionProfile } from '@/test/factories';
import { stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';
import { userTabOf } from './user-page';

const user = {
  _id: 'user-1',
  organization_id: 'o1',
  name: 'Casey Clerk',
  email: 'clerk@example.com',
  emailVerified: true,
  unitSystem: null,
  units: 'metric',
};

const session = { 'POST /api/v1/sessions/create': { body: createSessionProfile() } };

afterEach(() => applyLocale('en_ca'));

describe('/user', { timeout: 60_000 }, () => {
  it('opens the tab the address names; details and unknown tabs are the profile', async () => {
    expect(userTabOf('details')).toBe('profile');
    expect(userTabOf('nonsense')).toBe('profile');
    expect(userTabOf(undefined)).toBe('profile');
    stubFetch({ ...session, 'GET /api/v1/user': { body: user } });
    const { router } = renderApp('/user/details', signedInDouble());
    expect(await screen.findByText('Casey Clerk')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Profile' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByText('clerk@example.com')).toBeTruthy();
    expect(screen.getByText('Verified')).toBeTruthy();

    await userEvent.setup({ delay: null }).click(screen.getByRole('tab', { name: 'Security' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/security'));
    expect(screen.getByRole('button', { name: 'Reset password' })).toBeTruthy();
  });

  it('opens the security tab from the address and resets the password with a snackbar', async () => {
    const { calls } = stubFetch({
      ...session,
      'GET /api/v1/user': { body: user },
      'POST /api/v1/user/resetpassword': { body: { ok: true } },
    });
    renderApp('/user/security', signedInDouble());
    const reset = await screen.findByRole('button', { name: 'Reset password' });
    await waitFor(() => expect(reset.hasAttribute('disabled')).toBe(false));
    await userEvent.setup({ delay: null }).click(reset);
    expect(await screen.findByText('We sent a password reset link to clerk@example.com.')).toBeTruthy();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toContain('POST /api/v1/user/resetpassword');
  });

  it('shows the server message when the reset fails', async () => {
    stubFetch({
      ...session,
      'GET /api/v1/user': { body: user },
      'POST /api/v1/user/resetpassword': {
        status: 429,
        body: { statusCode: 429, code: 'TOO_MANY_REQUESTS', message: 'Too many attempts, try later' },
      },
    });
    renderApp('/user/security', signedInDouble());
    const reset = await screen.findByRole('button', { name: 'Reset password' });
    await waitFor(() => expect(reset.hasAttribute('disabled')).toBe(false));
    await userEvent.setup({ delay: null }).click(reset);
    expect(await screen.findByText('Too many attempts, try later')).toBeTruthy();
  });

  it('edits the name: an empty name is refused with a message, a new one is saved', async () => {
    const { calls } = stubFetch({
      ...session,
      'GET /api/v1/user': { body: user },
      'POST /api/v1/users/update': (call) => ({
        body: { ...user, ...JSON.parse(call.body ?? '{}'), locale: 'en_ca' },
      }),
    });
    renderApp('/user', signedInDouble());
    const u = userEvent.setup({ delay: null });
    await u.click(await screen.findByRole('button', { name: 'Edit your name' }));
    const field = screen.getByRole('textbox', { name: 'Name' });
    await u.clear(field);
    await u.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter your name')).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/v1/users/update')).toBe(false);

    await u.type(field, 'Casey Counter');
    await u.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your name is saved.')).toBeTruthy();
    expect(screen.getByText('Casey Counter')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Name' })).toBeNull();
    const update = calls.find((c) => c.path === '/api/v1/users/update');
    expect(JSON.parse(update?.body ?? '{}')).toEqual({ name: 'Casey Counter' });
    expect(useSessionStore.getState().profile?.name).toBe('Casey Counter');
  });

  it('shows the server’s message when the name cannot be saved', async () => {
    stubFetch({
      ...session,
      'GET /api/v1/user': { body: user },
      'POST /api/v1/users/update': {
        status: 400,
        body: {
          statusCode: 400,
          code: 'BAD_REQUEST',
          message: 'Your name is too long (at most 200 characters)',
        },
      },
    });
    renderApp('/user/profile', signedInDouble());
    const u = userEvent.setup({ delay: null });
    await u.click(await screen.findByRole('button', { name: 'Edit your name' }));
    await u.type(screen.getByRole('textbox', { name: 'Name' }), ' Jr.');
    await u.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your name is too long (at most 200 characters)')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Name' })).toBeTruthy();
  });

  it('changes the language: saved, kept in the session cookie and applied at once', async () => {
    const { calls } = stubFetch({
      ...session,
      'GET /api/v1/user': { body: user },
      'POST /api/v1/users/update': { body: { ...user, locale: 'en_us' } },
    });
    renderApp('/user', signedInDouble());
    expect(await screen.findByText(/colour, centre, catalogue/)).toBeTruthy();
    const u = userEvent.setup({ delay: null });
    await u.click(screen.getByRole('combobox', { name: 'Language' }));
    const options = within(screen.getByRole('listbox'));
    expect(options.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'English (Canada)',
      'English (United States)',
      'English',
    ]);
    await u.click(options.getByRole('option', { name: 'English (United States)' }));

    expect(await screen.findByText(/color, center, catalog/)).toBeTruthy();
    expect(screen.getByText('The language is now English (United States).')).toBeTruthy();
    expect(document.documentElement.lang).toBe('en-US');
    expect(getCookie('locale')).toBe('en_us');
    expect(useSessionStore.getState().profile?.locale).toBe('en_us');
    const update = calls.find((c) => c.path === '/api/v1/users/update');
    expect(JSON.parse(update?.body ?? '{}')).toEqual({ locale: 'en_us' });
  });
});
