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
  },
});
