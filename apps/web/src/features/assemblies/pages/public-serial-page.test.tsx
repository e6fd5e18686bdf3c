import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';
import { createPublicAssembly } from '../test-factories';

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
