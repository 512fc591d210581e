// Builds the server to plain JavaScript in dist/: what `pnpm start` and the container run. The workspace's own
// packages, and what only they depend on, are bundled in; the server's own dependencies stay imports of
// node_modules. Without tsx at run time, nothing compiles at start, and no function carries the name tsx attaches
// to it (`keepNames`) on every closure made: measurable on the move path, in CPU and in memory per connection
// (apps/server/bench/README.md).
// Each worker thread is its own bundle, under the name the server starts it by (new URL('./x.mjs', import.meta.url)).
import { readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { build } from 'esbuild';

const root = dirname(dirname(fileURLToPath(import.meta.url)));

/**
 * The server's own dependencies, which stay imports of its node_modules. A package only a workspace package depends on
 * (glicko2, through @fg/protocol) is bundled in: pnpm's node_modules are strict, so dist/server.mjs could not import it.
 */
function externals() {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  return Object.keys(manifest.dependencies ?? {}).filter((name) => !name.startsWith('@fg/'));
}

const entries = {
  server: 'src/server.ts',
  'think-worker': 'src/computer/think-thread.ts',
  'preview-worker': 'src/preview/preview-thread.ts',
  'checkpoint-worker': 'src/store/sqlite/checkpoint-worker.mjs',
  'solve-worker': 'src/solution/solve-thread.ts',
};

const started = performance.now();
rmSync(join(root, 'dist'), { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints: Object.fromEntries(Object.entries(entries).map(([name, path]) => [name, join(root, path)])),
  outdir: join(root, 'dist'),
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external: externals(),
  sourcemap: 'linked', // stack traces name the TypeScript lines (node --enable-source-maps)
  logLevel: 'warning',
});
console.log(`server built in ${Math.round(performance.now() - started)} ms: dist/server.mjs`);
