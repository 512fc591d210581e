// A real redis-server (Debian's package) for tests and the bench: its own free port and temporary folder, run
// as docker-compose.yml runs it (append-only file, fsync on every write), and killable and restartable on the
// same folder, as a crash would leave it.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { freePort } from './server-process.js';

/** Where Debian installs it; the test command installs the package when it is missing. */
const REDIS_SERVER = process.env.REDIS_SERVER ?? '/usr/bin/redis-server';

/**
 * Whether tests that need `program` (redis-server by default) can run here, and why not. Under CI=true nothing is
 * skipped: a missing program fails the tests (scripts/system-deps.sh installs it first).
 */
export function systemProgramSkipReason(program = REDIS_SERVER, pkg = 'redis-server'): string | null {
  if (process.env.CI === 'true') return null;
  return existsSync(program) ? null : `${program} is missing (apt-get install -y ${pkg})`;
}

/** A running redis-server. */
export interface RedisProcess {
  readonly url: string; // 'redis://127.0.0.1:41234'
  readonly port: number;
  readonly dir: string;
  /** The pid of the running redis-server, and its process. */
  readonly pid: number;
  readonly child: ChildProcess;
  /** SIGKILL at once; the folder stays. */
  kill(): Promise<void>;
  /** Starts it again on the same port and folder (after `kill`). */
  restart(): Promise<void>;
  /** Stops it and removes the folder. */
  stop(): Promise<void>;
}

const exited = (child: ChildProcess): Promise<void> =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once('exit', () => resolve()));

/** Starts redis-server and waits until it answers PING; `appendfsync` other than compose's `always` for the bench. */
export async function startRedis(appendfsync: 'always' | 'everysec' | 'no' = 'always'): Promise<RedisProcess> {
  try {
    execFileSync(REDIS_SERVER, ['--version'], { stdio: 'ignore' });
  } catch {
    throw new Error(`${REDIS_SERVER} cannot be run; install it with: apt-get install -y redis-server`);
  }
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'fg-redis-'));
  let child: ChildProcess;
  const launch = async (): Promise<void> => {
    // The settings of docker-compose.yml: every write is in the append-only file, synced, before Redis answers.
    const args = ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--appendonly', 'yes'];
    args.push('--appendfsync', appendfsync, '--save', '', '--protected-mode', 'no', '--loglevel', 'warning');
    child = spawn(REDIS_SERVER, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output = (output + String(chunk)).slice(-2000)));
    child.stderr!.on('data', (chunk: Buffer) => (output = (output + String(chunk)).slice(-2000)));
    const deadline = Date.now() + 20_000;
    while (!(await answers(port))) {
      if (child.exitCode !== null) throw new Error(`redis-server exited (${child.exitCode}):\n${output}`);
      if (Date.now() > deadline) throw new Error(`redis-server did not answer on ${port}:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  await launch();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    dir,
    get pid() {
      return child.pid!;
    },
    get child() {
      return child;
    },
    kill: async () => {
      child.kill('SIGKILL');
      await exited(child);
    },
    restart: launch,
    stop: async () => {
      child.kill('SIGTERM');
      await exited(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Whether a Redis on the port answers PING (a raw inline command, so no client is needed). */
async function answers(port: number): Promise<boolean> {
  const { createConnection } = await import('node:net');
  return new Promise((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    const done = (ok: boolean): void => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1_000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => done(String(data).startsWith('+PONG')));
  });
}
