// Browser tests' harness: the real server as a child process on a free loopback port, and Chromium.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { type ServerProcess, startServerProcess } from '@fg/server/testing/server-process';
import { type Browser, type BrowserContext, type BrowserContextOptions, chromium, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe } from 'vitest';

/** Where Debian puts Chromium; the tests are skipped when it is absent (outside CI). */
const CHROMIUM = '/usr/bin/chromium';
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** The built web app the server serves. */
export const WEB_DIST = join(ROOT, 'apps/web/dist');

/**
 * Whether the browser tests can run here, and why not. Under CI=true nothing is skipped: a missing
 * browser or build fails the tests, since a skipped browser test would hide a broken page.
 */
export function browserTestsSkipReason(): string | null {
  if (process.env.CI === 'true') return null;
  if (!existsSync(CHROMIUM)) return `${CHROMIUM} is missing (apt-get install -y chromium)`;
  if (!existsSync(join(WEB_DIST, 'index.html'))) return 'apps/web/dist is not built (pnpm --filter @fg/web build)';
  return null;
}

/** A running server: its base URL, port and data folder, and how to stop it. */
export type RunningServer = Pick<ServerProcess, 'url' | 'port' | 'dataDir' | 'stop'>;

/** Where and how to start a server: a fresh port and data folder unless given (to restart one). */
export interface ServerOptions {
  readonly env?: Record<string, string>;
  readonly port?: number;
  readonly dataDir?: string;
  readonly timeoutMs?: number; // how long to wait for /healthz (30 s; more for a test that restarts it under load)
}

/** Starts apps/server on 127.0.0.1, serving the built web app, and waits for /healthz. */
export function startServer({ env = {}, port, dataDir, timeoutMs }: ServerOptions = {}): Promise<RunningServer> {
  return startServerProcess({
    env: { WEB_DIR: WEB_DIST, ...env },
    ...(port ? { port } : {}),
    ...(dataDir ? { dataDir } : {}),
    ...(timeoutMs ? { timeoutMs } : {}),
  });
}

/** What a browser suite starts its server with, what it prepares first and what it removes at the end. */
export interface SuiteSetup {
  /** The server's options, or a step that prepares what the server needs (a table, a folder) and returns them. */
  readonly server?: ServerOptions | (() => Promise<ServerOptions>);
  /** Runs after the browser and the server stopped (folders to remove, files to close). */
  readonly cleanup?: () => void;
  /** How long the start may take, in ms, where it builds more than a server. */
  readonly timeout?: number;
  /**
   * Whether the app's service worker runs in the suite's pages: for the suites that test what it does (the offline
   * app, pushes, the saved settings). Elsewhere every context blocks it: its install fetches the whole precache in
   * each new context, about 0.4 s of Chromium's CPU each, which a suite of many fresh contexts pays for nothing.
   */
  readonly serviceWorker?: boolean;
}

/** A running browser suite: its server and Chromium, valid inside its tests. */
export interface BrowserSuite {
  readonly server: RunningServer;
  readonly browser: Browser;
  /** Starts the server again with its first options, on the same port and data folder (after a stop that kept them). */
  restartServer(): Promise<RunningServer>;
}

/**
 * One browser suite: before its tests the real server and Chromium start together, after them both stop.
 * Skipped, with the reason said once, where the browser tests cannot run (see browserTestsSkipReason).
 */
export function describeInBrowser(title: string, body: (suite: BrowserSuite) => void): void;
export function describeInBrowser(title: string, setup: SuiteSetup, body: (suite: BrowserSuite) => void): void;
export function describeInBrowser(
  title: string,
  ...args: [(suite: BrowserSuite) => void] | [SuiteSetup, (suite: BrowserSuite) => void]
): void {
  const [setup, body] = args.length === 1 ? [{}, args[0]] : args;
  const skip = browserTestsSkipReason();
  if (skip) console.warn(`browser tests skipped: ${skip}`);
  describe.skipIf(skip !== null)(title, () => {
    let server: RunningServer | undefined;
    let browser: Browser | undefined;
    let seen: Browser | undefined; // the browser as the tests see it: their contexts block the service worker unless asked
    let options: ServerOptions = {};
    const suite: BrowserSuite = {
      get server() {
        if (!server) throw new Error('the server is not running: use suite.server inside a test');
        return server;
      },
      get browser() {
        if (!browser) throw new Error('Chromium is not running: use suite.browser inside a test');
        return seen ?? browser;
      },
      async restartServer() {
        const { port, dataDir } = suite.server;
        server = await startServer({ ...options, port, dataDir });
        return server;
      },
    };
    beforeAll(async () => {
      options = typeof setup.server === 'function' ? await setup.server() : (setup.server ?? {});
      [server, browser] = await Promise.all([startServer(options), launchChromium()]);
      seen = setup.serviceWorker ? browser : withContextDefaults(browser, { serviceWorkers: 'block' });
    }, setup.timeout);
    // A test's pages are closed after it: pages left open keep their sockets, clocks and renderers busy for the
    // rest of the file, and Chromium's renderers are most of a browser test's CPU. What the suite opened before
    // the test (in beforeAll) stays.
    let opened = new Set<BrowserContext>();
    beforeEach(() => {
      opened = new Set(browser?.contexts() ?? []);
    });
    afterEach(async () => {
      const made = (browser?.contexts() ?? []).filter((context) => !opened.has(context));
      await Promise.all(made.map((context) => context.close().catch(() => undefined)));
    });
    afterAll(async () => {
      await browser?.close();
      await server?.stop();
      setup.cleanup?.();
    });
    body(suite);
  });
}

/** The browser whose new contexts and pages take `defaults` under the options a test gives. */
function withContextDefaults(browser: Browser, defaults: BrowserContextOptions): Browser {
  return new Proxy(browser, {
    get(target, property) {
      if (property === 'newContext')
        return (options: BrowserContextOptions = {}) => target.newContext({ ...defaults, ...options });
      if (property === 'newPage')
        return (options: BrowserContextOptions = {}) => target.newPage({ ...defaults, ...options });
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** The uncaught errors of a page from now on, as they come. */
export function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
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

/** `POST /api/tables` answer: the table and the creator's seat. */
export interface Created {
  readonly table: { readonly id: string };
  readonly seat: { readonly side: string; readonly token: string };
}

/** A browser context that holds a table's seat: its token stored before the first page loads. */
export async function seatedContext(
  browser: Browser,
  id: string,
  seat: Created['seat'],
  options: Parameters<Browser['newContext']>[0] = {},
) {
  const context = await browser.newContext(options);
  await context.addInitScript(
    ([key, value]) => localStorage.setItem(key!, value!),
    [`fg:seat:${id}`, JSON.stringify(seat)],
  );
  return context;
}

/** The status line's words. */
export const statusOf = (page: Page) => page.getByRole('status').textContent();

/** The piece on a point ('fox', 'goose' or null). */
export const pieceOn = (page: Page, point: string) =>
  page.locator(`[data-point="${point}"]`).getAttribute('data-piece');

/** Clicks points one after another, as a player enters a move. */
export async function clickPoints(page: Page, points: readonly string[]): Promise<void> {
  for (const point of points) await page.locator(`[data-point="${point}"]`).click();
}
