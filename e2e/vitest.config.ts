/**
 * The end-to-end journeys: real Chromium against the built app started as a user starts it.
 * Run from the repository root: `npm run test:e2e` (builds the web app first), or
 * `npx vitest run --config e2e/vitest.config.ts` when apps/web/dist is already built.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('..', import.meta.url));

export default defineConfig({
  root,
  test: {
    root,
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/support/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    teardownTimeout: 30_000,
    // Two cores: one browser and one or two servers at a time is all the machine can take.
    fileParallelism: false,
    pool: 'forks',
    reporters: ['default'],
  },
});
