import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const API_SERVER = 'http://localhost:3000';

/** This build's version: its build time in Unix seconds. */
const APP_VERSION = Math.floor(Date.now() / 1000);

/**
 * Writes `version.json` next to index.html with the same version the bundle carries; the server answers it on
 * `GET /version.json`, so a page running an older bundle sees that a newer one is deployed (src/lib/update-check.ts).
 */
function versionFile(version: number): Plugin {
  return {
    name: 'hosewright-version-file',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'version.json', source: `${JSON.stringify({ version })}\n` });
    },
  };
}

// The SPA talks to the API, the embedded identity provider, the version file and the notifications socket
// on the same origin; in development Vite forwards those to the API server.
export default defineConfig({
  define: {
    __APP_VERSION__: JSON.stringify(APP_VERSION),
  },
  plugins: [
    react(),
    versionFile(APP_VERSION),
    // The offline service worker at /service-worker.js (registered by src/lib/service-worker.ts).
    VitePWA({
      strategies: 'generateSW',
      filename: 'service-worker.js',
      injectRegister: false,
      registerType: 'autoUpdate',
      manifest: {
        name: 'Hosewright',
        short_name: 'Hosewright',
        description: 'Hose assemblies, kits, customers and components for hydraulic hose shops.',
        theme_color: '#1f4e79',
        background_color: '#ffffff',
        display: 'standalone',
        start_url: '/dashboard',
        icons: [{ src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
      },
      workbox: {
        // The app shell: the page, its scripts, styles and pictures. Never data: no shop's data is cached.
        globPatterns: ['**/*.{html,js,css,svg,png,ico,woff2,webmanifest}'],
        maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
        navigateFallback: 'index.html',
        navigateFallbackDenylist: [
          /^\/api(\/|$)/,
          /^\/idp(\/|$)/,
          /^\/socket\.io(\/|$)/,
          /^\/version\.json$/,
        ],
        // The one exception under /api: the public start-up settings (the identity provider's address, no
        // user or shop data), without which the shell cannot start offline. Network first; the copy is the
        // fallback.
        runtimeCaching: [
          {
            urlPattern: /\/api\/v1\/public\/config$/,
            handler: 'NetworkFirst',
            options: {
              cacheName: 'hosewright-public-config',
              networkTimeoutSeconds: 5,
              expiration: { maxEntries: 1 },
            },
          },
        ],
        cleanupOutdatedCaches: true,
        // A new worker waits until the user accepts the update prompt (src/lib/update-check.ts), which asks it
        // to take over; until then the open page keeps the files it was built with.
        clientsClaim: true,
        skipWaiting: false,
      },
    }),
  ],
  resolve: {
    alias: { '@': decodeURIComponent(new URL('./src', import.meta.url).pathname) },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rollupOptions: {
      // The app (index.html), and the one script of the pre-rendered public pages (scripts/prerender.mjs).
      input: {
        index: decodeURIComponent(new URL('./index.html', import.meta.url).pathname),
        visitor: decodeURIComponent(new URL('./src/app/prerender/visitor.ts', import.meta.url).pathname),
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: API_SERVER, changeOrigin: false },
      '/idp': { target: API_SERVER, changeOrigin: false },
      '/version.json': { target: API_SERVER, changeOrigin: false },
      // The notifications socket (socket.io, HTTP long-polling then a WebSocket upgrade).
      '/socket.io': { target: API_SERVER, changeOrigin: false, ws: true },
    },
  },
});
