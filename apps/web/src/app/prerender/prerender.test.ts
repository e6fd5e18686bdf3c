/**
 * The build's pre-rendered public pages (scripts/prerender.mjs, run here on a small stand-in for dist):
 * drawn with the app's components for a visitor, their CSS included, the ways in as plain links, the
 * contact form as its own root, and the visitor's script in place of the app's.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_ISLAND } from './contact-island-id';

// Under jsdom `import.meta.url` is not a file address; the file's directory is.
const SCRIPT = path.join(import.meta.dirname, '../../../scripts/prerender.mjs');
/** index.html as `vite build` leaves it: the app's entry and its preloads. */
const SHELL = `<!doctype html>
<html lang="en-CA">
  <head>
    <meta charset="UTF-8" />
    <title>Hosewright</title>
    <script type="module" crossorigin src="/assets/index-Abc123.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/rolldown-runtime-Abc123.js">
  </head>
  <body>
    <div id="root"></div>
    <noscript>Hosewright needs JavaScript to run in your browser.</noscript>
  </body>
</html>
`;

let dist: string;
let home: string;
let features: string;
let index: string;

beforeAll(() => {
  dist = mkdtempSync(path.join(tmpdir(), 'hosewright-prerender-test-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), SHELL);
  writeFileSync(path.join(dist, 'assets/visitor-Xyz789.js'), '');
  const run = spawnSync(process.execPath, [SCRIPT, dist], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`prerender.mjs failed:\n${run.stderr}\n${run.stdout}`);
  home = readFileSync(path.join(dist, 'prerendered/home.html'), 'utf8');
  features = readFileSync(path.join(dist, 'prerendered/features.html'), 'utf8');
  index = readFileSync(path.join(dist, 'index.html'), 'utf8');
}, 120_000);

afterAll(() => {
  if (dist) rmSync(dist, { recursive: true, force: true });
});

describe('the pre-rendered home page', () => {
  it('is the visitor’s home page, titled as the app titles it', () => {
    expect(home).toContain('<title>Hosewright - Home</title>');
    expect(home).toMatch(/<h1[^>]*>Build, tag and reorder hydraulic hoses in minutes<\/h1>/);
    expect(home).toContain('Free for 30 days. No card needed to start.');
    expect(home).not.toContain('Open your dashboard');
  });

  it('loads the visitor’s script, not the app', () => {
    expect(home).toContain('<script type="module" crossorigin src="/assets/visitor-Xyz789.js"></script>');
    expect(home).not.toContain('index-Abc123.js');
    expect(home).not.toContain('modulepreload');
    expect(home).not.toContain('<noscript>');
  });

  it('sends sign-up and log-in to the app’s /signup and /login, as links', () => {
    expect(home).toMatch(/<a [^>]*href="\/signup"[^>]*>Start your free trial<\/a>/);
    expect(home).toMatch(/<a [^>]*href="\/login"[^>]*>Log in<\/a>/);
    expect(home).toMatch(/<a [^>]*href="\/signup"[^>]*>SIGN {2}UP<\/a>/);
  });

  it('holds the CSS of every class it uses', () => {
    const [head = '', body = ''] = home.split('<body>');
    // css-0 is emotion's class for no styles at all.
    const used = new Set(
      [...body.matchAll(/\bcss-([a-z0-9]+)/g)].map((m) => m[1]).filter((id) => id !== '0'),
    );
    expect(used.size).toBeGreaterThan(10);
    for (const id of used) expect(head, `css-${id}`).toContain(`.css-${id}`);
  });

  it('holds the contact form once, as the root the visitor’s script hydrates', () => {
    expect(home.split('<form').length - 1).toBe(1);
    const island = home.indexOf(CONTACT_ISLAND);
    expect(island).toBeGreaterThan(-1);
    expect(home.indexOf('<form')).toBeGreaterThan(island);
    expect(home).toContain('name="message"');
  });
});

describe('index.html, the app on every other path', () => {
  it('shows the app’s first frame, a centred “Loading…”, before any script runs, with its CSS', () => {
    const [head = '', body = ''] = index.split('<body>');
    expect(body).toMatch(/<div id="root"><div class="[^"]*" role="status"/);
    expect(body).toContain('role="progressbar" aria-label="Loading…"');
    expect(body).toMatch(/>Loading…<\/p>/);
    const used = [...body.matchAll(/\bcss-([a-z0-9]+)/g)].map((m) => m[1]);
    expect(used.length).toBeGreaterThan(2);
    for (const id of used) expect(head, `css-${id}`).toContain(`.css-${id}`);
  });

  it('still loads the app, not the visitor’s script', () => {
    expect(index).toContain('<script type="module" crossorigin src="/assets/index-Abc123.js"></script>');
    expect(index).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/rolldown-runtime-Abc123.js">',
    );
    expect(index).not.toContain('visitor-Xyz789.js');
  });
});

describe('the pre-rendered /features', () => {
  it('draws the plans for a phone and for wider screens, CSS showing the one that fits', () => {
    expect(features).toContain('<title>Hosewright - Features</title>');
    // Wide: the table; a phone: one card per plan (MUI's xs ends at 600 px).
    expect(features).toContain('<table');
    expect(features).toMatch(/<ul[^>]*aria-label="Hosewright plans"/);
    expect(features).toMatch(/@media \(min-width:600px\)\{[^}]*display:none/);
  });
});
