// CPU a table costs apart from its moves, phase by phase: created (POST /api/tables), its second seat taken (POST
// .../seats), the two players' sockets and the two spectators' opened up to their welcome, then closed; ten tables
// at a time, against the server and against the relay. The CPU of the whole process (every thread) is read from
// /proc around each phase of the measured tables (10 ms ticks: hence hundreds of tables), after a warm-up; `run.ts`
// replaces every finished game (about 67 plies there) by a new table, so this is the part of the CPU a move that no
// cut in the move path reaches. The client is the load's own (`load-table.ts`), its `open` taken a step at a time.
// Run: tsx apps/server/bench/table-cost.ts [--tables 600] [--rounds 3] [--only server,redis,relay]
//      [--server-dir <dir>] [--cpu-prof <dir>]   writes a V8 CPU profile of each process into <dir>/<server|relay>
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

import { seededRandom } from '@fg/engine';
import { getVariant } from '@fg/rules';

import { type LoadContext, LoadTable } from './load-table.js';
import { cpuMicros } from './proc.js';
import { buildServer, killChildren, startTarget, type TargetKind, UNLIMITED_ENV } from './target.js';

/** Stops on a bad flag with a one-line reason instead of a stack. */
function usage(message: string): never {
  console.error(`table-cost: ${message}`);
  process.exit(2);
}

const flags = (() => {
  try {
    return parseArgs({
      options: {
        tables: { type: 'string', default: '600' },
        rounds: { type: 'string', default: '3' },
        only: { type: 'string', default: 'server,relay' },
        'server-dir': { type: 'string' },
        'cpu-prof': { type: 'string' },
      },
    }).values;
  } catch (error) {
    return usage((error as Error).message);
  }
})();
const TABLES = Number(flags.tables);
const ROUNDS = Number(flags.rounds);
const WARMUP_ROUNDS = 2; // V8 optimizes the code the rounds run: a first round costs the server twice what a third does
const AT_ONCE = 10;
const kinds = flags.only.split(',');
if (!Number.isInteger(TABLES) || TABLES < 1) usage('--tables takes a count');
if (!Number.isInteger(ROUNDS) || ROUNDS < 1) usage('--rounds takes a count');
if (kinds.some((k) => k !== 'server' && k !== 'redis' && k !== 'relay'))
  usage('--only takes server, redis or relay (or several, comma-separated)');
const serverDir = flags['server-dir'] && resolve(flags['server-dir']);
if (serverDir && !existsSync(join(serverDir, 'src/server.ts'))) usage('--server-dir needs a folder with src/server.ts');
const standard = getVariant('standard');
if (!standard.ok) throw new Error(standard.error.message);
const variant = standard.value;

/** What the tables share: nobody moves (idle mode), so no game ends and nothing is opened again. */
const contextFor = (url: string): LoadContext => ({
  baseUrl: url,
  peerUrl: url,
  variant,
  random: seededRandom(7),
  stats: { moves: 0, games: 0, errors: 0, errorCodes: {}, skipped: 0, roundTrips: [], deliveries: [] },
  mode: 'idle',
  intervalMs: 1000,
  recording: false,
  onFinished: () => undefined,
});

/** Runs `step` over `items`, AT_ONCE at a time. */
async function atOnce<T>(items: readonly T[], step: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < items.length) await step(items[next++]!);
  };
  await Promise.all(Array.from({ length: AT_ONCE }, lane));
}

const PHASES = ['create', 'seat', 'player socket', 'spectator socket', 'close', 'a table'] as const;
type Phase = (typeof PHASES)[number];

/** One round of `count` tables through every phase: µs of CPU of the process `pid` for each, per unit. */
async function round(url: string, pid: number, count: number): Promise<Record<Phase, number>> {
  const context = contextFor(url);
  const figures = {} as Record<Phase, number>;
  const measure = async (phase: Phase, units: number, run: () => Promise<void>): Promise<void> => {
    const before = cpuMicros(pid);
    await run();
    figures[phase] = (cpuMicros(pid) - before) / units;
  };
  const created: { id: string; fox: string }[] = [];
  const tables: LoadTable[] = [];
  await measure('create', count, () =>
    atOnce(Array.from({ length: count }), async () => void created.push(await LoadTable.create(context))),
  );
  await measure('seat', count, () =>
    atOnce(created, async (table) => void tables.push(await LoadTable.seat(context, table))),
  );
  await measure('player socket', 2 * count, () => atOnce(tables, async (table) => void (await table.connectPlayers())));
  await measure('spectator socket', 2 * count, () =>
    atOnce(tables, async (table) => void (await table.connectSpectators())),
  );
  // The coalesced presence of the last joins goes out before the closes are measured.
  await new Promise((resolve) => setTimeout(resolve, 300));
  await measure('close', 4 * count, () => atOnce(tables, (table) => table.close()));
  if (context.stats.errors > 0) throw new Error(`errors: ${JSON.stringify(context.stats.errorCodes)}`);
  figures['a table'] =
    figures.create + figures.seat + 2 * figures['player socket'] + 2 * figures['spectator socket'] + 4 * figures.close;
  return figures;
}

async function main(): Promise<void> {
  console.log(`${TABLES} tables a round, ${AT_ONCE} at a time, after ${WARMUP_ROUNDS} rounds of warm-up;`);
  console.log('µs of CPU of the process under load, each (a table: all its phases)');
  console.log(['', ...PHASES].map((name) => name.padStart(17)).join(''));
  if (kinds.some((k) => k !== 'relay')) buildServer(serverDir); // measures what ships, as run.ts does
  for (const kind of kinds as TargetKind[]) {
    const profile = flags['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${join(flags['cpu-prof'], kind)}`] : [];
    const target = await startTarget(kind, {
      env: kind === 'relay' ? {} : UNLIMITED_ENV, // the log level too as `pnpm start` has it (run.ts's)
      nodeArgs: profile,
      ...(serverDir && kind !== 'relay' ? { serverDir } : {}),
    });
    try {
      for (let i = 0; i < WARMUP_ROUNDS; i++) await round(target.baseUrl, target.pid, TABLES);
      for (let i = 1; i <= ROUNDS; i++) {
        const figures = await round(target.baseUrl, target.pid, TABLES);
        console.log(
          [`${kind} ${i}`, ...PHASES.map((phase) => figures[phase].toFixed(0))].map((s) => s.padStart(17)).join(''),
        );
      }
    } finally {
      await target.stop();
    }
  }
}

process.on('exit', killChildren);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(130));
main().catch((error: unknown) => {
  console.error(`table-cost failed: ${(error as Error).stack ?? String(error)}`);
  process.exit(1);
});
