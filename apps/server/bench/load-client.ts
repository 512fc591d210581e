// The load client: a process of its own (so its CPU is not the server's) that opens tables and
// plays them as the orchestrator (run.ts) commands over the IPC channel.
import { monitorEventLoopDelay } from 'node:perf_hooks';

import { seededRandom } from '@fg/engine';
import { getVariant } from '@fg/rules';

import { countError, type LoadContext, type LoadStats, LoadTable, type Mode } from './load-table.js';
import { cpuMicros } from './proc.js';

/** A command from the orchestrator; each gets exactly one reply. */
export type Command =
  | { type: 'open'; baseUrl: string; peerUrl?: string; tables: number }
  | { type: 'start'; mode: Exclude<Mode, 'idle'>; intervalMs: number }
  | { type: 'mark'; pid: number; extraPids?: number[] }
  | { type: 'stop' }
  | { type: 'close' };

/** What the load has done since the previous mark. */
export interface Mark {
  readonly type: 'mark';
  readonly at: number; // ms on the client's clock, taken with the counters
  readonly targetCpuMicros: number; // CPU time the process under load has used so far, read at the same moment
  readonly extraCpuMicros: number; // the same for the other processes of the mode (Redis: redis-server, instance B)
  readonly moves: number;
  readonly games: number;
  readonly errors: number;
  readonly errorCodes: Record<string, number>;
  readonly skipped: number;
  readonly roundTrips: number[];
  readonly deliveries: number[];
  readonly clientCpuMicros: number; // the load client's own CPU time
  readonly loopDelayP99Ms: number; // how late the client's event loop ran: a floor under every timing
  readonly loopDelayMaxMs: number;
}

/** A reply to a command. */
export type Reply = Mark | { type: 'opened'; tables: number; ms: number } | { type: 'started' | 'stopped' | 'closed' };

const OPEN_CONCURRENCY = 32;
const STOP_TIMEOUT_MS = 5_000;

const standard = getVariant('standard');
if (!standard.ok) throw new Error(standard.error.message);
const variant = standard.value;
const stats: LoadStats = { moves: 0, games: 0, errors: 0, errorCodes: {}, skipped: 0, roundTrips: [], deliveries: [] };
const tables = new Set<LoadTable>();
const opening = new Set<Promise<unknown>>();
const loopDelay = monitorEventLoopDelay({ resolution: 5 });
let ctx: LoadContext | undefined;
let lastMark = { moves: 0, games: 0, errors: 0, skipped: 0, cpu: 0 };

/** Opens one table and starts it in the current mode; a failure is counted, not fatal. */
async function openTable(context: LoadContext): Promise<void> {
  const pending = LoadTable.open(context);
  opening.add(pending);
  try {
    const table = await pending;
    tables.add(table);
    table.start();
  } catch (error) {
    countError(stats, 'open-failed', String(error));
  } finally {
    opening.delete(pending);
  }
}

/** Opens `count` tables, a few at a time. */
async function openTables(context: LoadContext, count: number): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < count) {
      next++;
      await openTable(context);
    }
  };
  await Promise.all(Array.from({ length: Math.min(OPEN_CONCURRENCY, count) }, worker));
}

/**
 * The counters since the previous mark and the samples taken since then, with the CPU time of the
 * process under load read at the same instant (a busy client may answer the orchestrator late).
 */
function mark(pid: number, extraPids: readonly number[] = []): Mark {
  const at = performance.now();
  const targetCpuMicros = cpuMicros(pid);
  const extraCpuMicros = extraPids.reduce((sum, other) => sum + cpuMicros(other), 0);
  const cpu = process.cpuUsage();
  const cpuNow = cpu.user + cpu.system;
  const result: Mark = {
    type: 'mark',
    at,
    targetCpuMicros,
    extraCpuMicros,
    moves: stats.moves - lastMark.moves,
    games: stats.games - lastMark.games,
    errors: stats.errors - lastMark.errors,
    errorCodes: { ...stats.errorCodes },
    skipped: stats.skipped - lastMark.skipped,
    roundTrips: stats.roundTrips,
    deliveries: stats.deliveries,
    clientCpuMicros: cpuNow - lastMark.cpu,
    loopDelayP99Ms: loopDelay.percentile(99) / 1e6,
    loopDelayMaxMs: loopDelay.max / 1e6,
  };
  lastMark = { moves: stats.moves, games: stats.games, errors: stats.errors, skipped: stats.skipped, cpu: cpuNow };
  stats.roundTrips = [];
  stats.deliveries = [];
  loopDelay.reset();
  if (ctx) ctx.recording = true;
  return result;
}

/** Waits until no table has a move in flight, or the timeout. */
async function settle(): Promise<void> {
  const until = performance.now() + STOP_TIMEOUT_MS;
  while ((opening.size > 0 || [...tables].some((t) => t.busy)) && performance.now() < until) {
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Carries out one command. */
async function run(command: Command): Promise<Reply> {
  switch (command.type) {
    case 'open': {
      const started = performance.now();
      ctx = {
        baseUrl: command.baseUrl,
        peerUrl: command.peerUrl ?? command.baseUrl,
        variant,
        random: seededRandom(Number(process.env.BENCH_SEED ?? 1)),
        stats,
        mode: 'idle',
        intervalMs: 1000,
        recording: false,
        onFinished(table) {
          tables.delete(table);
          void table.close();
          if (this.mode !== 'idle') void openTable(this);
        },
      };
      await openTables(ctx, command.tables);
      return { type: 'opened', tables: tables.size, ms: performance.now() - started };
    }
    case 'start':
      if (!ctx) throw new Error('start before open');
      ctx.mode = command.mode;
      ctx.intervalMs = command.intervalMs;
      ctx.recording = false;
      loopDelay.enable();
      for (const table of tables) table.start();
      return { type: 'started' };
    case 'mark':
      return mark(command.pid, command.extraPids);
    case 'stop':
      if (ctx) {
        ctx.mode = 'idle';
        ctx.recording = false;
      }
      loopDelay.disable();
      await settle();
      return { type: 'stopped' };
    case 'close':
      await settle();
      await Promise.all([...tables].map((t) => t.close()));
      tables.clear();
      ctx = undefined;
      return { type: 'closed' };
  }
}

if (!process.send) throw new Error('the load client runs under run.ts, with an IPC channel');
// One command at a time, in order; the orchestrator waits for each reply.
let queue = Promise.resolve();
process.on('message', (command: Command) => {
  queue = queue.then(async () => {
    process.send!(await run(command));
  });
});
process.on('disconnect', () => process.exit(0));
