// The server benchmark (issue 3): a load client in its own process plays real games on N tables
// (2 players + 2 spectators each) against the real server and against a bare `ws` relay, and
// prints throughput, CPU per move, latencies and memory per table next to their targets.
// Run: tsx apps/server/bench/run.ts [--quick] [--tables 1,100,1000] [--paced-tables 1000]
//      [--seconds 8] [--paced-seconds 20] [--only server|relay] [--seed 1] [--sync full|normal]
//      [--cpu-prof <dir>]  (writes a V8 CPU profile of each process under load into <dir>)
import { fork, type ChildProcess } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Command, Mark, Reply } from './load-client.js';
import { rssKb } from './proc.js';
import { summarize, type Summary } from './stats.js';
import { killChildren, startTarget, track, TSX_IMPORT, type Target, type TargetKind } from './target.js';

/** The issue's targets. */
const TARGETS = { ratio: 0.5, roundTripP99Ms: 20, rssPerTableKb: 60 };
/** The server's own creation limits would refuse a thousand tables from one address. */
const SERVER_ENV: Record<string, string> = {
  CREATE_LIMIT: '1000000', // tables per address per minute (default 30)
  // Flood control per connection (default burst 30, 10 a second): a saturating player sends thousands a second.
  MESSAGE_BURST: '1000000',
  MESSAGE_RATE: '1000000',
};

const { values: flags } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    tables: { type: 'string' },
    'paced-tables': { type: 'string' },
    seconds: { type: 'string' },
    'paced-seconds': { type: 'string' },
    only: { type: 'string' },
    seed: { type: 'string', default: '1' },
    sync: { type: 'string' },
    'cpu-prof': { type: 'string' },
  },
});
if (flags.sync) SERVER_ENV.SQLITE_SYNC = flags.sync; // the server's default is 'full'
const quick = flags.quick ?? false;
const settings = {
  saturationTables: (flags.tables ?? (quick ? '1,100' : '1,100,1000')).split(',').map(Number),
  pacedTables: Number(flags['paced-tables'] ?? (quick ? 100 : 1000)),
  warmupMs: quick ? 1000 : 2000,
  saturationMs: Number(flags.seconds ?? (quick ? 3 : 8)) * 1000,
  pacedWarmupMs: quick ? 1500 : 3000,
  pacedMs: Number(flags['paced-seconds'] ?? (quick ? 5 : 20)) * 1000,
  kinds: (flags.only ? [flags.only] : ['server', 'relay']) as TargetKind[],
};
if (settings.saturationTables.some((n) => !Number.isInteger(n) || n < 1) || !(settings.pacedTables >= 0)) {
  throw new Error('--tables takes table counts like 1,100,1000; --paced-tables a count (0 skips the paced mode)');
}
if (settings.kinds.some((k) => k !== 'server' && k !== 'relay')) throw new Error('--only takes server or relay');

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Sends a command to the load client and waits for its reply. */
function request(client: ChildProcess, command: Command, timeoutMs = 120_000): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`load client: no reply to ${command.type}`)), timeoutMs);
    client.once('message', (reply) => (clearTimeout(timer), resolve(reply as Reply)));
    client.send(command);
  });
}

/** A window of load: what the client counted and what the process under load spent. */
interface Window {
  readonly mark: Mark;
  readonly seconds: number;
  readonly cpuMicros: number;
}

/** Runs the load for a warm-up, then measures it over `ms`. */
async function measure(client: ChildProcess, target: Target, warmupMs: number, ms: number): Promise<Window> {
  await sleep(warmupMs);
  const first = (await request(client, { type: 'mark', pid: target.pid })) as Mark;
  await sleep(ms);
  const mark = (await request(client, { type: 'mark', pid: target.pid })) as Mark;
  return { mark, seconds: (mark.at - first.at) / 1000, cpuMicros: mark.targetCpuMicros - first.targetCpuMicros };
}

/** Saturation figures of one process at one table count. */
interface Saturation {
  readonly movesPerSecond: number;
  readonly cpuPerMoveMicros: number;
  readonly cpuShare: number; // of one core
  readonly clientCpuShare: number;
  readonly window: Window;
}

/** Paced figures of one process. */
interface Paced {
  readonly roundTrip: Summary;
  readonly delivery: Summary;
  readonly rssPerTableKb: number; // after the paced window, games in progress
  readonly rssOpenPerTableKb: number; // right after the tables were opened
  readonly opened: number;
  readonly window: Window;
}

