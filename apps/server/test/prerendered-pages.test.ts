/**
 * The public pages the build pre-renders (apps/web/scripts/prerender.mjs) answer `/` and `/features` for a
 * visitor, uncached and compressed like index.html; a browser holding the identity SDK's session cookie, and
 * every other path, gets the app's shell (index.html) with the public config written into it.
 */
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { hasSignedInHint, withPublicConfig } from '../src/modules/system/routes.ts';
import { appServingDist } from './web-dist.ts';

const SHELL =
  '<!doctype html><html><head><title>Hosewright</title></head><body><div id="root"></div></body></html>';
/** The shell as it goes out: the public config in its head, as the app reads it (apps/web/src/api/system.ts). */
function publicConfigIn(body: string): unknown {
  const json =
    /<head>.*<script id="public-config" type="application\/json">([^<]*)<\/script><\/head><body><div id="root"><\/div>/.exec(
      body,
    )?.[1];
  return json === undefined ? undefined : JSON.parse(json);
}
const HOME = `<!doctype html><html><head><title>Hosewright - Home</title></head><body><div id="root"><h1>Hose assemblies, made and tracked</h1>${'<p>text</p>'.repeat(200)}</div></body></html>`;
const FEATURES =
  '<!doctype html><html><head><title>Hosewright - Features</title></head><body><div id="root"><h1>Plans &amp; Pricing</h1></div></body></html>';

const app = appServingDist({
  'index.html': SHELL,
  'prerendered/home.html': HOME,
  'prerendered/home.html.br': brotliCompressSync(HOME),
  'prerendered/features.html': FEATURES,
});

describe('the pre-rendered public pages', () => {
  it('answers / with the pre-rendered home page, brotli, uncached, varying with the cookie', async () => {
    const res = await app().app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.vary).toMatch(/cookie/i);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(HOME);
  });

  it('answers /features (with a query too) with its pre-rendered page', async () => {
    const res = await app().app.inject({ method: 'GET', url: '/features?from=ad' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<h1>Plans &amp; Pricing</h1>');
  });

  it('gives a signed-in browser (the SDK’s session cookie) the app instead', async () => {
    for (const url of ['/', '/features']) {
      const res = await app().app.inject({
        method: 'GET',
        url,
        headers: { cookie: 'locale=en_ca; auth0.hosewright-spa.is.authenticated=true' },
      });
      expect(res.statusCode).toBe(200);
      expect(publicConfigIn(res.body)).toBeDefined();
    }
  });

  it('gives every other page the app’s shell', async () => {
    for (const url of ['/dashboard', '/contact', '/features/more', '/login']) {
      const res = await app().app.inject({ method: 'GET', url });
      expect(publicConfigIn(res.body), url).toBeDefined();
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('writes the public config into the shell, so the app starts without asking for it', async () => {
    const page = await app().app.inject({
      method: 'GET',
      url: '/dashboard',
      headers: { 'accept-encoding': 'br' },
    });
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['content-type']).toMatch(/text\/html/);
    const asked = await app().app.inject({ method: 'GET', url: '/api/v1/public/config' });
    expect(publicConfigIn(brotliDecompressSync(page.rawPayload).toString())).toEqual(asked.json());
  });

  it('keeps a value from closing the element', () => {
    const html = withPublicConfig(SHELL, {
      oidc: {
        domain: 'https://idp.example/</script><script>alert(1)</script>',
        clientId: 'spa',
        audience: '',
      },
      version: 1,
    });
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(JSON.parse(/type="application\/json">([^<]*)</.exec(html)?.[1] ?? '')).toMatchObject({
      oidc: { domain: 'https://idp.example/</script><script>alert(1)</script>' },
    });
  });
});

describe('the signed-in hint', () => {
  it('is the SDK’s cookie for this client only', () => {
    expect(hasSignedInHint('auth0.spa.is.authenticated=true', 'spa')).toBe(true);
    expect(hasSignedInHint('a=1; auth0.spa.is.authenticated=true; b=2', 'spa')).toBe(true);
    expect(hasSignedInHint('auth0.other.is.authenticated=true', 'spa')).toBe(false);
    expect(hasSignedInHint('_legacy_auth0.spa.is.authenticated=true', 'spa')).toBe(false);
    expect(hasSignedInHint(undefined, 'spa')).toBe(false);
  });
});
