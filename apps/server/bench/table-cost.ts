// CPU a table costs apart from its moves: created, both seats taken, four sockets (two players, two spectators)
// welcomed, then closed, ten tables at a time, against the server and against the relay. The CPU of the whole
// process (every thread) is read from /proc around the measured tables, after a warm-up; `run.ts` spreads this
// cost over a game's moves (about 68 a game there), so it is the part of the CPU a move that is not the move.
// Run: tsx apps/server/bench/table-cost.ts [--tables 1500] [--only server,redis,relay] [--server-dir <dir>]
//      [--cpu-prof <dir>]   writes a V8 CPU profile of each process into <dir>/<server|relay>
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
        tables: { type: 'string', default: '1500' },
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
const WARMUP_TABLES = 400;
const AT_ONCE = 10;
const kinds = flags.only.split(',');
if (!Number.isInteger(TABLES) || TABLES < 1) usage('--tables takes a count');
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

/** Opens and closes `tables` tables, AT_ONCE at a time; any error the client counted fails the run. */
async function openAndClose(url: string, tables: number): Promise<void> {
  const context = contextFor(url);
  let next = 0;
  await Promise.all(
    Array.from({ length: AT_ONCE }, async () => {
      while (next++ < tables) await (await LoadTable.open(context)).close();
    }),
  );
  if (context.stats.errors > 0) throw new Error(`errors: ${JSON.stringify(context.stats.errorCodes)}`);
}

async function main(): Promise<void> {
  console.log(`a table opened and closed without a move, ${AT_ONCE} at a time, after ${WARMUP_TABLES} of warm-up`);
  if (kinds.some((k) => k !== 'relay')) buildServer(serverDir); // measures what ships, as run.ts does
  for (const kind of kinds as TargetKind[]) {
    const profile = flags['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${join(flags['cpu-prof'], kind)}`] : [];
    const target = await startTarget(kind, {
      env: kind === 'relay' ? {} : UNLIMITED_ENV, // the log level too as `pnpm start` has it (run.ts's)
      nodeArgs: profile,
      ...(serverDir && kind !== 'relay' ? { serverDir } : {}),
    });
    try {
      await openAndClose(target.baseUrl, WARMUP_TABLES);
      const before = cpuMicros(target.pid);
      const started = performance.now();
      await openAndClose(target.baseUrl, TABLES);
      const ms = (cpuMicros(target.pid) - before) / 1000 / TABLES;
      const seconds = (performance.now() - started) / 1000;
      console.log(`${kind.padEnd(7)} ${ms.toFixed(2)} ms of CPU a table (${TABLES} tables in ${seconds.toFixed(1)} s)`);
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
