// Two servers (or one server with two sets of node flags) and the relay, alternated round after round at the
// same table count, with the median of their CPU a move: on a shared two-core machine the same server's figure
// moves by ±8% between two runs of run.ts, more than most changes, so a change is judged on several rounds in one
// sitting, each round running A, B and the relay one after the other on the same load client.
// Run: tsx apps/server/bench/alternate.ts [--a <server dir>] [--b <server dir>] [--a-flags=<node flags>]
//      [--b-flags=<node flags>] [--rounds 4] [--tables 100] [--seconds 5] [--warmup-seconds 2]
//      A and B default to this apps/server; give B another copy (git worktree, or a copy of apps/server beside
//      this repository's packages and node_modules) or other flags, e.g. --b-flags=--single-threaded-gc.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

import { type ModeSettings, saturation } from './modes.js';
import { quantile } from './stats.js';
import { buildServer, killChildren, startLoadClient, type TargetKind, UNLIMITED_ENV } from './target.js';

/** Stops on a bad flag with a one-line reason instead of a stack. */
function usage(message: string): never {
  console.error(`alternate: ${message}`);
  process.exit(2);
}

const flags = (() => {
  try {
    return parseArgs({
      options: {
        a: { type: 'string' },
        b: { type: 'string' },
        'a-flags': { type: 'string', default: '' },
        'b-flags': { type: 'string', default: '' },
        rounds: { type: 'string', default: '4' },
        tables: { type: 'string', default: '100' },
        seconds: { type: 'string', default: '5' },
        'warmup-seconds': { type: 'string', default: '2' },
      },
    }).values;
  } catch (error) {
    return usage((error as Error).message);
  }
})();
const rounds = Number(flags.rounds);
const tables = Number(flags.tables);
if (!Number.isInteger(rounds) || rounds < 1) usage('--rounds takes a count');
if (!Number.isInteger(tables) || tables < 1) usage('--tables takes a table count');
if (!(Number(flags.seconds) > 0) || !(Number(flags['warmup-seconds']) > 0))
  usage('--seconds and --warmup-seconds take a number of seconds');
for (const dir of [flags.a, flags.b])
  if (dir && !existsSync(join(dir, 'src/server.ts'))) usage(`${dir} has no src/server.ts`);

/** One contender: a server folder and the node flags it runs with (besides those of `pnpm start`). */
interface Contender {
  readonly name: 'A' | 'B' | 'relay';
  readonly kind: TargetKind;
  readonly settings: ModeSettings;
}

const contender = (name: 'A' | 'B', dir: string | undefined, nodeFlags: string): Contender => ({
  name,
  kind: 'server',
  settings: {
    warmupMs: Number(flags['warmup-seconds']) * 1000,
    saturationMs: Number(flags.seconds) * 1000,
    pacedWarmupMs: 0,
    pacedMs: 0,
    serverEnv: { ...UNLIMITED_ENV },
    nodeArgs: nodeFlags.split(' ').filter(Boolean),
    ...(dir ? { serverDir: resolve(dir) } : {}),
  },
});
const a = contender('A', flags.a, flags['a-flags']);
const b = contender('B', flags.b, flags['b-flags']);
// The relay is the fixed baseline: A's window and load, none of A's node flags.
const contenders: Contender[] = [a, b, { name: 'relay', kind: 'relay', settings: { ...a.settings, nodeArgs: [] } }];

async function main(): Promise<void> {
  console.log(`A: ${flags.a ?? 'apps/server'} ${flags['a-flags']}`.trimEnd());
  console.log(`B: ${flags.b ?? 'apps/server'} ${flags['b-flags']}`.trimEnd());
  console.log(
    `${rounds} rounds at ${tables} tables, ${flags.seconds} s each after ${flags['warmup-seconds']} s of warm-up`,
  );
  // Measures what ships (as run.ts does): a copy whose build is stale would otherwise be measured as it was.
  for (const dir of new Set([a.settings.serverDir, b.settings.serverDir])) buildServer(dir);
  const client = startLoadClient('1');
  const cpu: Record<Contender['name'], number[]> = { A: [], B: [], relay: [] };
  console.log('round   A CPU us/move   B CPU us/move   relay CPU us/move   relay/A   relay/B   B/A');
  for (let round = 1; round <= rounds; round++) {
    for (const c of contenders)
      cpu[c.name].push((await saturation(client, c.kind, tables, c.settings)).cpuPerMoveMicros);
    const [x, y, r] = [cpu.A.at(-1)!, cpu.B.at(-1)!, cpu.relay.at(-1)!];
    console.log(row(String(round), x, y, r));
  }
  console.log(row('median', median(cpu.A), median(cpu.B), median(cpu.relay)));
  client.disconnect();
}

/** The median of a round's figures, by the nearest-rank rule (the lower of the two middle ones). */
const median = (figures: readonly number[]): number =>
  quantile(
    [...figures].sort((x, y) => x - y),
    0.5,
  );

/** One line of the table: the three figures and their ratios. */
function row(label: string, x: number, y: number, r: number): string {
  const f = (n: number, width: number, digits = 0): string => n.toFixed(digits).padStart(width);
  return `${label.padEnd(6)}${f(x, 15)}${f(y, 16)}${f(r, 20)}${f(r / x, 10, 2)}${f(r / y, 10, 2)}${f(y / x, 6, 2)}`;
}

process.on('exit', killChildren);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(130));
main().catch((error: unknown) => {
  console.error(`alternate failed: ${(error as Error).stack ?? String(error)}`);
  process.exit(1);
});
