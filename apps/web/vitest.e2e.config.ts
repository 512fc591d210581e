import { defineProject } from 'vitest/config';

// Browser tests: each file starts a real server and Chromium. They run one file at a time and
// after every other project (groupOrder 1), so on a 2-core machine no other work starves them.
export default defineProject({
  test: {
    name: 'web-e2e',
    environment: 'node',
    include: ['e2e/**/*.test.ts'],
    fileParallelism: false,
    sequence: { groupOrder: 1 },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
