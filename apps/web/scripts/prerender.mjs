// After `vite build`: the signed-out public pages (`/`, `/features`) as HTML files, drawn with the app's own
// components (src/app/prerender/public-pages.tsx, built here for Node), so a visitor sees the page before any
// script runs and loads only the small visitor script. The server answers them for exactly those paths
// (apps/server/src/modules/system/routes.ts); index.html stays the app's shell for every other path, with the
// app's first frame (a centred "Loading…") drawn into it.
//
// `node scripts/prerender.mjs [dist]`: dist defaults to apps/web/dist.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build } from 'vite';

const webRoot = fileURLToPath(new URL('..', import.meta.url));
const dist = path.resolve(process.argv[2] ?? path.join(webRoot, 'dist'));
const out = mkdtempSync(path.join(tmpdir(), 'hosewright-prerender-'));

try {
  await build({
    configFile: false,
    root: webRoot,
    logLevel: 'warn',
    plugins: [react()],
    resolve: { alias: { '@': path.join(webRoot, 'src') } },
    define: { __APP_VERSION__: '0' },
    // One file with every dependency in it: Node then needs nothing resolved at run time.
    ssr: { noExternal: true },
    build: {
      ssr: path.join(webRoot, 'src/app/prerender/public-pages.tsx'),
      outDir: out,
      emptyOutDir: true,
      sourcemap: false,
      rollupOptions: { output: { entryFileNames: 'public-pages.mjs' } },
    },
  });
  const { PUBLIC_PAGES, renderAppLoading, renderPublicPage } = await import(
    pathToFileURL(path.join(out, 'public-pages.mjs')).href
  );

  const visitorScript = readdirSync(path.join(dist, 'assets')).find((f) => /^visitor-[\w-]+\.js$/.test(f));
  if (!visitorScript) throw new Error(`No assets/visitor-*.js in ${dist}: run vite build first`);
  const shellHtml = readFileSync(path.join(dist, 'index.html'), 'utf8');
  if (!shellHtml.includes('<div id="root"></div>'))
    throw new Error('index.html has no empty <div id="root"></div>');
  const shell = shellHtml
    // The app's entry and its preloads are not the visitor's: they load the whole app.
    .replace(/\s*<script type="module"[^>]*><\/script>/g, '')
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
    .replace(/\s*<noscript>[\s\S]*?<\/noscript>/, '');

  mkdirSync(path.join(dist, 'prerendered'), { recursive: true });
  for (const [urlPath, name] of Object.entries(PUBLIC_PAGES)) {
    const page = renderPublicPage(urlPath);
    const html = shell
      .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(page.title)}</title>`)
      .replace(
        '</head>',
        () =>
          `${page.styles}\n    <script type="module" crossorigin src="/assets/${visitorScript}"></script>\n  </head>`,
      )
      .replace('<div id="root"></div>', () => `<div id="root">${page.html}</div>`);
    if (!html.includes(page.html)) throw new Error('index.html has no empty <div id="root"></div>');
    writeFileSync(path.join(dist, 'prerendered', `${name}.html`), html);
    console.log(`prerendered ${urlPath} -> prerendered/${name}.html (${(html.length / 1024).toFixed(0)} KB)`);
  }

  // Every other path gets index.html: it shows what the app first draws while its scripts load.
  const loading = renderAppLoading();
  const index = shellHtml
    .replace('</head>', () => `${loading.styles}\n  </head>`)
    .replace('<div id="root"></div>', () => `<div id="root">${loading.html}</div>`);
  writeFileSync(path.join(dist, 'index.html'), index);
  console.log(`prerendered the app's first frame into index.html (${(index.length / 1024).toFixed(0)} KB)`);
} finally {
  rmSync(out, { recursive: true, force: true });
}

function escapeHtml(text) {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
