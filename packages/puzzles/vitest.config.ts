import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'puzzles', include: ['src/**/*.test.ts'], testTimeout: 120_000, hookTimeout: 120_000 },
});
