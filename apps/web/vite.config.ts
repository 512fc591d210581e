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
/** Modules of the app shared by pages (apps/web/src/components and lib, the workspace packages). */
const SHARED = /[\\/](apps[\\/]web[\\/]src[\\/](components|lib)|packages)[\\/]/;
/** What only the home and variant pages' forms and the offline game use. */
const HOME_ONLY = /create-table|SideChoice|offline|idb[\\/]/;
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
  // The manifest tells the server which chunks a table page needs, to preload them in its HTML (routes/page-data.ts).
  build: {
    target: 'es2022',
    sourcemap: false,
    manifest: true,
    // One stylesheet for every page (a few kB gzipped): no page waits for a stylesheet of its own after its script.
    cssCodeSplit: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The small modules several pages share (the board, move lists, the rules' helpers) in one chunk rather
          // than a dozen: over HTTP/1.1 a browser fetches six files at a time, so on a slow network every extra
          // wave of little files costs a round trip before a table link shows its board (apps/web/bench/cold-link.ts).
          groups: [
            {
              name: 'shared',
              // The app's own shared modules and the rules, but not the home page's forms and the offline game,
              // which a table link does not need (they stay in chunks of their own).
              test: (id) => SHARED.test(id) && !HOME_ONLY.test(id),
              minShareCount: 2,
            },
            // A language's two namespaces in one file: one request for the strings, not two.
            { name: (id) => /[\\/]locales[\\/](\w+)[\\/]\w+\.json$/.exec(id)?.[1] ?? null },
          ],
        },
      },
    },
  },
});
