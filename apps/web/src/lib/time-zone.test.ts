import { afterEach, describe, expect, it, vi } from 'vitest';

/** `lib/api` read afresh (it keeps the browser's zone once read), with the browser naming `zone`. */
async function apiWithBrowserZone(zone: string) {
  vi.resetModules();
  const options = Intl.DateTimeFormat().resolvedOptions();
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({ ...options, timeZone: zone });
  return import('./api');
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the browser's time zone (ADR 23)", () => {
  it('goes with every product call by its name', async () => {
    const api = await apiWithBrowserZone('America/Vancouver');
    api.setAccessTokenGetter(async () => 'sdk-token');
    expect(await api.productHeaders()).toMatchObject({ 'time-zone': 'America/Vancouver' });
  });

  it('is left out when the browser cannot name one, so no call is refused for it', async () => {
    const api = await apiWithBrowserZone('Etc/Unknown');
    api.setAccessTokenGetter(async () => 'sdk-token');
    expect(api.browserTimeZone()).toBeUndefined();
    const headers = await api.productHeaders();
    expect(headers.authorization ?? headers.Authorization).toBe('Bearer sdk-token');
    expect(Object.keys(headers).map((name) => name.toLowerCase())).not.toContain('time-zone');
  });
});
