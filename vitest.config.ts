import { defineConfig } from 'vitest/config';

// One Vitest run covers the domain, the server (integration through inject) and the web components.
// The end-to-end journeys have their own config in e2e/ because they need the built app.
export default defineConfig({
  test: {
    projects: ['packages/domain', 'apps/server', 'apps/web'],
  },
});
