/**
 * The built web app goes out compressed: the build leaves brotli and gzip copies beside each text file
 * (apps/web/scripts/compress.mjs) and the SPA routes send the copy the browser accepts, with its encoding,
 * the file's own type and the same caching; a browser that accepts neither gets the file itself.
 */
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { appServingDist } from './web-dist.ts';

const SCRIPT = `console.log(${JSON.stringify('hose assemblies '.repeat(400))});\n`;
const INDEX = `<!doctype html><html><head><title>Hosewright</title></head><body>${'<div></div>'.repeat(200)}</body></html>`;

/** A file with its brotli and gzip copies, as the build writes them. */
const compressed = (name: string, body: string) => ({
  [name]: body,
  [`${name}.br`]: brotliCompressSync(body),
  [`${name}.gz`]: gzipSync(body),
});
const app = appServingDist({
  ...compressed('assets/index-abc123.js', SCRIPT),
  ...compressed('index.html', INDEX),
  'robots.txt': 'User-agent: *\n',
});

describe('the web app goes out compressed', () => {
  it('sends brotli to a browser that accepts it, with the script’s type and a year of caching', async () => {
    const res = await app().app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toMatch(/immutable/);
    expect(res.rawPayload.length).toBeLessThan(SCRIPT.length / 5);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends gzip when that is all the browser takes, and the file itself when it takes neither', async () => {
    const gz = await app().app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);

    const plain = await app().app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('compresses the page a deep link falls back to, and keeps it uncached', async () => {
    const res = await app().app.inject({
      method: 'GET',
      url: '/hoseassemblies',
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    // The page with the public config written into it (`withPublicConfig`).
    const page = brotliDecompressSync(res.rawPayload).toString();
    expect(page).toContain('<script id="public-config" type="application/json">');
    expect(page.replace(/<script id="public-config"[^<]*<\/script>/, '')).toBe(INDEX);
  });

  it('sends a file without copies as it is', async () => {
    const res = await app().app.inject({
      method: 'GET',
      url: '/robots.txt',
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe('User-agent: *\n');
  });
});
