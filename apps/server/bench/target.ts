// Starting and stopping the process under load (the real server or the bare relay) as a child
// of its own, so its CPU time and memory can be read from /proc by its pid.
import { type ChildProcess, execFileSync, fork } from 'node:child_process';
import { appendFileSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { type RedisProcess, startRedis } from '../src/testing/redis-process.js';
import { productionNodeFlags, type ServerProcess, startServerProcess } from '../src/testing/server-process.js';
import { collectGarbage, type HeapUsage, inspectorUrl, writeHeapSnapshot } from './inspector.js';

/** Which process takes the load: the server on SQLite, the server on Redis (REDIS_URL), or the bare relay. */
export type TargetKind = 'server' | 'redis' | 'relay';

/** A running process under load. */
export interface Target {
  readonly kind: TargetKind;
  readonly pid: number;
  readonly baseUrl: string;
  readonly peerUrl?: string; // a second instance on the same Redis (Redis mode with `instances: 2`)
  readonly extraPids: readonly number[]; // the mode's other processes: redis-server, the second instance
  /** Runs a full GC through the inspector (started with `inspect`) and reports the heap. */
  collectGarbage(): Promise<HeapUsage>;
  /** Writes a heap snapshot through the inspector (started with `inspect`) to `file`. */
  heapSnapshot(file: string): Promise<void>;
  stop(): Promise<void>;
}

/** How to start a process under load. */
export interface TargetOptions {
  readonly env?: Record<string, string>;
  readonly nodeArgs?: readonly string[]; // extra node flags (profiling)
  readonly serverDir?: string; // another copy of apps/server
  readonly inspect?: boolean; // open the inspector on a random loopback port, for collectGarbage()
  readonly instances?: 1 | 2; // Redis mode: how many server instances share the redis-server
  readonly redisFsync?: 'always' | 'everysec' | 'no'; // Redis mode: appendfsync (compose: always)
  readonly logFile?: string; // everything the process prints is appended here (with --node-flags '--trace-gc')
}

const BENCH_DIR = dirname(fileURLToPath(import.meta.url));
const SERVER_DIR = dirname(BENCH_DIR);
/**
 * The server's limits lifted for a bench: its defaults would refuse this load (30 tables a minute per address, a
 * burst of 30 messages per connection refilled at 10 a second, and every socket comes from 127.0.0.1).
 */
export const UNLIMITED_ENV: Readonly<Record<string, string>> = {
  CREATE_LIMIT: '1000000',
  MESSAGE_BURST: '1000000',
  MESSAGE_RATE: '1000000',
  MAX_CONNECTIONS_PER_ADDRESS: '1000000',
};
/** The tsx loader, so children run TypeScript as `node --import tsx` and their pid is node's own. */
export const TSX_IMPORT = import.meta.resolve('tsx');
const children = new Set<ChildProcess>();

/**
 * What runs as the server: the built bundle, as `pnpm start` runs it (built once per folder by `buildServer`), or,
 * for a copy of an older commit that has no build, its TypeScript through tsx.
 */
export function serverScript(serverDir: string = SERVER_DIR): string {
  const built = join(serverDir, 'dist/server.mjs');
  return existsSync(join(serverDir, 'scripts/build.mjs')) ? built : join(serverDir, 'src/server.ts');
}

/** Builds the server of `serverDir` (when it has a build) so the run measures what ships; returns the script. */
export function buildServer(serverDir: string = SERVER_DIR): string {
  const script = join(serverDir, 'scripts/build.mjs');
  if (existsSync(script)) execFileSync(process.execPath, [script], { cwd: serverDir, stdio: 'ignore' });
  return serverScript(serverDir);
}

/** Forks the load client (load-client.ts) with its seed, tracked so that killChildren() ends it. */
export function startLoadClient(seed: string): ChildProcess {
  return track(
    fork(join(BENCH_DIR, 'load-client.ts'), [], {
      execArgv: ['--import', TSX_IMPORT],
      env: { ...process.env, BENCH_SEED: seed },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    }),
  );
}

/** Kills every child still running; safe to call from an exit handler. */
export function killChildren(): void {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

/** Remembers a child so that killChildren() ends it, whatever way this process ends. */
export function track(child: ChildProcess): ChildProcess {
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

/**
 * Starts the real server (temporary DATA_DIR, warnings only, creation rate limits raised for one
 * busy address) or the bare relay, and waits until it answers /healthz.
 */
export async function startTarget(kind: TargetKind, options: TargetOptions = {}): Promise<Target> {
  if (kind !== 'redis') return startOne(kind, options);
  // A fresh redis-server per phase, run as docker-compose.yml runs it (append-only file, fsync on every write).
  const redis: RedisProcess = await startRedis(options.redisFsync);
  track(redis.child);
  try {
    const env = { ...options.env, REDIS_URL: redis.url };
    const first = await startOne('server', { ...options, env });
    const second = options.instances === 2 ? await startOne('server', { ...options, env, inspect: false }) : null;
    return {
      ...first,
      kind,
      ...(second ? { peerUrl: second.baseUrl } : {}),
      extraPids: [redis.pid, ...(second ? [second.pid] : [])],
      stop: async () => {
        await Promise.all([first.stop(), second?.stop()]);
        await redis.stop();
      },
    };
  } catch (error) {
    await redis.stop();
    throw error;
  }
}

async function startOne(kind: 'server' | 'relay', options: TargetOptions): Promise<Target> {
  const { env = {}, nodeArgs = [], serverDir = SERVER_DIR, inspect = false, logFile } = options;
  let inspector: string | undefined;
  let output = '';
  let server: ServerProcess;
  const script = kind === 'server' ? serverScript(serverDir) : join(BENCH_DIR, 'relay.ts');
  try {
    server = await startServerProcess({
      script,
      cwd: kind === 'server' ? serverDir : SERVER_DIR,
      env,
      // The built server runs with the flags `pnpm start` gives it; the relay and TypeScript copies with none.
      nodeArgs: [
        ...(kind === 'server' && script.endsWith('.mjs') ? productionNodeFlags(serverDir) : []),
        ...nodeArgs,
        ...(inspect ? ['--inspect=127.0.0.1:0'] : []),
      ],
      onOutput: (chunk) => {
        if (logFile) appendFileSync(logFile, chunk);
        output = (output + chunk).slice(-4000);
        inspector ??= inspectorUrl(output);
      },
    });
  } catch (error) {
    throw new Error(`${kind} did not start: ${(error as Error).message}`, { cause: error });
  }
  track(server.child);
  const noInspector = (): Promise<never> => Promise.reject(new Error(`${kind}: no inspector (start it with inspect)`));
  const collect = (): Promise<HeapUsage> => (inspector ? collectGarbage(inspector) : noInspector());
  const snapshot = (file: string): Promise<void> => (inspector ? writeHeapSnapshot(inspector, file) : noInspector());
  return {
    kind,
    pid: server.child.pid!,
    baseUrl: server.url,
    extraPids: [],
    collectGarbage: collect,
    heapSnapshot: snapshot,
    stop: () => server.stop(),
  };
}
