import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { createTestApp, type TestApp } from './helpers.ts';

const t: TestApp = await createTestApp({
  EMBED_ORIGINS: 'https://erp.example.com, https://parts.example.org',
});
afterAll(() => t.close());

const frameAncestors = (csp: unknown) => /frame-ancestors ([^;]*)/.exec(String(csp))?.[1];

describe('embedding the configurator (API mode)', () => {
  it.each(['/configurator', '/iframe/hoseassembly'])('lets the configured sites frame %s', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(frameAncestors(res.headers['content-security-policy'])).toBe(
      "'self' https://erp.example.com https://parts.example.org",
    );
    expect(res.headers['x-frame-options']).toBeUndefined();
  });

  it('keeps every other page to this app’s own frames', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/dashboard' });
    expect(frameAncestors(res.headers['content-security-policy'])).toBe("'self'");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('refuses a setting that is not a list of origins, and says which entry is wrong', () => {
    expect(() => loadConfig({ EMBED_ORIGINS: 'https://erp.example.com/path' })).toThrow(
      /https:\/\/erp\.example\.com\/path is not an origin like https:\/\/erp\.example\.com/,
    );
  });
});
