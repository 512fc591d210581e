import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

// Component tests run in happy-dom; browser tests (e2e/) opt into node per file and drive real Chromium.
export default defineProject({
  plugins: [react()],
  define: { __APP_VERSION__: JSON.stringify('test'), __APP_COMMIT__: JSON.stringify('test') },
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}', 'e2e/**/*.test.ts'],
    setupFiles: ['./src/test-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
