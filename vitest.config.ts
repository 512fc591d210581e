import { defineConfig } from 'vitest/config';

// One runner for the whole workspace: each package keeps its own vitest.config.ts; the browser
// tests have theirs, which runs after the rest.
export default defineConfig({
  test: {
    projects: ['packages/*/vitest.config.ts', 'apps/*/vitest.config.ts', 'apps/web/vitest.e2e.config.ts'],
  },
});
