import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { SnackbarHost } from '@/components/snackbar-host';
import { storeAccessToken } from '@/lib/session';
import { signedInDouble } from '@/test/auth-double';
import { stubFetch } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render-app';
import { UserPage } from './user-page';

const user = {
  _id: 'u1',
  organization_id: 'o1',
  name: 'Casey Clerk',
  email: 'casey@example.com',
  emailVerified: true,
};

describe('/user', () => {
  // Rendered alone, the page has no session start: the API client falls back to the stored token.
  beforeEach(() => storeAccessToken('tok'));

  it('shows name and email, and resets the password with a snackbar', async () => {
    const { calls } = stubFetch({
      'GET /api/v1/user': { body: user },
      'POST /api/v1/user/resetpassword': { body: { ok: true } },
    });
    renderWithProviders(
      <>
        <UserPage />
        <SnackbarHost />
      </>,
      { auth: signedInDouble() },
    );
    expect(await screen.findByText('Casey Clerk')).toBeTruthy();
    expect(screen.getByText('casey@example.com')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('We sent a password reset link to casey@example.com.')).toBeTruthy();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toContain('POST /api/v1/user/resetpassword');
  });

  it('shows the server message when the reset fails', async () => {
    stubFetch({
      'GET /api/v1/user': { body: user },
      'POST /api/v1/user/resetpassword': {
        status: 429,
        body: { statusCode: 429, code: 'TOO_MANY_REQUESTS', message: 'Too many attempts, try later' },
      },
    });
    renderWithProviders(
      <>
        <UserPage />
        <SnackbarHost />
      </>,
      { auth: signedInDouble() },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('Too many attempts, try later')).toBeTruthy();
  });
});
