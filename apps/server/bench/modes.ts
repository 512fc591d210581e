// The two measured modes, each on a fresh process under load: saturation and paced.
import type { ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

import type { Command, Mark, Reply } from './load-client.js';
import { rssKb } from './proc.js';
import { summarize, type Summary } from './stats.js';
import { startTarget, type Target, type TargetKind } from './target.js';

/** How long to load and how to start the processes under load. */
export interface ModeSettings {
  readonly warmupMs: number;
  readonly saturationMs: number;
  readonly pacedWarmupMs: number;
  readonly pacedMs: number;
  readonly serverEnv: Record<string, string>;
  readonly nodeArgs: string[]; // extra node flags for the process under load (profiling)
  readonly serverLog?: string; // a file the processes under load print into
  readonly heapSnapshotDir?: string; // paced mode: a heap snapshot of each process with its tables open, after the GC
  readonly serverDir?: string; // another copy of apps/server, to compare a change
  readonly redisFsync?: 'always' | 'everysec' | 'no'; // the Redis mode's appendfsync (compose: always)
  readonly afterPacedWindow?: (target: Target) => Promise<void>; // paced mode: looks at the process before the load stops
}

/** A measured window: what the client counted and the CPU the process under load spent. */
export interface Window {
  readonly mark: Mark;
  readonly seconds: number;
  readonly cpuMicros: number;
  readonly extraCpuMicros: number; // the mode's other processes (Redis: redis-server, the second instance)
}

/** Saturation figures of one process at one table count. */
export interface Saturation {
  readonly movesPerSecond: number;
  readonly cpuPerMoveMicros: number;
  readonly extraCpuPerMoveMicros: number; // Redis mode: redis-server's CPU per move
  readonly cpuShare: number; // of one core
  readonly clientCpuShare: number;
  readonly window: Window;
}

/** Paced figures of one process. */
export interface Paced {
  readonly roundTrip: Summary;
  readonly delivery: Summary;
  readonly rssPerTableKb: number; // after the paced window and a full GC, games in progress
  readonly rawRssPerTableKb: number; // at the end of the paced window, before that GC
  readonly heapPerTableKb: number; // live JS heap after the GC
  readonly opened: number;
  readonly window: Window;
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
const IDLE_SETTLE_MS = 500;
const PACED_INTERVAL_MS = 1000;

/** Sends a command to the load client and waits for its reply. */
export function request(client: ChildProcess, command: Command, timeoutMs = 120_000): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`load client: no reply to ${command.type}`)), timeoutMs);
    client.once('message', (reply) => {
      clearTimeout(timer);
      resolve(reply as Reply);
    });
    client.send(command);
  });
}

/** Lets the load warm up, then measures it over `ms` between two marks of the client. */
async function measure(client: ChildProcess, target: Target, warmupMs: number, ms: number): Promise<Window> {
  await sleep(warmupMs);
  const command: Command = { type: 'mark', pid: target.pid, extraPids: [...target.extraPids] };
  const first = (await request(client, command)) as Mark;
  await sleep(ms);
  const mark = (await request(client, command)) as Mark;
  return {
    mark,
    seconds: (mark.at - first.at) / 1000,
    cpuMicros: mark.targetCpuMicros - first.targetCpuMicros,
    extraCpuMicros: mark.extraCpuMicros - first.extraCpuMicros,
  };
}

/** What to do around the load on a fresh process: before any table is opened, then with them open. */
interface TablesPlan<T> {
  readonly inspect: boolean; // open the inspector, for a full GC before reading memory
  readonly instances?: 1 | 2; // Redis mode: two instances, each table's players and spectators split over them
  readonly idle?: (target: Target) => Promise<void>;
  readonly loaded: (target: Target, opened: number) => Promise<T>;
}

