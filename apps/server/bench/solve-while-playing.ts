// Play while the solution builds (docs/solution.md "There by default"): the paced round trip (one move per table per
// second, the real server built as `pnpm start` runs it) without and with the background build running in the
// server's own worker thread at the lowest priority. The build is a table up to --solve-up-to geese (default 9:
// minutes of one core, 0.4 GB), long enough to run through the whole window; its status is read at the window's
// end to show it was still building. The machine is shared: compare the two rows of one run, not runs.
// With --url, one paced window against a server already running instead (`pnpm start` on a fresh clone while its
// real 13-geese build runs, then again once it is done), with that server's own limits: at most 50 tables there
// (four sockets each under MAX_CONNECTIONS_PER_ADDRESS's 200).
// Run: tsx apps/server/bench/solve-while-playing.ts [--quick] [--tables 100] [--paced-seconds 20] [--solve-up-to 9]
//      tsx apps/server/bench/solve-while-playing.ts --url http://127.0.0.1:3391 [--tables 40] [--paced-seconds 20]
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';

import type { Mark } from './load-client.js';
import { type ModeSettings, type Paced, paced, request } from './modes.js';
import { TARGETS } from './report.js';
import { summarize, type Summary } from './stats.js';
import { buildServer, killChildren, startLoadClient, type Target, UNLIMITED_ENV } from './target.js';

const { values: flags } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    tables: { type: 'string' },
    'paced-seconds': { type: 'string' },
    'solve-up-to': { type: 'string', default: '9' },
    url: { type: 'string' },
    // run.ts's flags, passed to every bench by `pnpm bench`, are accepted and ignored
    seconds: { type: 'string' },
    only: { type: 'string' },
  },
  strict: false,
});
const quick = flags.quick === true;
const url = typeof flags.url === 'string' ? flags.url.replace(/\/$/, '') : null;
const tables = Number(flags.tables ?? (url ? 40 : quick ? 50 : 100));
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
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** The build as a server's `GET /api/solution/status` says it. */
async function buildState(baseUrl: string): Promise<string> {
  const status = (await (await fetch(`${baseUrl}/api/solution/status`)).json()) as {
    solved: unknown[];
    build: { state: string; progress?: { tier: number; top: number; share: number } } | null;
  };
  const p = status.build?.progress;
  const build = p
    ? `${status.build!.state}, tier ${p.tier} of ${p.top}, ${(100 * p.share).toFixed(1)}% done`
    : (status.build?.state ?? 'none');
  return `${build}; solved sets ${status.solved.length}`;
}

/** One paced window on a server already running at `baseUrl` (its pid is not ours: no CPU or memory read). */
async function pacedAt(baseUrl: string): Promise<void> {
  console.log(
    `paced round trip on ${baseUrl}: ${tables} tables, one move per table per second, ${pacedMs / 1000} s window; machine: ${cpus().length} cores, load average ${loadavg()[0]!.toFixed(2)}`,
  );
  const client = startLoadClient('1');
  const before = await buildState(baseUrl);
  const opened = (await request(client, { type: 'open', baseUrl, tables })) as { tables: number };
  await request(client, { type: 'start', mode: 'paced', intervalMs: 1000 });
  await sleep(quick ? 1500 : 3000);
  await request(client, { type: 'mark', pid: process.pid, extraPids: [] });
  await sleep(pacedMs);
  const mark = (await request(client, { type: 'mark', pid: process.pid, extraPids: [] })) as Mark;
  const after = await buildState(baseUrl);
  await request(client, { type: 'stop' });
  await request(client, { type: 'close' });
  client.disconnect();
  const rt: Summary = summarize(mark.roundTrips);
  console.log(`build at the window's start: ${before}; at its end: ${after}`);
  console.log(
    `${opened.tables} tables, ${mark.moves} moves, ${mark.errors} errors: round trip p50 ${ms(rt.p50)} ms, p99 ${ms(rt.p99)} ms, max ${ms(rt.max)} ms (target p99 <= ${TARGETS.roundTripP99Ms} ms: ${rt.p99 <= TARGETS.roundTripP99Ms ? 'PASS' : 'MISS'}); load average ${loadavg()[0]!.toFixed(2)}`,
  );
}

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
(url ? pacedAt(url) : main()).then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
