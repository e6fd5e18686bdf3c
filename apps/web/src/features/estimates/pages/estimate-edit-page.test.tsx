import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { signedInDouble } from '@/test/auth-double';
import { stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';
import {
  CUSTOMER_ID,
  createAssembly,
  createEstimate,
  createPricing,
  createSentEstimate,
  ESTIMATE_ID,
  NEW_ASSEMBLY_ID,
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

describe('building a new assembly from a draft’s lines', { timeout: 60_000 }, () => {
  beforeEach(() => sessionStorage.clear());

  it('keeps the unsaved change while the builder is open and comes back with the assembly added', async () => {
    const { calls } = stubFetch({
      ...professional(),
      [`GET ${at()}`]: { body: createEstimate() },
      [`GET /api/v1/hoseassembly/${NEW_ASSEMBLY_ID}`]: { body: createAssembly() },
      'POST /api/v1/salesestimates/price': { body: createPricing() },
      [`POST ${at('/update')}`]: { body: createEstimate() },
    });
    const { router } = renderApp(`/salesestimate/${ESTIMATE_ID}/edit/lines`, signedInDouble());
    fireEvent.change(await screen.findByRole('textbox', { name: 'Price of Courier' }), {
      target: { value: '19.99' },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Build a new assembly' }));
    const returnTo = `/salesestimate/${ESTIMATE_ID}/edit/lines`;
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/customer/${CUSTOMER_ID}/hoseassemblies/new`),
    );
    expect(router.state.location.search).toBe(`?returnTo=${encodeURIComponent(returnTo)}`);
    expect(sessionStorage.getItem(`estimateDraft:${ESTIMATE_ID}`)).toContain('19.99');

    // What the builder does once the assembly is saved.
    await router.navigate(`${returnTo}?addAssembly=${NEW_ASSEMBLY_ID}`);
    const added = await screen.findByRole('listitem', { name: 'Line 3: HA-0002_A' });
    expect(
      (within(added).getByRole('textbox', { name: 'Quantity of HA-0002_A' }) as HTMLInputElement).value,
    ).toBe('1');
    expect((screen.getByRole('textbox', { name: 'Price of Courier' }) as HTMLInputElement).value).toBe(
      '19.99',
    );
    await waitFor(() => expect(router.state.location.search).toBe(''));

    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/salesestimate/${ESTIMATE_ID}`));
    const body = JSON.parse(calls.find((c) => c.path === at('/update'))?.body ?? 'null');
    expect(body.lines).toHaveLength(3);
    expect(body.lines[1]).toMatchObject({ type: 'freight', unitPriceOverride: 1999 });
    expect(body.lines[2]).toMatchObject({ type: 'assembly', itemId: NEW_ASSEMBLY_ID, quantity: 1 });
  });
});
