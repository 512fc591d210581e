// Bundle and speed bench of the web app: the JavaScript the home page, a table page and the analysis page load before they are
// usable (raw and gzipped), and the time from navigation to a usable table page, in headless Chromium against a
// loopback server. Each page is its own chunk, loaded before the first render, so the home page is measured in
// the browser like the table page: what index.html names statically is not all it needs.
// Run: tsx apps/web/bench/bundle.ts [--build] [--quick] (builds apps/web/dist first when missing or asked).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

import type { Browser } from 'playwright-core';

import {
  browserTestsSkipReason,
  launchChromium,
  postJson,
  type RunningServer,
  startServer,
  WEB_DIST,
} from '../e2e/harness';

const BUDGET_KB = 120; // issue 4: initial JS of the home page (and issue 9: of a table page), gzipped
const BUDGET_MS = 1000; // issue 4: a table page usable within 1 s on loopback
const RUNS = process.argv.includes('--quick') ? 3 : 5;

const WEB = fileURLToPath(new URL('..', import.meta.url));

/** Raw and gzipped size of files, in kB (1000 bytes). */
function sizes(files: readonly string[]): { raw: number; gzip: number } {
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    const bytes = readFileSync(file);
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
  }
  return { raw: raw / 1000, gzip: gzip / 1000 };
}

/** The JavaScript files the home page fetches, in a fresh browser context, until its variant cards are shown. */
async function homePageScripts(server: RunningServer, browser: Browser): Promise<string[]> {
  const context = await browser.newContext();
  const scripts = new Set<string>();
  try {
    const page = await context.newPage();
    let shown = false;
    page.on('response', (response) => {
      const path = new URL(response.url()).pathname;
      if (!shown && path.endsWith('.js')) scripts.add(join(WEB_DIST, path.replace(/^\//, '')));
    });
    await page.goto(`${server.url}/?lang=en`, { waitUntil: 'commit' });
    await page.locator('.cards li').first().waitFor();
    shown = true;
  } finally {
    await context.close();
  }
  return [...scripts];
}

/** The JavaScript the analysis page fetches until its board takes clicks, and the engine worker's apart
 * (it runs in its worker, not in the page's first JavaScript). */
async function analysisPageScripts(
  server: RunningServer,
  browser: Browser,
): Promise<{ page: string[]; worker: string[] }> {
  const context = await browser.newContext();
  const scripts = new Set<string>();
  try {
    const page = await context.newPage();
    let usable = false;
    const worker = new Promise<string>((resolve) => page.on('worker', (w) => resolve(new URL(w.url()).pathname)));
    page.on('response', (response) => {
      const path = new URL(response.url()).pathname;
      if (!usable && path.endsWith('.js')) scripts.add(path);
    });
    await page.goto(`${server.url}/analysis/standard?lang=en`, { waitUntil: 'commit' });
    await page.locator('[data-point="d4"][data-piece="fox"]').waitFor();
    usable = true;
    await page.locator('[data-eval]').waitFor(); // the worker has answered
    const workerPath = await worker;
    const file = (path: string): string => join(WEB_DIST, path.replace(/^\//, ''));
    return {
      page: [...scripts].filter((p) => p !== workerPath).map(file),
      worker: [file(workerPath)],
    };
  } finally {
    await context.close();
  }
}

/** Milliseconds from navigation start to a table page whose board takes clicks, over fresh browser contexts,
 * and the JavaScript files the page fetched until then (route chunks, locale chunks; sounds and QR come later). */
async function tablePageTimes(
  server: RunningServer,
  browser: Browser,
): Promise<{ times: number[]; scripts: string[] }> {
  const times: number[] = [];
  const scripts = new Set<string>();
  for (let run = 0; run < RUNS; run++) {
    type Created = { table: { id: string }; seat: { side: string; token: string } };
    const created = await postJson<Created>(server, '/api/tables', { variant: 'standard', side: 'fox' });
    await postJson(server, `/api/tables/${created.table.id}/seats`, { side: 'geese' });
    const context = await browser.newContext(); // a fresh context: nothing cached
    await context.addInitScript(
      ([key, value]) => localStorage.setItem(key!, value!),
      [`fg:seat:${created.table.id}`, JSON.stringify(created.seat)],
    );
    const page = await context.newPage();
    let usable = false;
    page.on('response', (response) => {
      const path = new URL(response.url()).pathname;
      if (!usable && path.endsWith('.js')) scripts.add(join(WEB_DIST, path.replace(/^\//, '')));
    });
    await page.goto(`${server.url}/t/${created.table.id}?lang=en`, { waitUntil: 'commit' });
    // Usable: the fox's point is there and the player may pick it (the welcome has arrived).
    await page.locator('[data-point="d4"][data-piece="fox"]').waitFor();
    await page.getByRole('status').filter({ hasText: 'Your move (fox)' }).waitFor();
    times.push(await page.evaluate(() => performance.now()));
    usable = true;
    await page.locator('[data-point="d4"]').click();
    await page.locator('[data-point="d5"][data-target="true"]').waitFor();
    await context.close();
  }
  return { times, scripts: [...scripts] };
}

/** Code and strings apart: the language's strings (locale chunks) are data, shown beside the code's figure. */
function codeAndStrings(scripts: readonly string[]) {
  // A language's strings are one chunk named after it (vite.config.ts).
  const isLocale = (file: string): boolean => /\/(en|ru|pl|hu)-[^/]+\.js$/.test(file);
  return { code: sizes(scripts.filter((f) => !isLocale(f))), strings: sizes(scripts.filter(isLocale)) };
}

/** One line of the figures of a page's JavaScript until it is usable. */
function report(what: string, scripts: readonly string[]): void {
  const { code, strings } = codeAndStrings(scripts);
  const verdict = code.gzip <= BUDGET_KB ? 'ok' : 'OVER BUDGET';
  console.log(
    `web ${what} JS until usable: ${code.raw.toFixed(1)} kB raw, ${code.gzip.toFixed(1)} kB gzipped (budget ${BUDGET_KB} kB) ${verdict}; plus ${strings.gzip.toFixed(1)} kB gzipped of English strings`,
  );
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
    console.log(`web pages: skipped (${skip})`);
    return;
  }
  const server = await startServer();
  const browser = await launchChromium();
  let measured: { times: number[]; scripts: string[] };
  try {
    report('home page', await homePageScripts(server, browser));
    const analysis = await analysisPageScripts(server, browser);
    report('analysis page', analysis.page);
    const worker = sizes(analysis.worker);
    console.log(
      `web engine worker (loaded by the analysis page's worker, not the page): ${worker.raw.toFixed(1)} kB raw, ${worker.gzip.toFixed(1)} kB gzipped`,
    );
    measured = await tablePageTimes(server, browser);
  } finally {
    await browser.close();
    await server.stop();
  }
  report('table page', measured.scripts);
  const times = measured.times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)]!;
  const worst = times[times.length - 1]!;
  console.log(
    `web table page usable after navigation: median ${median.toFixed(0)} ms, worst ${worst.toFixed(0)} ms of ${times.length} cold loads (budget ${BUDGET_MS} ms) ${worst <= BUDGET_MS ? 'ok' : 'OVER BUDGET'}`,
  );
}

await main();
