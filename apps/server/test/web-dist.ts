/**
 * A test app serving a made-up build of the web app: `files` by their path in `dist` (written into a temporary
 * folder before the file's tests, removed after them with the app). For the tests of how the server sends the
 * app's files (compression, caching, the pre-rendered pages).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';

export function appServingDist(files: Readonly<Record<string, string | Uint8Array>>): () => TestApp {
  let t: TestApp | undefined;
  let dist: string | undefined;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'hosewright-dist-'));
    for (const [name, body] of Object.entries(files)) {
      const file = path.join(dist, name);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, body);
    }
    t = await createTestApp({ WEB_DIST: dist });
  });
  afterAll(async () => {
    await t?.close();
    if (dist) rmSync(dist, { recursive: true, force: true });
  });
  return () => {
    if (!t) throw new Error('The app is not available (see the beforeAll failure)');
    return t;
  };
}
