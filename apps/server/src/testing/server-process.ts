// The real server as a child process on a free loopback port: for the durability test, the
// browser tests and the benchmark, which must kill, restart or measure the process itself.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SERVER_DIR = dirname(dirname(dirname(fileURLToPath(import.meta.url))));
/** The tsx loader: children run as `node --import tsx`, so their pid is node's own (kill -9 hits the server). */
const TSX_IMPORT = import.meta.resolve('tsx');

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** How to start the process: a fresh port and data folder unless given (to restart on the same data). */
export interface ServerProcessOptions {
  readonly script?: string; // default: apps/server/src/server.ts
  readonly cwd?: string; // default: apps/server
  readonly env?: Readonly<Record<string, string>>; // added to PORT, HOST, DATA_DIR, LOG_LEVEL=warn, SOLVE=off
  readonly port?: number;
  readonly dataDir?: string;
  readonly nodeArgs?: readonly string[]; // e.g. ['--inspect=127.0.0.1:0']
  readonly onOutput?: (chunk: string) => void; // the child's stdout and stderr
  readonly timeoutMs?: number; // how long to wait for /healthz; 30 s
}

/** A running server process. */
export interface ServerProcess {
  readonly url: string; // 'http://127.0.0.1:41234'
  readonly port: number;
  readonly dataDir: string;
  readonly child: ChildProcess;
  /** SIGTERM (SIGKILL after 5 s); the data folder is removed unless kept for a restart. */
  stop(options?: { keepData?: boolean }): Promise<void>;
  /** SIGKILL at once, as a crash would; the data folder stays. */
  kill(): Promise<void>;
}

/** Waits until the child has exited. */
function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/**
 * The node flags the built server runs with: those of apps/server's `start` script (`node <flags> dist/server.mjs`),
 * the one place they are written (the Dockerfile's CMD is checked against it), so the bench measures what ships.
 */
export function productionNodeFlags(serverDir: string = SERVER_DIR): string[] {
  const manifest = JSON.parse(readFileSync(join(serverDir, 'package.json'), 'utf8')) as {
    scripts?: { start?: string };
  };
  const run = /\bnode((?:\s+--\S+)*)\s+dist\/server\.mjs/.exec(manifest.scripts?.start ?? '');
  return run ? run[1]!.trim().split(/\s+/).filter(Boolean) : [];
}

/** Starts the server (or another script, like the bench's relay) and waits until /healthz answers. */
export async function startServerProcess(options: ServerProcessOptions = {}): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'fg-server-'));
  const script = options.script ?? join(SERVER_DIR, 'src/server.ts');
  // TypeScript runs through tsx; a built bundle (dist/server.mjs) runs on node alone, as `pnpm start` runs it.
  const loader = script.endsWith('.ts') ? ['--import', TSX_IMPORT] : [];
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), ...loader, script], {
    cwd: options.cwd ?? SERVER_DIR,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SOLVE: 'off', // no background build of the solution unless a test asks for one
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let tail = '';
  const keep = (chunk: Buffer | string): void => {
    tail = (tail + String(chunk)).slice(-4000);
    options.onOutput?.(String(chunk));
  };
  child.once('error', (error) => keep(`\n${error.message}\n`)); // e.g. spawn ENOENT
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);

  const url = `http://127.0.0.1:${port}`;
  const server: ServerProcess = {
    url,
    port,
    dataDir,
    child,
    stop: async ({ keepData = false } = {}) => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        await exited(child);
        clearTimeout(timer);
      }
      if (!keepData) rmSync(dataDir, { recursive: true, force: true });
    },
    kill: async () => {
      child.kill('SIGKILL');
      await exited(child);
    },
  };
  const deadline = Date.now() + (options.timeoutMs ?? 30_000);
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`${script} exited (${child.exitCode ?? child.signalCode}) before answering /healthz:\n${tail}`);
    }
    if (
      await fetch(`${url}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return server;
    if (Date.now() > deadline) {
      await server.stop({ keepData: options.dataDir !== undefined });
      throw new Error(`no answer from ${url}/healthz within ${options.timeoutMs ?? 30_000} ms:\n${tail}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
