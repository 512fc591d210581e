// The solution in the browser, measured in headless Chromium against the real server (docs/solution.md "In the
// browser"): the compact table downloaded and stored through the analysis page's panel (time and size), then the
// solution worker's answer to a verdict with its keep list, asked from the page one at a time for random positions
// of every tier (4..the table's top, each side to move): p50, p95 (target 5 ms), p99, max; the first answer, which
// reads the table from IndexedDB, apart. The table is the installed 13-geese one when the solutions directory has
// it (SOLUTION_DIR, else DATA_DIR/solutions, else apps/server/data/solutions), else a test-size one built here.
// Run: tsx apps/web/bench/solution-probe.ts [--quick] [--dir <solutions dir>]
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

import { EMPTY, FOX, getVariant, GOOSE, makePosition, type Position } from '@fg/rules';
import { buildTable, compactPath, solutionDir } from '@fg/solver';

import { browserTestsSkipReason, launchChromium, startServer, WEB_DIST } from '../e2e/harness';

const { values: flags } = parseArgs({
  options: { quick: { type: 'boolean', default: false }, dir: { type: 'string' } },
  strict: false,
});
const QUESTIONS = flags.quick ? 300 : 2000;
const TARGET_P95_MS = 5;

const standard = getVariant('standard', { geese: 13, sideways: false });
if (!standard.ok) throw new Error(standard.error.message);
const STANDARD = standard.value;

/** A seeded generator, so two runs ask the same positions. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** Random position texts: a tier drawn evenly from 4..top, geese and fox on random points, either side to move. */
function positions(count: number, top: number): string[] {
  const next = random(1);
  const texts: string[] = [];
  for (let i = 0; i < count; i++) {
    const k = 4 + Math.floor(next() * (top - 3));
    const points = Array.from({ length: 33 }, (_, p) => p);
    for (let j = points.length - 1; j > 0; j--) {
      const r = Math.floor(next() * (j + 1));
      [points[j], points[r]] = [points[r]!, points[j]!];
    }
    const cells = new Uint8Array(33).fill(EMPTY);
    for (const p of points.slice(0, k)) cells[p] = GOOSE;
    cells[points[k]!] = FOX;
    const position: Position = { cells, turn: next() < 0.5 ? 'fox' : 'geese', quiet: 0 };
    texts.push(makePosition(STANDARD.board, position));
  }
  return texts;
}

const quantile = (sorted: readonly number[], q: number): number =>
  sorted[Math.min(sorted.length, Math.max(1, Math.ceil(q * sorted.length))) - 1]!;

async function main(): Promise<void> {
  const skip = browserTestsSkipReason();
  if (skip) return void console.log(`solution in the browser: skipped (${skip})`);
  const installed = typeof flags.dir === 'string' ? flags.dir : solutionDir();
  let dir = installed;
  let built: string | null = null;
  if (!existsSync(compactPath(installed, 13))) {
    built = mkdtempSync(join(tmpdir(), 'fg-probe-bench-'));
    console.log(
      `no compact 13-geese table in ${installed}: a test-size one (tiers 4..8) is built and measured instead`,
    );
    await buildTable({ geese: 13, upTo: 8, dir: built });
    dir = built;
  }
  const bytes = statSync(compactPath(dir, 13)).size;
  const worker = readdirSync(join(WEB_DIST, 'assets')).find((f) => /^probe\.worker-.*\.js$/.test(f));
  if (!worker) throw new Error('no probe.worker-*.js in apps/web/dist/assets: build the web app');
  const server = await startServer({ env: { SOLUTION_DIR: dir } });
  const browser = await launchChromium();
  try {
    const page = await (await browser.newContext()).newPage();
    // tsx keeps function names by wrapping them in __name(), which the page does not have.
    await page.addInitScript({ content: 'globalThis.__name = (f) => f;' });
    await page.goto(`${server.url}/analysis/standard?lang=en`);
    const panel = page.locator('section.solution-panel');
    const started = Date.now();
    await panel.getByRole('button', { name: /^Download the solution/ }).click();
    await page.waitForFunction(
      () => document.querySelector('section.solution-panel')?.getAttribute('data-solution') === 'stored',
      null,
      { timeout: 600_000 },
    );
    const storedMs = Date.now() - started;
    const top = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const open = indexedDB.open('fg-solution');
          open.onsuccess = () => {
            const get = open.result.transaction('meta').objectStore('meta').get('standard');
            get.onsuccess = () => resolve((get.result as { maxGeese: number }).maxGeese);
          };
        }),
    );
    const texts = positions(QUESTIONS, top);
    const times = await page.evaluate(
      async ({ url, texts }) => {
        const probe = new Worker(url, { type: 'module' });
        const ask = (id: number, position: string): Promise<number> =>
          new Promise((resolve) => {
            const started = performance.now();
            const heard = (event: MessageEvent<{ id: number }>): void => {
              if (event.data.id !== id) return;
              probe.removeEventListener('message', heard);
              resolve(performance.now() - started);
            };
            probe.addEventListener('message', heard);
            probe.postMessage({ type: 'verdict', id, geese: 13, position });
          });
        const all: number[] = [];
        for (let i = 0; i < texts.length; i++) all.push(await ask(i + 1, texts[i]!));
        probe.terminate();
        return all;
      },
      { url: `/assets/${worker}`, texts },
    );
    const first = times.shift()!;
    const sorted = [...times].sort((a, b) => a - b);
    const p95 = quantile(sorted, 0.95);
    console.log(
      `solution in the browser: ${(bytes / 1e6).toFixed(1)} MB table (tiers 4..${top}) downloaded, checked and stored in ${(storedMs / 1000).toFixed(1)} s`,
    );
    console.log(
      `probe in the worker (Chromium), a verdict with its keep list, ${sorted.length} random positions of 4..${top} geese: p50 ${quantile(sorted, 0.5).toFixed(2)} ms, p95 ${p95.toFixed(2)} ms (target <= ${TARGET_P95_MS}: ${p95 <= TARGET_P95_MS ? 'PASS' : 'MISS'}), p99 ${quantile(sorted, 0.99).toFixed(2)} ms, max ${sorted.at(-1)!.toFixed(2)} ms; the first answer (reads the table from IndexedDB) ${first.toFixed(0)} ms`,
    );
  } finally {
    await browser.close();
    await server.stop();
    if (built) rmSync(built, { recursive: true, force: true });
  }
}

await main();
