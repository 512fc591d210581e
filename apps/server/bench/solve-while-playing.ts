// Play while the solution builds (docs/solution.md "There by default"): the paced round trip (one move per table per
// second, the real server built as `pnpm start` runs it) without and with the background build running in the
// server's own worker thread at the lowest priority. The build is a table up to --solve-up-to geese (default 9:
// minutes of one core, 0.4 GB), long enough to run through the whole window; its status is read at the window's
// end to show it was still building. The machine is shared: compare the two rows of one run, not runs.
// Run: tsx apps/server/bench/solve-while-playing.ts [--quick] [--tables 100] [--paced-seconds 20] [--solve-up-to 9]
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';

import { type ModeSettings, type Paced, paced } from './modes.js';
import { TARGETS } from './report.js';
import { buildServer, killChildren, startLoadClient, type Target, UNLIMITED_ENV } from './target.js';

const { values: flags } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    tables: { type: 'string' },
    'paced-seconds': { type: 'string' },
    'solve-up-to': { type: 'string', default: '9' },
    // run.ts's flags, passed to every bench by `pnpm bench`, are accepted and ignored
    seconds: { type: 'string' },
    only: { type: 'string' },
  },
  strict: false,
});
const quick = flags.quick === true;
const tables = Number(flags.tables ?? (quick ? 50 : 100));
const pacedMs = Number(flags['paced-seconds'] ?? (quick ? 8 : 20)) * 1000;
const upTo = String(flags['solve-up-to']);

/** The build's state at the end of the window, read from the server itself. */
let seen = '';
const settings = (solve: boolean): ModeSettings => ({
  warmupMs: 0,
  saturationMs: 0,
  pacedWarmupMs: quick ? 1500 : 3000,
  pacedMs,
  serverEnv: { ...UNLIMITED_ENV, SOLVE: solve ? 'on' : 'off', SOLVE_UP_TO: upTo },
  nodeArgs: [],
  afterPacedWindow: async (target: Target) => {
    const status = (await (await fetch(`${target.baseUrl}/api/solution/status`)).json()) as {
      build: { state: string; progress?: { tier: number; top: number; share: number } };
    };
    const p = status.build.progress;
    seen = p
      ? `${status.build.state}, tier ${p.tier} of ${p.top}, ${(100 * p.share).toFixed(1)}% done`
      : status.build.state;
  },
});

const ms = (x: number): string => (Number.isFinite(x) ? x.toFixed(1) : '-');

async function main(): Promise<void> {
  console.log(
    `play while the solution builds: ${tables} tables, one move per table per second, ${pacedMs / 1000} s window; machine: ${cpus().length} cores, load average ${loadavg()[0]!.toFixed(2)}`,
  );
  buildServer();
  const client = startLoadClient('1');
  const rows: [string, Paced, string][] = [];
  for (const solve of [false, true]) {
    seen = '';
    const result = await paced(client, 'server', tables, settings(solve));
    rows.push([solve ? `with the build (SOLVE_UP_TO=${upTo})` : 'without (SOLVE=off)', result, seen]);
  }
  client.disconnect();
  console.log(
    `${'server'.padEnd(34)}  ${'p50 ms'.padStart(7)}  ${'p99 ms'.padStart(7)}  ${'max ms'.padStart(7)}  build at the window's end`,
  );
  for (const [label, p, build] of rows)
    console.log(
      `${label.padEnd(34)}  ${ms(p.roundTrip.p50).padStart(7)}  ${ms(p.roundTrip.p99).padStart(7)}  ${ms(p.roundTrip.max).padStart(7)}  ${build}`,
    );
  const [without, withBuild] = rows.map((r) => r[1].roundTrip.p99);
  console.log(
    `round trip p99 with the build / without: ${(withBuild! / without!).toFixed(2)}x; target p99 <= ${TARGETS.roundTripP99Ms} ms with the build: ${withBuild! <= TARGETS.roundTripP99Ms ? 'PASS' : 'MISS'}`,
  );
}

process.on('exit', killChildren);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(130));
main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
