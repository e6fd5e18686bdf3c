import { acceptTerms, hasAcceptedTerms } from '@hosewright/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setAccessTokenGetter } from '@/lib/api';
import { resetSessionStore, useSessionStore } from '@/lib/session';
import { signedInDouble } from '@/test/auth-double';
import { stubFetch } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render-app';
import { TermsBanner } from './terms-banner';

/** Signed in with `role`: the session store holds the roles, the token comes from the identity SDK. */
const signedInAs = (role: 'admin' | 'regular') => {
  useSessionStore.setState({ access: { roles: [role], subscription: null }, status: 'ready' });
  setAccessTokenGetter(async () => 'sdk-token');
};

describe('terms of service banner', () => {
  afterEach(() => {
    resetSessionStore();
    setAccessTokenGetter(null);
  });

  it('asks an admin to read and accept the terms, records it, and goes away', async () => {
    signedInAs('admin');
    let accepted = false;
    const { calls } = stubFetch({
      [`GET ${hasAcceptedTerms.path}`]: () => ({ body: accepted }),
      [`POST ${acceptTerms.path}`]: () => {
        accepted = true;
        return { body: { ok: true } };
      },
    });
    renderWithProviders(<TermsBanner />, { auth: signedInDouble() });
    fireEvent.click(await screen.findByRole('button', { name: 'Read and accept' }));
    expect(await screen.findByRole('dialog', { name: 'Hosewright terms of service' })).toBeTruthy();
    expect(screen.getByText(/the shop that builds a hose is responsible for it/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'I accept on behalf of my organization' }));
    await waitFor(() => expect(screen.queryByText('Terms of service')).toBeNull());
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([acceptTerms.path]);
  });

  it('shows nothing to a regular user, and does not ask the server', async () => {
    signedInAs('regular');
    const { calls } = stubFetch({ [`GET ${hasAcceptedTerms.path}`]: { body: false } });
    renderWithProviders(<TermsBanner />, { auth: signedInDouble() });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('Terms of service')).toBeNull();
    expect(calls).toEqual([]);
  });

  it('shows nothing once the organisation has accepted', async () => {
    signedInAs('admin');
    const { calls } = stubFetch({ [`GET ${hasAcceptedTerms.path}`]: { body: true } });
    renderWithProviders(<TermsBanner />, { auth: signedInDouble() });
    await waitFor(() => expect(calls.length).toBe(1));
    expect(screen.queryByText('Terms of service')).toBeNull();
  });
});
