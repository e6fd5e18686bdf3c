import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useSettingsStore } from '@/lib/settings-store';
import { stubFetch } from '@/test/fetch-stub';
import { renderApp } from '@/test/render-app';
import { parseSettingsMessage } from '../lib/embedding';
import { createHose } from '../test-factories';

describe('parseSettingsMessage', () => {
  it('reads the parent’s token, expiry and customer; ignores other messages', () => {
    expect(
      parseSettingsMessage({ type: 'settings', accessToken: 'tok', expiresIn: 60, customerId: 'c1' }, 1000),
    ).toEqual({
      accessToken: 'tok',
      accessTokenExpires: 61_000,
      customerId: 'c1',
    });
    expect(parseSettingsMessage({ type: 'settings', settings: { accessToken: 'tok' } })).toEqual({
      accessToken: 'tok',
      accessTokenExpires: null,
      customerId: '',
    });
    expect(parseSettingsMessage({ type: 'other', accessToken: 'tok' })).toBeNull();
    expect(parseSettingsMessage('settings')).toBeNull();
  });
});

describe('/configurator (public, headerless, embeddable)', { timeout: 60_000 }, () => {
  it('without a user or a token, tells a visitor what it is and where to find it, not how to embed it', async () => {
    stubFetch({});
    renderApp('/configurator');
    expect(
      await screen.findByRole('heading', { name: 'This configurator runs inside a hose shop’s website' }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('link', { name: 'API reference' }).getAttribute('href')).toBe('/api/docs');
    expect(screen.queryByText(/accessToken/)).toBeNull();
    expect(screen.queryByRole('banner')).toBeNull();
  });

  it('takes the token posted by the parent and builds with it; a refused token is reported to the parent', async () => {
    const posted: unknown[] = [];
    vi.spyOn(window, 'postMessage').mockImplementation((message: unknown) => {
      posted.push(message);
    });
    const { calls } = stubFetch({
      'GET /api/v1/organization/hoses': { body: { items: [createHose()], total: 1, page: 1 } },
      'GET /api/v1/organization/adaptors': {
        status: 401,
        body: { statusCode: 401, code: 'UNAUTHENTICATED', message: 'Token expired' },
      },
      'GET /api/v1/organization/wraps': { body: { items: [], total: 0, page: 1 } },
    });
    renderApp('/iframe/hoseassembly');
    await screen.findByRole('heading', { name: 'This configurator runs inside a hose shop’s website' });
    // As a parent does: answer once the frame says it listens (its effect may run after the first paint).
    await waitFor(() => expect(posted).toContainEqual({ type: 'configuratorReady' }), { timeout: 10_000 });
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          data: { type: 'settings', accessToken: 'parent-token', expiresIn: 3600, customerId: '' },
          source: window,
        }),
      );
    });
    expect(await screen.findByRole('combobox', { name: 'Hose' }, { timeout: 10_000 })).toBeTruthy();
    expect(useSettingsStore.getState().isApi).toBe(true);
    await waitFor(
      () => expect(calls.some((c) => c.headers.authorization === 'Bearer parent-token')).toBe(true),
      { timeout: 10_000 },
    );
    await waitFor(() => expect(posted).toContainEqual({ type: 'securityTokenExpired' }), { timeout: 10_000 });
  });
});
