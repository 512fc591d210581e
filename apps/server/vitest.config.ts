import { defineProject } from 'vitest/config';

// Server tests start real apps on port 0 with their own temp data folders, so files may run in parallel.
export default defineProject({
  test: { name: 'server', include: ['src/**/*.test.ts'], testTimeout: 60_000, hookTimeout: 30_000 },
});
