import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('configuration', () => {
  it('defaults to the embedded provider on localhost:3000', () => {
    const c = loadConfig({});
    expect(c.publicUrl).toBe('http://localhost:3000');
    expect(c.issuer).toBe('http://localhost:3000/idp/');
    expect(c.oidcDomain).toBe('http://localhost:3000/idp');
    expect(c.embeddedIdentity).toBe(true);
    expect(c.DATABASE_URL).toBeUndefined();
  });

  it('follows PORT when PUBLIC_URL is not set, and an external issuer when given', () => {
    expect(loadConfig({ PORT: '4100' }).publicUrl).toBe('http://localhost:4100');
    const c = loadConfig({ OIDC_ISSUER: 'https://shop.eu.auth0.com' });
    expect(c.issuer).toBe('https://shop.eu.auth0.com/');
    expect(c.embeddedIdentity).toBe(false);
  });

  it('names every bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'not a url' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
  });
});