/** Starts a fresh process under load, opens tables, runs `body`, and always cleans up. */
async function withTables<T>(client: ChildProcess, kind: TargetKind, tables: number, body: (target: Target, idleRssKb: number, opened: number) => Promise<T>): Promise<T> {
  const profile = flags['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${flags['cpu-prof']}`] : [];
  const target = await startTarget(kind, kind === 'server' ? SERVER_ENV : {}, profile);
  try {
    await sleep(500);
    const idleRssKb = rssKb(target.pid);
    const opened = (await request(client, { type: 'open', baseUrl: target.baseUrl, tables })) as Extract<Reply, { type: 'opened' }>;
    if (opened.tables < tables) console.error(`  ${kind}: only ${opened.tables} of ${tables} tables opened`);
    const result = await body(target, idleRssKb, opened.tables);
    await request(client, { type: 'stop' });
    await request(client, { type: 'close' });
    return result;
  } finally {
    await target.stop();
  }
}

/** Every player answers the opponent's move at once; counts moves and CPU per move. */
async function saturation(client: ChildProcess, kind: TargetKind, tables: number): Promise<Saturation> {
  return withTables(client, kind, tables, async (target) => {
    await request(client, { type: 'start', mode: 'saturation', intervalMs: 0 });
    const window = await measure(client, target, settings.warmupMs, settings.saturationMs);
    return {
      movesPerSecond: window.mark.moves / window.seconds,
      cpuPerMoveMicros: window.cpuMicros / window.mark.moves,
      cpuShare: window.cpuMicros / (window.seconds * 1e6),
      clientCpuShare: window.mark.clientCpuMicros / (window.seconds * 1e6),
      window,
    };
  });
}

/** One move per table per second; latencies and memory per table. */
async function paced(client: ChildProcess, kind: TargetKind, tables: number): Promise<Paced> {
  return withTables(client, kind, tables, async (target, idleRssKb, opened) => {
    const rssOpenKb = rssKb(target.pid);
    await request(client, { type: 'start', mode: 'paced', intervalMs: 1000 });
    const window = await measure(client, target, settings.pacedWarmupMs, settings.pacedMs);
    const rssEndKb = rssKb(target.pid);
    return {
      roundTrip: summarize(window.mark.roundTrips),
      delivery: summarize(window.mark.deliveries),
      rssPerTableKb: (rssEndKb - idleRssKb) / opened,
      rssOpenPerTableKb: (rssOpenKb - idleRssKb) / opened,
      opened,
      window,
    };
  });
}

// ---- printing ----
const num = (x: number | undefined, digits = 0): string => (x === undefined || !Number.isFinite(x) ? '-' : x.toFixed(digits));
const pct = (x: number | undefined): string => (x === undefined || !Number.isFinite(x) ? '-' : `${Math.round(x * 100)}%`);
const verdict = (ok: boolean | undefined): string => (ok === undefined ? '' : ok ? 'PASS' : 'MISS');
const row = (cells: string[], widths: number[]): string => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
const errorsOf = (w: Window | undefined): string =>
  !w || w.mark.errors === 0 ? '' : ` errors ${w.mark.errors} ${JSON.stringify(w.mark.errorCodes)}`;

function printSaturation(results: Map<number, Partial<Record<TargetKind, Saturation>>>): void {
  console.log(`\nsaturation: each player answers as soon as it sees the opponent's move (${settings.saturationMs / 1000} s after ${settings.warmupMs / 1000} s warm-up)`);
  const widths = [5, 14, 13, 5, 11, 18, 17, 9, 10, 9, 10];
  console.log(row(['N', 'server moves/s', 'relay moves/s', 'ratio', 'target', 'server CPU us/move', 'relay CPU us/move', 'CPU ratio', 'server CPU', 'relay CPU', 'client CPU'], widths));
  for (const [n, r] of results) {
    const ratio = r.server && r.relay ? r.server.movesPerSecond / r.relay.movesPerSecond : undefined;
    const ok = ratio === undefined ? undefined : ratio >= TARGETS.ratio;
    console.log(
      row(
        [String(n), num(r.server?.movesPerSecond), num(r.relay?.movesPerSecond), num(ratio, 2), `>=${TARGETS.ratio} ${verdict(ok)}`,
          num(r.server?.cpuPerMoveMicros), num(r.relay?.cpuPerMoveMicros),
          num(r.server && r.relay ? r.relay.cpuPerMoveMicros / r.server.cpuPerMoveMicros : undefined, 2), pct(r.server?.cpuShare), pct(r.relay?.cpuShare), pct(r.server?.clientCpuShare ?? r.relay?.clientCpuShare)],
        widths,
      ),
    );
  }
  console.log('  ratio = server moves/s / relay moves/s; CPU ratio = relay CPU us/move / server CPU us/move, the ratio of');
  console.log('  one-core capacities, which holds even where the load client (sharing the two cores) limits the relay.');
  for (const [n, r] of results) {
    for (const kind of settings.kinds) {
      const w = r[kind]?.window;
      if (w) console.log(`  N=${n} ${kind}: ${w.mark.moves} moves, ${w.mark.games} games finished in ${w.seconds.toFixed(1)} s${errorsOf(w)}`);
    }
  }
}

function printPaced(results: Partial<Record<TargetKind, Paced>>): void {
  console.log(`\npaced: ${settings.pacedTables} tables, one move per table per second (${settings.pacedMs / 1000} s after ${settings.pacedWarmupMs / 1000} s warm-up)`);
  const widths = [30, 10, 10, 8, 7];
  console.log(row(['figure', 'server', 'relay', 'target', ''], widths));
  const { server, relay } = results;
  const lines: [string, (p: Paced) => number, number | undefined][] = [
    ['round trip p50 ms', (p) => p.roundTrip.p50, undefined],
    ['round trip p99 ms', (p) => p.roundTrip.p99, TARGETS.roundTripP99Ms],
    ['round trip max ms', (p) => p.roundTrip.max, undefined],
    ['spectator delivery p50 ms', (p) => p.delivery.p50, undefined],
    ['spectator delivery p99 ms', (p) => p.delivery.p99, undefined],
    ['spectator delivery max ms', (p) => p.delivery.max, undefined],
    ['RSS per table kB', (p) => p.rssPerTableKb, TARGETS.rssPerTableKb],
    ['  (right after opening) kB', (p) => p.rssOpenPerTableKb, undefined],
    ['CPU us/move', (p) => p.window.cpuMicros / p.window.mark.moves, undefined],
    ['CPU use, % of one core', (p) => (100 * p.window.cpuMicros) / (p.window.seconds * 1e6), undefined],
  ];
  for (const [label, pick, target] of lines) {
    const s = server ? pick(server) : undefined;
    const ok = target === undefined || s === undefined ? undefined : s <= target;
    console.log(row([label, num(s, 1), num(relay ? pick(relay) : undefined, 1), target === undefined ? '' : `<=${target}`, verdict(ok)], widths));
  }
  for (const kind of settings.kinds) {
    const p = results[kind];
    if (!p) continue;
    const m = p.window.mark;
    console.log(`  ${kind}: ${p.opened} tables, ${m.moves} moves (${m.roundTrips.length} round trips, ${m.deliveries.length} deliveries), ${m.skipped} ticks skipped, client loop delay p99 ${m.loopDelayP99Ms.toFixed(1)} ms, max ${m.loopDelayMaxMs.toFixed(1)} ms${errorsOf(p.window)}`);
  }
}

async function main(): Promise<void> {
  const started = performance.now();
  console.log(`Fox and Geese server benchmark${quick ? ' (quick)' : ''}: standard variant, 2 players + 2 spectators per table, 127.0.0.1`);
  console.log(`machine: ${cpus().length} cores, node ${process.version}; server apps/server/src/server.ts vs bare ws relay bench/relay.ts`);
  console.log(`load average before: ${loadavg().map((x) => x.toFixed(2)).join(' ')} (the machine is shared: other processes lengthen the latency tails)`);
  console.log(`server env: ${Object.entries(SERVER_ENV).map(([k, v]) => `${k}=${v}`).join(' ')} (SQLITE_SYNC=${SERVER_ENV.SQLITE_SYNC ?? 'server default'})`);
  const client = track(
    fork(join(import.meta.dirname, 'load-client.ts'), [], {
      execArgv: ['--import', TSX_IMPORT],
      env: { ...process.env, BENCH_SEED: flags.seed },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    }),
  );
  const saturationResults = new Map<number, Partial<Record<TargetKind, Saturation>>>();
  for (const n of settings.saturationTables) {
    const r: Partial<Record<TargetKind, Saturation>> = {};
    for (const kind of settings.kinds) r[kind] = await saturation(client, kind, n);
    saturationResults.set(n, r);
  }
  if (saturationResults.size) printSaturation(saturationResults);
  if (settings.pacedTables > 0) {
    const pacedResults: Partial<Record<TargetKind, Paced>> = {};
    for (const kind of settings.kinds) pacedResults[kind] = await paced(client, kind, settings.pacedTables);
    printPaced(pacedResults);
  }
  client.disconnect();
  console.log(`\nfinished in ${((performance.now() - started) / 1000).toFixed(0)} s; load average ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
}

process.on('exit', killChildren);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(130));
const watchdog = setTimeout(() => {
  console.error('benchmark: still running after its time limit; stopping');
  process.exit(1);
}, quick ? 120_000 : 360_000);
main().then(
  () => clearTimeout(watchdog),
  (error) => {
    console.error(`benchmark failed: ${(error as Error).stack ?? error}`);
    process.exit(1);
  },
);
