import { type Billing, getBilling } from '@hosewright/domain';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setAccessTokenGetter } from '@/lib/api';
import { resetSessionStore, useSessionStore } from '@/lib/session';
import { signedInDouble } from '@/test/auth-double';
import { stubFetch } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render-app';
import { PaymentDueBanner } from './payment-due-banner';

const signedInAs = (role: 'admin' | 'regular') => {
  useSessionStore.setState({ access: { roles: [role], subscription: null }, status: 'ready' });
  setAccessTokenGetter(async () => 'sdk-token');
};

const billing = (over: Partial<Billing>): Billing => ({
  tier: 'professional',
  status: 'active',
  expires: '2026-12-24T12:00:00.000Z',
  currentPeriodEnd: '2026-12-24T12:00:00.000Z',
  cancelAtPeriodEnd: false,
  graceEndsAt: null,
  card: { brand: 'visa', last4: '0341' },
  testMode: false,
  invoices: [],
  ...over,
});

describe('payment due banner', () => {
  afterEach(() => {
    resetSessionStore();
    setAccessTokenGetter(null);
  });

  it('tells an admin the plan runs until the end of the grace period and links to the card', async () => {
    signedInAs('admin');
    stubFetch({
      [`GET ${getBilling.path}`]: {
        body: billing({ status: 'pastDue', graceEndsAt: '2026-12-31T12:00:00.000Z' }),
      },
    });
    renderWithProviders(<PaymentDueBanner />, { auth: signedInDouble() });
    expect(await screen.findByText('Payment failed')).toBeTruthy();
    expect(
      screen.getByText(
        'A renewal payment failed. Update the card before December 31, 2026 or the plan expires.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Update the card' }).getAttribute('href')).toBe(
      '/organization/billing',
    );
  });

  it('says nothing while the plan is paid, and asks nothing for a regular member', async () => {
    signedInAs('admin');
    const { calls } = stubFetch({ [`GET ${getBilling.path}`]: { body: billing({}) } });
    const { unmount } = renderWithProviders(<PaymentDueBanner />, { auth: signedInDouble() });
    await waitFor(() => expect(calls.some((c) => c.path === getBilling.path)).toBe(true));
    expect(screen.queryByText('Payment failed')).toBeNull();
    unmount();

    signedInAs('regular');
    const regular = stubFetch({});
    renderWithProviders(<PaymentDueBanner />, { auth: signedInDouble() });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(regular.calls.some((c) => c.path === getBilling.path)).toBe(false);
  });
});
