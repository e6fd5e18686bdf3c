import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { stubFetch } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render-app';
import { ConfigGate } from './config-gate';

const CONFIG = {
  oidc: { domain: 'http://localhost:3000/idp', clientId: 'web', audience: 'api' },
  version: 7,
};

function writeInlineConfig(text: string): void {
  const element = document.createElement('script');
  element.id = 'public-config';
  element.type = 'application/json';
  element.textContent = text;
  document.head.append(element);
}

afterEach(() => document.getElementById('public-config')?.remove());

describe('the config gate', () => {
  it('starts the app at once with the config the server wrote into the page, asking for nothing', () => {
    const { calls } = stubFetch({});
    writeInlineConfig(JSON.stringify(CONFIG));
    renderWithProviders(<ConfigGate>{(config) => <p>signing in at {config.oidc.domain}</p>}</ConfigGate>);
    expect(screen.getByText('signing in at http://localhost:3000/idp')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('asks the server when the page has no usable config (a copy from the service worker)', async () => {
    const { calls } = stubFetch({ 'GET /api/v1/public/config': { body: CONFIG } });
    writeInlineConfig('{"oidc":');
    renderWithProviders(<ConfigGate>{(config) => <p>version {config.version}</p>}</ConfigGate>);
    expect(await screen.findByText('version 7')).toBeTruthy();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /api/v1/public/config']);
  });
});
