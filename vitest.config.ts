import { defineConfig } from 'vitest/config';

// One runner for the whole workspace: each package keeps its own vitest.config.ts; the browser
// tests have theirs, which runs after the rest, one file at a time.
export default defineConfig({
  test: {
    // Each test table is built once per run and copied to the files that ask for it (vitest.tables.ts).
    globalSetup: ['./vitest.tables.ts'],
    projects: ['packages/*/vitest.config.ts', 'apps/*/vitest.config.ts', 'apps/web/vitest.e2e.config.ts'],
  },
});
