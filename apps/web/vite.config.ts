import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

import { appPwa } from './build/app-pwa';

/** The short commit hash shown in the footer; 'dev' outside a git checkout. */
function commitHash(): string {
  try {
    return (
      execSync('git rev-parse --short HEAD', { stdio: ['ignore', 'pipe', 'ignore'] })
        .toString()
        .trim() || 'dev'
    );
  } catch {
    return 'dev';
  }
}

const rootPackage = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  version: string;
};
const apiTarget = process.env.API_TARGET ?? 'http://127.0.0.1:3100';

export default defineConfig({
  plugins: [
    react(),
    ...appPwa(), // manifest, icons drawn from the board, the Workbox service worker (build/app-pwa.ts)
    // Brotli and gzip copies beside each file, made once at build time; the server sends the one the browser accepts.
    compression({
      algorithms: [defineAlgorithm('brotliCompress'), defineAlgorithm('gzip', { level: 9 })],
      threshold: 1024,
      logLevel: 'silent',
    }),
  ],
  define: {
    __APP_VERSION__: JSON.stringify(rootPackage.version),
    __APP_COMMIT__: JSON.stringify(commitHash()),
  },
  server: {
    proxy: { '/api': { target: apiTarget, ws: true } },
  },
  build: { target: 'es2022', sourcemap: false },
});
