// Browser tests' harness: the real server as a child process on a free loopback port, and Chromium.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';

/** Where Debian puts Chromium; the tests are skipped when it is absent. */
export const CHROMIUM = '/usr/bin/chromium';
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** The built web app the server serves. */
export const WEB_DIST = join(ROOT, 'apps/web/dist');

/** Whether the browser tests can run here, and why not. */
export function browserTestsSkipReason(): string | null {
  if (!existsSync(CHROMIUM)) return `${CHROMIUM} is missing (apt-get install -y chromium)`;
  if (!existsSync(join(WEB_DIST, 'index.html'))) return 'apps/web/dist is not built (pnpm --filter @fg/web build)';
  return null;
}

/** A free TCP port on loopback. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** A running server: its base URL, port and data folder, and how to stop it. */
export interface RunningServer {
  readonly url: string; // 'http://127.0.0.1:41234'
  readonly port: number;
  readonly dataDir: string;
  /** Stops the server; its data folder is removed unless kept for a restart. */
  stop(options?: { keepData?: boolean }): Promise<void>;
}

/** Where and how to start a server: a fresh port and data folder unless given (to restart one). */
export interface ServerOptions {
  readonly env?: Record<string, string>;
  readonly port?: number;
  readonly dataDir?: string;
}

/** Starts apps/server on 127.0.0.1 and waits for /healthz. */
export async function startServer({ env = {}, port: givenPort, dataDir: givenDir }: ServerOptions = {}): Promise<RunningServer> {
  const port = givenPort ?? (await freePort());
  const dataDir = givenDir ?? mkdtempSync(join(tmpdir(), 'fg-e2e-'));
  const child: ChildProcess = spawn(join(ROOT, 'node_modules/.bin/tsx'), [join(ROOT, 'apps/server/src/server.ts')], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', WEB_DIR: WEB_DIST, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk) => (stderr += String(chunk)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}: ${stderr}`);
    const ok = await fetch(`${url}/healthz`).then((r) => r.ok, () => false);
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`server did not answer /healthz within 30 s: ${stderr}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    port,
    dataDir,
    stop: async ({ keepData = false } = {}) => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      if (!keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Posts JSON to the server's API and reads the JSON answer. */
export async function postJson<T>(server: RunningServer, path: string, body: object): Promise<T> {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await response.json()) as T;
}

/** Launches headless Debian Chromium the way the whole project does. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
