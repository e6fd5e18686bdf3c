import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signedInDouble } from '@/test/auth-double';
import { stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';
import {
  createEstimate,
  createPricing,
  createSentEstimate,
  ESTIMATE_ID,
  professional,
} from '../test-factories';

const at = (suffix = '') => `/api/v1/salesestimate/${ESTIMATE_ID}${suffix}`;

describe('/salesestimate/{salesEstimateId}/edit', { timeout: 60_000 }, () => {
  it('changes a draft’s lines and sends only what changed, the price in cents', async () => {
    const { calls } = stubFetch({
      ...professional(),
      [`GET ${at()}`]: { body: createEstimate() },
      'POST /api/v1/salesestimates/price': { body: createPricing() },
      [`POST ${at('/update')}`]: { body: createEstimate() },
    });
    const { router } = renderApp(`/salesestimate/${ESTIMATE_ID}/edit/lines`, signedInDouble());
    const price = await screen.findByRole('textbox', { name: 'Price of Courier' });
    expect((price as HTMLInputElement).value).toBe('25');
    fireEvent.change(price, { target: { value: '19.99' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/salesestimate/${ESTIMATE_ID}`));
    const body = JSON.parse(calls.find((c) => c.path === at('/update'))?.body ?? 'null');
    expect(Object.keys(body)).toEqual(['lines']);
    expect(body.lines[1]).toMatchObject({ type: 'freight', description: 'Courier', unitPriceOverride: 1999 });
  });

  it('says only a draft changes, and links back to a sent estimate', async () => {
    stubFetch({ ...professional(), [`GET ${at()}`]: { body: createSentEstimate() } });
    renderApp(`/salesestimate/${ESTIMATE_ID}/edit/details`, signedInDouble());
    expect(await screen.findByText(/This estimate is Sent: only a draft can be changed/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to SE-00012' }).getAttribute('href')).toBe(
      `/salesestimate/${ESTIMATE_ID}`,
    );
    expect(screen.queryByRole('button', { name: 'Save changes' })).toBeNull();
  });
});
