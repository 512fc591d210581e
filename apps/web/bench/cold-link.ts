// Cold table link bench: a friend opens a table link in a fresh browser (nothing cached, no service worker) over a
// slow network, emulated by Chromium with 100 ms added to every round trip, and we time the board becoming usable
// (the welcome has arrived and the board takes the player's move). It also prints the requests the page made before
// it was usable, in the order they started, so a chain of requests waiting on each other shows.
// With `--compare DIR` (another checkout, built) it measures that one's server and web app too, the two loads taking
// turns, so a before and after are compared within one run on a noisy machine.
// Run: tsx apps/web/bench/cold-link.ts [--build] [--quick] [--compare DIR]
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { startServerProcess } from '@fg/server/testing/server-process';
import type { Browser } from 'playwright-core';

import {
  browserTestsSkipReason,
  type Created,
  launchChromium,
  postJson,
  type RunningServer,
  seatedContext,
  startServer,
  WEB_DIST,
} from '../e2e/harness';

/** Added latency per round trip, in ms (Chromium's network emulation). */
const LATENCY_MS = 100;
/** The target: usable within 1 s at that latency. */
const TARGET_MS = 1000;
const RUNS = process.argv.includes('--quick') ? 3 : 7;
const WEB = fileURLToPath(new URL('..', import.meta.url));

/** One cold load: the time to usable and the requests (path, start and end in ms after navigation). */
interface Load {
  readonly usable: number;
  readonly live: number;
  readonly requests: { path: string; start: number; end: number }[];
}

/** Opens a fresh table's link as its geese player would, in a new context under emulated latency. */
async function coldLoad(server: RunningServer, browser: Browser, asSeat: boolean): Promise<Load> {
  const created = await postJson<Created>(server, '/api/tables', { variant: 'standard', side: 'geese' });
  const joined = await postJson<Created>(server, `/api/tables/${created.table.id}/seats`, { side: 'fox' });
  const context = asSeat ? await seatedContext(browser, created.table.id, joined.seat) : await browser.newContext();
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: LATENCY_MS,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    const requests: Load['requests'] = [];
    const welcomed = new Promise<number>((resolve) =>
      page.on('websocket', (socket) => socket.once('framereceived', () => resolve(Date.now()))),
    );
    page.on('requestfinished', (request) => {
      const timing = request.timing();
      const url = new URL(request.url());
      requests.push({
        path: url.pathname.replace(/-[A-Za-z0-9_-]{8}\.js$/, '.js'),
        start: timing.startTime,
        end: timing.startTime + timing.responseEnd,
      });
    });
    await page.goto(`${server.url}/t/${created.table.id}?lang=en`, { waitUntil: 'commit' });
    await page.locator('[data-point="d4"][data-piece="fox"]').waitFor();
    // Usable: the status line says whose move it is (the table is known), for the player "Your move".
    const status = page.getByRole('status').filter({ hasText: asSeat ? 'Your move' : 'to move' });
    await status.waitFor();
    const usable = await page.evaluate(() => performance.now());
    const origin = await page.evaluate(() => performance.timeOrigin);
    // The live table: the socket's first message (the welcome), so a board drawn before it is told apart.
    const live = await welcomed;
    if (asSeat) {
      await page.locator('[data-point="d4"]').click();
      await page.locator('[data-point="d5"][data-target="true"]').waitFor();
    }
    return {
      usable,
      live: live - origin,
      requests: requests
        .map((r) => ({ ...r, start: r.start - origin, end: r.end - origin }))
        .filter((r) => r.start <= usable + (process.env.ALL ? 5000 : 0))
        .sort((a, b) => a.start - b.start),
    };
  } finally {
    await context.close();
  }
}

const median = (values: readonly number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** The checkout given with --compare, if any. */
function compared(): string | null {
  const at = process.argv.indexOf('--compare');
  return at >= 0 ? (process.argv[at + 1] ?? null) : null;
}

/** The server of another checkout, serving its own built web app. */
function startOther(dir: string): Promise<RunningServer> {
  return startServerProcess({
    script: join(dir, 'apps/server/src/server.ts'),
    cwd: join(dir, 'apps/server'),
    env: { WEB_DIR: join(dir, 'apps/web/dist'), SOLVE: 'off' },
    timeoutMs: 180_000, // its first start compiles a whole server, slow on a loaded machine
  });
}

/** Prints the figures of one server's loads. */
function report(name: string, who: string, loads: readonly Load[]): void {
  const times = loads.map((l) => l.usable);
  const worst = Math.max(...times);
  console.log(
    `cold table link${name}, ${who}, ${LATENCY_MS} ms per round trip: usable after median ${median(times).toFixed(0)} ms, worst ${worst.toFixed(0)} ms of ${loads.length} (target ${TARGET_MS} ms) ${median(times) <= TARGET_MS ? 'ok' : 'MISSED'}; socket's welcome at median ${median(loads.map((l) => l.live)).toFixed(0)} ms`,
  );
  const typical = loads.find((l) => l.usable === median(times))!;
  for (const r of typical.requests)
    console.log(`  ${r.start.toFixed(0).padStart(5)}-${r.end.toFixed(0).padStart(5)} ms  ${r.path}`);
}

async function main(): Promise<void> {
  if (process.argv.includes('--build') || !existsSync(join(WEB_DIST, 'index.html'))) {
    execFileSync('npx', ['vite', 'build', '--configLoader', 'runner', '--logLevel', 'warn'], {
      cwd: WEB,
      stdio: 'inherit',
    });
  }
  const skip = browserTestsSkipReason();
  if (skip) {
    console.log(`cold table link: skipped (${skip})`);
    return;
  }
  const other = compared();
  const servers: [string, RunningServer][] = [['', await startServer()]];
  if (other) servers.push([` (${other})`, await startOther(other)]);
  const browser = await launchChromium();
  try {
    for (const [who, asSeat] of [
      ['player (seat in this browser)', true],
      ['spectator', false],
    ] as const) {
      const loads = servers.map((): Load[] => []);
      // The servers take turns, so a slow moment of a shared machine falls on both.
      for (let run = 0; run < RUNS; run++)
        for (const [i, [, server]] of servers.entries()) loads[i]!.push(await coldLoad(server, browser, asSeat));
      for (const [i, [name]] of servers.entries()) report(name, who, loads[i]!);
    }
  } finally {
    await browser.close();
    await Promise.all(servers.map(([, server]) => server.stop()));
  }
}

await main();
