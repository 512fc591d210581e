// The server benchmark (issue 3): a load client in its own process plays real games on N tables
// (2 players + 2 spectators each) against the real server and against a bare `ws` relay, and
// prints throughput, CPU per move, latencies and memory per table next to their targets.
// Run: tsx apps/server/bench/run.ts [--quick] [--tables 1,100,1000 or 0] [--paced-tables 1000 or 0]
//      [--seconds 8] [--paced-seconds 20] [--only server,redis,relay] [--seed 1] [--sync full|normal]
//      [--redis-fsync always|everysec|no]   the Redis mode's appendfsync (default always, as in compose)
//      [--cpu-prof <dir>]     writes a V8 CPU profile of each process under load into <dir>
//      [--node-flags=<flags>] extra node flags for the processes under load, e.g. --node-flags=--trace-gc
//      [--server-log <file>]  appends what each process under load prints to <file>
//      [--heap-snapshot <dir>] paced mode: writes a heap snapshot of each process with its tables open
//      [--server-dir <dir>]   loads a modified copy of apps/server instead, to measure a change
import { existsSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';

import { productionNodeFlags } from '../src/testing/server-process.js';
import { type ModeSettings, type Paced, paced, type Saturation, saturation } from './modes.js';
import { printPaced, printSaturation, type SaturationResults } from './report.js';
import { buildServer, killChildren, startLoadClient, type TargetKind, UNLIMITED_ENV } from './target.js';

/** Stops on a bad flag with a one-line reason instead of a stack. */
function usage(message: string): never {
  console.error(`bench: ${message}`);
  process.exit(2);
}

const OPTIONS = {
  quick: { type: 'boolean', default: false },
  tables: { type: 'string' },
  'paced-tables': { type: 'string' },
  seconds: { type: 'string' },
  'paced-seconds': { type: 'string' },
  'warmup-seconds': { type: 'string' },
  only: { type: 'string' },
  seed: { type: 'string', default: '1' },
  sync: { type: 'string' },
  'redis-fsync': { type: 'string' },
  'cpu-prof': { type: 'string' },
  'server-dir': { type: 'string' },
  'heap-snapshot': { type: 'string' },
  'node-flags': { type: 'string' },
  'server-log': { type: 'string' },
} as const;
const flags = (() => {
  try {
    return parseArgs({ options: OPTIONS }).values;
  } catch (error) {
    return usage((error as Error).message);
  }
})();
const quick = flags.quick ?? false;
const tablesFlag = flags.tables ?? (quick ? '1,100' : '1,100,1000');
const saturationTables = tablesFlag === '0' ? [] : tablesFlag.split(',').map(Number);
const pacedTables = Number(flags['paced-tables'] ?? (quick ? 100 : 1000));
const kinds = (flags.only ? flags.only.split(',') : ['server', 'redis', 'relay']) as TargetKind[];
if (saturationTables.some((n) => !Number.isInteger(n) || n < 1))
  usage('--tables takes table counts like 1,100,1000 (0 skips the saturation mode)');
if (!Number.isInteger(pacedTables) || pacedTables < 0) usage('--paced-tables takes a count (0 skips the paced mode)');
if (kinds.some((k) => k !== 'server' && k !== 'redis' && k !== 'relay'))
  usage('--only takes server, redis or relay (or several, comma-separated)');
if (flags['server-dir'] && !existsSync(join(flags['server-dir'], 'src/server.ts')))
  usage('--server-dir needs a folder with src/server.ts');
const seconds = [flags.seconds, flags['paced-seconds'], flags['warmup-seconds']]
  .filter((x) => x !== undefined)
  .map(Number);
if (seconds.some((x) => !(x > 0))) usage('--seconds, --paced-seconds and --warmup-seconds take a number of seconds');
if (flags.sync !== undefined && flags.sync !== 'full' && flags.sync !== 'normal') usage('--sync takes full or normal');
const redisFsync = flags['redis-fsync'];
if (redisFsync !== undefined && redisFsync !== 'always' && redisFsync !== 'everysec' && redisFsync !== 'no')
  usage('--redis-fsync takes always, everysec or no');

const settings: ModeSettings = {
  // Saturation's warm-up before its window; --warmup-seconds lets V8 finish optimizing first (see README).
  warmupMs: Number(flags['warmup-seconds'] ?? (quick ? 1 : 2)) * 1000,
  saturationMs: Number(flags.seconds ?? (quick ? 3 : 8)) * 1000,
  pacedWarmupMs: quick ? 1500 : 3000,
  pacedMs: Number(flags['paced-seconds'] ?? (quick ? 5 : 20)) * 1000,
  serverEnv: {
    ...UNLIMITED_ENV,
    ...(flags.sync ? { SQLITE_SYNC: flags.sync } : {}),
  },
  nodeArgs: [
    ...(flags['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${flags['cpu-prof']}`] : []),
    ...(flags['node-flags'] ? flags['node-flags'].split(' ').filter(Boolean) : []),
  ],
  ...(flags['server-log'] ? { serverLog: resolve(flags['server-log']) } : {}),
  ...(flags['heap-snapshot'] ? { heapSnapshotDir: resolve(flags['heap-snapshot']) } : {}),
  ...(flags['server-dir'] ? { serverDir: resolve(flags['server-dir']) } : {}),
  ...(redisFsync ? { redisFsync } : {}),
};
const load = (): string =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');

async function main(): Promise<void> {
  const started = performance.now();
  console.log(
    `Fox and Geese server benchmark${quick ? ' (quick)' : ''}: standard variant, 2 players + 2 spectators per table, 127.0.0.1`,
  );
  const built = buildServer(settings.serverDir);
  const nodeFlags = built.endsWith('.mjs') ? productionNodeFlags(settings.serverDir) : [];
  const server = `${relative(process.cwd(), built)}${nodeFlags.length ? ` (node ${nodeFlags.join(' ')})` : ''}`;
  console.log(
    `machine: ${cpus().length} cores, node ${process.version}; server ${server} on SQLite and on Redis (redis-server, AOF fsync ${redisFsync ?? 'always'}) vs bare ws relay bench/relay.ts`,
  );
  console.log(`load average before: ${load()} (the machine is shared: other processes lengthen the latency tails)`);
  const env = Object.entries(settings.serverEnv)
    .map(([k, v]) => `${k}=${v}`)
    .join(' ');
  console.log(`server env: ${env}${flags.sync ? '' : ' (SQLITE_SYNC unset: the server default, normal)'}`);
  const client = startLoadClient(flags.seed);
  const saturationResults: SaturationResults = new Map();
  for (const n of saturationTables) {
    const byKind: Partial<Record<TargetKind, Saturation>> = {};
    for (const kind of kinds) byKind[kind] = await saturation(client, kind, n, settings);
    saturationResults.set(n, byKind);
  }
  if (saturationResults.size) printSaturation(saturationResults, settings.saturationMs, settings.warmupMs);
  if (pacedTables > 0) {
    const byKind: Partial<Record<TargetKind, Paced>> = {};
    // Redis mode is paced over two instances, each table's fox and geese (and spectators) on different ones.
    for (const kind of kinds) byKind[kind] = await paced(client, kind, pacedTables, settings, kind === 'redis' ? 2 : 1);
    printPaced(byKind, pacedTables, settings.pacedMs, settings.pacedWarmupMs);
  }
  client.disconnect();
  console.log(`\nfinished in ${((performance.now() - started) / 1000).toFixed(0)} s; load average ${load()}`);
}

// Children never outlive the run: killed on normal exit, on an error, on a signal and on timeout.
process.on('exit', killChildren);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(130));
// A generous bound per phase (start, open tables, load, close), so a stuck run still ends.
const phases = saturationTables.length * kinds.length * (settings.warmupMs + settings.saturationMs + 30_000);
const pacedPhases = pacedTables > 0 ? kinds.length * (settings.pacedWarmupMs + settings.pacedMs + 60_000) : 0;
const watchdog = setTimeout(
  () => {
    console.error('benchmark: still running after its time limit; stopping');
    process.exit(1);
  },
  60_000 + phases + pacedPhases,
);
main().then(
  () => clearTimeout(watchdog),
  (error: unknown) => {
    console.error(`benchmark failed: ${(error as Error).stack ?? String(error)}`);
    process.exit(1);
  },
);
