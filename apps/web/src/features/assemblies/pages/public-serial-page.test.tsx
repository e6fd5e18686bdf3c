import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signedInDouble } from '@/test/auth-double';
import { createAssemblyListItem, createSessionProfile } from '@/test/factories';
import { stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';
import { createPublicAssembly } from '../test-factories';

/** A signed-in user on a plan; `owned` says whether their organisation's list answers the serial. */
function signedInServer(subscription: 'professional' | 'trial', owned: boolean) {
  return {
    'GET /api/v1/qs/7K3M9Q2XAB': { body: createPublicAssembly() },
    'POST /api/v1/sessions/create': { body: createSessionProfile({ subscription }) },
    'GET /api/v1/hoseassemblies': {
      body: owned
        ? { items: [createAssemblyListItem({ _id: 'asm-7', title: 'HA-0001_C' })], total: 1, page: 1 }
        : { items: [], total: 0, page: 1 },
    },
  };
}

/** The addresses fetch was called with (the stub records paths only). */
const requested = (fetchMock: { mock: { calls: unknown[][] } }) =>
  fetchMock.mock.calls.map((c) => String(c[0]));

describe('/qs/{serialId}: what a customer scanning the tag sees', { timeout: 60_000 }, () => {
  it('shows the part number, pressure, lengths and how to reorder, signed out and without a token', async () => {
    const { calls } = stubFetch({ 'GET /api/v1/qs/7K3M9Q2XAB': { body: createPublicAssembly() } });
    renderApp('/qs/7K3M9Q2XAB');
    expect(await screen.findByRole('heading', { level: 1, name: 'Hose assembly HA-0001_A' })).toBeTruthy();
    expect(screen.getByText('Serial 7K3M9Q2XAB')).toBeTruthy();
    expect(screen.getByText('276 bar')).toBeTruthy();
    expect(screen.getByText('890 mm')).toBeTruthy();
    expect(screen.getByText('Call Demo Hose Shop and quote the serial.')).toBeTruthy();
    expect(screen.getByRole('img', { name: /Drawing of the assembly/ })).toBeTruthy();
    expect(screen.queryByText(/price|cost/i)).toBeNull();
    expect(calls.find((c) => c.path === '/api/v1/qs/7K3M9Q2XAB')?.headers.authorization).toBeUndefined();
    // Signed out: the public view only, and nothing asked of the signed-in API.
    expect(screen.queryByRole('link', { name: 'Build again' })).toBeNull();
    expect(screen.queryByRole('link', { name: /^Open HA-/ })).toBeNull();
    expect(calls.some((c) => c.path === '/api/v1/hoseassemblies')).toBe(false);
  });

  it("shows the shop's address, and its phone and email as links to call and write", async () => {
    stubFetch({ 'GET /api/v1/qs/7K3M9Q2XAB': { body: createPublicAssembly() } });
    renderApp('/qs/7K3M9Q2XAB');
    const phone = await screen.findByRole('link', { name: '+1 (403) 555-0142' });
    expect(phone.getAttribute('href')).toBe('tel:+14035550142');
    expect(screen.getByRole('link', { name: 'counter@demohose.example' }).getAttribute('href')).toBe(
      'mailto:counter@demohose.example',
    );
    const address = phone.closest('address') as HTMLElement;
    expect(within(address).getByText(/12 Coupling Road\s+Red Deer AB T4N 1A1\s+Canada/)).toBeTruthy();
  });

  it('leaves out the contact lines a shop does not keep', async () => {
    stubFetch({
      'GET /api/v1/qs/7K3M9Q2XAB': {
        body: createPublicAssembly({
          contact: { address: null, phone: '', email: 'counter@demohose.example' },
        }),
      },
    });
    renderApp('/qs/7K3M9Q2XAB');
    expect(await screen.findByRole('link', { name: 'counter@demohose.example' })).toBeTruthy();
    expect(screen.queryByText('Phone')).toBeNull();
    expect(screen.queryByText(/Coupling Road/)).toBeNull();
  });

  it('gives a member of the shop that built it the record and Build again, a reorder work order', async () => {
    const { fetchMock } = stubFetch(signedInServer('professional', true));
    const { router } = renderApp('/qs/7K3M9Q2XAB', signedInDouble());
    const record = await screen.findByRole('link', { name: 'Open HA-0001_C' });
    expect(record.getAttribute('href')).toBe('/hoseassembly/asm-7');
    expect(screen.getByText('Built by Demo Hose Shop, your shop')).toBeTruthy();
    expect(
      requested(fetchMock).some((url) => url.includes('/api/v1/hoseassemblies?serialId=7K3M9Q2XAB')),
    ).toBe(true);
    await userEvent.click(screen.getByRole('link', { name: 'Build again' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/workorders/new'));
    expect(router.state.location.search).toBe('?serialId=7K3M9Q2XAB');
  });

  it('gives a member on a plan without work orders the record only', async () => {
    stubFetch(signedInServer('trial', true));
    renderApp('/qs/7K3M9Q2XAB', signedInDouble());
    expect(await screen.findByRole('link', { name: 'Open HA-0001_C' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Build again' })).toBeNull();
  });

  it('keeps the public view for a signed-in member of another organisation', async () => {
    const { fetchMock } = stubFetch(signedInServer('professional', false));
    renderApp('/qs/7K3M9Q2XAB', signedInDouble());
    expect(await screen.findByRole('heading', { level: 1, name: 'Hose assembly HA-0001_A' })).toBeTruthy();
    // Asked, and answered nothing: their list does not hold this serial.
    await waitFor(() =>
      expect(requested(fetchMock).some((url) => url.includes('/api/v1/hoseassemblies?'))).toBe(true),
    );
    expect(screen.getByText('Call Demo Hose Shop and quote the serial.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /^Open HA-/ })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Build again' })).toBeNull();
    expect(screen.queryByText(/your shop/)).toBeNull();
  });

  it('shows the proof test of a unit built on a work order, and whether the hose is skived', async () => {
    const built = createPublicAssembly({
      proofTest: { testedAt: '2026-11-20T15:04:00.000Z', result: 'pass', pressurePsi: 8000, holdSeconds: 30 },
    });
    built.parts.hose.skive = true;
    stubFetch({ 'GET /api/v1/qs/7K3M9Q2XAB': { body: built } });
    renderApp('/qs/7K3M9Q2XAB');
    expect(await screen.findByText('Proof test')).toBeTruthy();
    expect(screen.getByText(/^Passed at 552 bar held 30 s on /)).toBeTruthy();
    expect(screen.getByText('Yes: cut back the hose cover where the ferrule grips')).toBeTruthy();
  });

  it('answers an unknown serial with a friendly not found', async () => {
    stubFetch({});
    renderApp('/qs/NOSUCH');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'We could not find this serial' }),
    ).toBeTruthy();
    expect(screen.getByText(/Check the serial printed under the QR code/)).toBeTruthy();
  });
});
