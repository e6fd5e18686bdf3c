import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // The files of a worker share one module graph instead of loading the app again each (two thirds of the
    // suite's time). Nothing in the server keeps state in a module that one file could leave to another: each
    // file builds its own app on its own database, and the per-instance state is keyed by that database.
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