/** Starts a fresh process under load, opens the tables, runs the plan, and always cleans up. */
async function withTables<T>(
  client: ChildProcess,
  kind: TargetKind,
  tables: number,
  settings: ModeSettings,
  plan: TablesPlan<T>,
): Promise<T> {
  const target = await startTarget(kind, {
    env: kind === 'relay' ? {} : settings.serverEnv, // the Redis mode is the same server
    nodeArgs: settings.nodeArgs,
    inspect: plan.inspect,
    instances: plan.instances ?? 1,
    ...(settings.redisFsync ? { redisFsync: settings.redisFsync } : {}),
    ...(settings.serverDir ? { serverDir: settings.serverDir } : {}),
    ...(settings.serverLog ? { logFile: settings.serverLog } : {}),
  });
  try {
    await sleep(IDLE_SETTLE_MS);
    await plan.idle?.(target);
    const open = {
      type: 'open',
      baseUrl: target.baseUrl,
      tables,
      ...(target.peerUrl ? { peerUrl: target.peerUrl } : {}),
    };
    const opened = (await request(client, open as Command)) as Extract<Reply, { type: 'opened' }>;
    if (opened.tables < tables) console.error(`  ${kind}: only ${opened.tables} of ${tables} tables opened`);
    const result = await plan.loaded(target, opened.tables);
    await request(client, { type: 'stop' });
    await request(client, { type: 'close' });
    return result;
  } finally {
    await target.stop();
  }
}

/** Every player answers the opponent's move at once: moves per second and CPU per move. */
export function saturation(
  client: ChildProcess,
  kind: TargetKind,
  tables: number,
  settings: ModeSettings,
): Promise<Saturation> {
  return withTables(client, kind, tables, settings, {
    inspect: false,
    loaded: async (target) => {
      await request(client, { type: 'start', mode: 'saturation', intervalMs: 0 });
      const window = await measure(client, target, settings.warmupMs, settings.saturationMs);
      return {
        movesPerSecond: window.mark.moves / window.seconds,
        cpuPerMoveMicros: window.cpuMicros / window.mark.moves,
        extraCpuPerMoveMicros: window.extraCpuMicros / window.mark.moves,
        cpuShare: window.cpuMicros / (window.seconds * 1e6),
        clientCpuShare: window.mark.clientCpuMicros / (window.seconds * 1e6),
        window,
      };
    },
  });
}

/**
 * One move per table per second: latencies; then, with the load stopped and the tables still open,
 * memory per table against the idle process, both read after a full GC.
 */
export function paced(
  client: ChildProcess,
  kind: TargetKind,
  tables: number,
  settings: ModeSettings,
  instances: 1 | 2 = 1,
): Promise<Paced> {
  let idle = { rssKb: 0, heapKb: 0 };
  return withTables(client, kind, tables, settings, {
    inspect: true,
    instances,
    idle: async (target) => {
      const heap = await target.collectGarbage();
      idle = { rssKb: rssKb(target.pid), heapKb: heap.usedKb };
    },
    loaded: async (target, opened) => {
      await request(client, { type: 'start', mode: 'paced', intervalMs: PACED_INTERVAL_MS });
      const window = await measure(client, target, settings.pacedWarmupMs, settings.pacedMs);
      const rawRssKb = rssKb(target.pid);
      await settings.afterPacedWindow?.(target);
      await request(client, { type: 'stop' });
      const heap = await target.collectGarbage();
      const afterGcRssKb = rssKb(target.pid); // before a snapshot, which takes memory of its own
      if (settings.heapSnapshotDir) {
        mkdirSync(settings.heapSnapshotDir, { recursive: true }); // a folder that is not there yet is made
        await target.heapSnapshot(join(settings.heapSnapshotDir, `${kind}-${opened}-tables.heapsnapshot`));
      }
      const perTable = (now: number, before: number): number => (now - before) / opened;
      return {
        roundTrip: summarize(window.mark.roundTrips),
        delivery: summarize(window.mark.deliveries),
        rssPerTableKb: perTable(afterGcRssKb, idle.rssKb),
        rawRssPerTableKb: perTable(rawRssKb, idle.rssKb),
        heapPerTableKb: perTable(heap.usedKb, idle.heapKb),
        opened,
        window,
      };
    },
  });
}
