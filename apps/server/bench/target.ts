// Starting and stopping the process under load (the real server or the bare relay) as a child
// of its own, so its CPU time and memory can be read from /proc by its pid.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { collectGarbage, inspectorUrl, type HeapUsage } from './inspector.js';

/** Which process takes the load. */
export type TargetKind = 'server' | 'relay';

/** A running process under load. */
export interface Target {
  readonly kind: TargetKind;
  readonly pid: number;
  readonly baseUrl: string;
  /** Runs a full GC through the inspector (started with `inspect`) and reports the heap. */
  collectGarbage(): Promise<HeapUsage>;
  stop(): Promise<void>;
}

/** How to start a process under load. */
export interface TargetOptions {
  readonly env?: Record<string, string>;
  readonly nodeArgs?: readonly string[]; // extra node flags (profiling)
  readonly serverDir?: string; // another copy of apps/server
  readonly inspect?: boolean; // open the inspector on a random loopback port, for collectGarbage()
}

const BENCH_DIR = dirname(fileURLToPath(import.meta.url));
const SERVER_DIR = dirname(BENCH_DIR);
/** The tsx loader, so children run TypeScript as `node --import tsx` and their pid is node's own. */
export const TSX_IMPORT = import.meta.resolve('tsx');
const STARTUP_TIMEOUT_MS = 30_000;
const children = new Set<ChildProcess>();

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

/** A free TCP port on loopback. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Polls /healthz until it answers 200, the child dies, or the timeout passes. */
async function waitHealthy(child: ChildProcess, baseUrl: string, output: () => string): Promise<void> {
  const until = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < until) {
    if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) {
      throw new Error(`exited (${child.exitCode ?? child.signalCode ?? 'not started'}):\n${output()}`);
    }
    const ok = await fetch(`${baseUrl}/healthz`).then((r) => r.ok, () => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no answer from ${baseUrl}/healthz within ${STARTUP_TIMEOUT_MS} ms:\n${output()}`);
}

/**
 * Starts the real server (temporary DATA_DIR, warnings only, creation rate limits raised for one
 * busy address) or the bare relay, and waits until it answers /healthz.
 */
export async function startTarget(kind: TargetKind, options: TargetOptions = {}): Promise<Target> {
  const { env = {}, nodeArgs = [], serverDir = SERVER_DIR, inspect = false } = options;
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), `fg-bench-${kind}-`));
  const script = kind === 'server' ? join(serverDir, 'src/server.ts') : join(BENCH_DIR, 'relay.ts');
  const child = track(
    spawn(process.execPath, [...nodeArgs, ...(inspect ? ['--inspect=127.0.0.1:0'] : []), '--import', TSX_IMPORT, script], {
      cwd: kind === 'server' ? serverDir : SERVER_DIR,
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
  let output = '';
  let inspector: string | undefined;
  const keep = (chunk: Buffer): void => {
    output = (output + String(chunk)).slice(-4000);
    inspector ??= inspectorUrl(output);
  };
  child.once('error', (error) => keep(Buffer.from(`\n${error.message}\n`))); // e.g. spawn ENOENT
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async (): Promise<void> => {
    if (child.pid !== undefined && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitHealthy(child, baseUrl, () => output);
  } catch (error) {
    await stop();
    throw new Error(`${kind} did not start: ${(error as Error).message}`);
  }
  const collect = (): Promise<HeapUsage> =>
    inspector ? collectGarbage(inspector) : Promise.reject(new Error(`${kind}: no inspector (start it with inspect)`));
  return { kind, pid: child.pid!, baseUrl, collectGarbage: collect, stop };
}
