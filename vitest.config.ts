import { defineConfig } from 'vitest/config';

// One runner for the whole workspace: each package keeps its own vitest.config.ts.
export default defineConfig({
  test: {
    projects: ['packages/*/vitest.config.ts', 'apps/*/vitest.config.ts'],
  },
});
