import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

// Component tests in happy-dom. The browser tests (e2e/) are a project of their own:
// vitest.e2e.config.ts.
export default defineProject({
  plugins: [react()],
  define: { __APP_VERSION__: JSON.stringify('test'), __APP_COMMIT__: JSON.stringify('test') },
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
