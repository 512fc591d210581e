// `pnpm bench`: runs every benchmark of the workspace in turn and prints their figures.
// Benchmarks print numbers; they never fail a build. Pass --quick for a shorter run.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const tsx = `${root}node_modules/.bin/tsx`;
const args = process.argv.slice(2);
const BENCHES: [string, string][] = [
  ['rules: perft', 'packages/rules/bench/perft.ts'],
  ['engine: speed and strength', 'packages/engine/bench/engine.ts'],
  ['solver: table sizes and probe times', 'packages/solver/bench/compact.ts'],
  ['server: load', 'apps/server/bench/run.ts'],
  ['server: computer games and the event loop', 'apps/server/bench/computer.ts'],
  ['server: hostile clients', 'apps/server/bench/hostile.ts'],
  ['server: store on the event loop vs a worker', 'apps/server/bench/store-offload.ts'],
  ['server: play while the solution builds', 'apps/server/bench/solve-while-playing.ts'],
  ['server: kill -9 during random play with takebacks', 'apps/server/bench/crash.ts'],
  ['server: the explorer with 100,000 games', 'apps/server/bench/explorer.ts'],
  ['web: bundle and table page', 'apps/web/bench/bundle.ts'],
  ['web: the solution in the browser', 'apps/web/bench/solution-probe.ts'],
  ['web: a cold table link at 100 ms a round trip', 'apps/web/bench/cold-link.ts'],
];

let failed = 0;
for (const [title, file] of BENCHES) {
  console.log(`\n=== ${title} (${file}) ===`);
  if (!existsSync(`${root}${file}`)) {
    console.log('not present');
    continue;
  }
  const run = spawnSync(tsx, [file, ...args], { cwd: root, stdio: 'inherit' });
  if (run.status !== 0) {
    failed++;
    console.log(`${title} exited with status ${run.status}`);
  }
}
process.exitCode = failed ? 1 : 0;
