import { defineProject } from 'vitest/config';

// Browser tests: each file starts a real server and Chromium. They run after every other project (groupOrder 1),
// so on a 2-core machine no solver build starves them, two files at a time: much of a browser test waits on real
// time (a clock running out, a socket declared dead, a push that never comes), which the other file fills.
export default defineProject({
  test: {
    name: 'web-e2e',
    environment: 'node',
    include: ['e2e/**/*.test.ts'],
    maxWorkers: 2,
    sequence: { groupOrder: 1 },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
