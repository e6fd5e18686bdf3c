import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  resolve: {
    alias: { '@': decodeURIComponent(new URL('./src', import.meta.url).pathname) },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    // Interaction tests type and click through MUI; on a busy two-core machine 5 s is not always enough.
    testTimeout: 15_000,
    // jsdom's default origin; cookies and the redirect URIs are computed from it.
    environmentOptions: { jsdom: { url: 'http://localhost:3000/' } },
    // Vitest's default is a worker per core less one: one on a two-core CI runner, where the main process
    // uses only part of the other core. These files are CPU-bound; two workers there finish them about a
    // third sooner (455 s against 662 s on this machine). A project with its own worker count needs its own
    // group: web runs after domain and server.
    maxWorkers: '100%',
    sequence: { groupOrder: 1 },
  },
});
