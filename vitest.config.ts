import { availableParallelism } from 'node:os';

import { defineConfig } from 'vitest/config';

// One runner for the whole workspace: each package keeps its own vitest.config.ts; the browser
// tests have theirs, which runs after the rest, two files at a time.
export default defineConfig({
  test: {
    // At least two files at a time, even on 2 cores where vitest's default (cores - 1) is one: most files wait on
    // sockets, child processes and timers rather than the CPU. The browser files run two at a time after the rest (their config).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Each test table is built once per run and copied to the files that ask for it (vitest.tables.ts).
    globalSetup: ['./vitest.tables.ts'],
    projects: ['packages/*/vitest.config.ts', 'apps/*/vitest.config.ts', 'apps/web/vitest.e2e.config.ts'],
  },
});
