// Bundle and speed bench of the web app: the home page's initial JavaScript (raw and gzipped) and
// the time from navigation to a usable table page in headless Chromium against a loopback server.
// Run: tsx apps/web/bench/bundle.ts [--build] [--quick] (builds apps/web/dist first when missing or asked).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

import { browserTestsSkipReason, launchChromium, postJson, startServer, WEB_DIST } from '../e2e/harness';

const BUDGET_KB = 120; // issue 4: initial JS of the home page, gzipped
const BUDGET_MS = 1000; // issue 4: a table page usable within 1 s on loopback
const RUNS = process.argv.includes('--quick') ? 3 : 5;

const WEB = fileURLToPath(new URL('..', import.meta.url));

/** The chunks the home page loads before it runs: the entry script, its modulepreloads and their static imports. */
export function initialChunks(dist: string): string[] {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const roots = [
    ...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"|<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g),
  ].map((m) => (m[1] ?? m[2])!);
  const seen = new Set<string>();
  const visit = (url: string): void => {
    const file = join(dist, url.replace(/^\//, ''));
    if (seen.has(file) || !existsSync(file)) return;
    seen.add(file);
    const code = readFileSync(file, 'utf8');
    // Static imports only (`import ... from "./x.js"`, `import "./x.js"`); dynamic import() is lazy by design.
    for (const m of code.matchAll(/(?:^|[;}\s])import\s*(?:[^"'()]*?from\s*)?["']([^"']+\.js)["']/g)) {
      visit(join(dirname(url), m[1]!));
    }
  };
  roots.forEach(visit);
  return [...seen];
}

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

/** Milliseconds from navigation start to a table page whose board takes clicks, over fresh browser contexts,
 * and the JavaScript files the page fetched until then (route chunks, locale chunks; sounds and QR come later). */
async function tablePageTimes(): Promise<{ times: number[]; scripts: string[] }> {
  const server = await startServer();
  const browser = await launchChromium();
  const times: number[] = [];
  const scripts = new Set<string>();
  try {
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
  } finally {
    await browser.close();
    await server.stop();
  }
  return { times, scripts: [...scripts] };
}

async function main(): Promise<void> {
  if (process.argv.includes('--build') || !existsSync(join(WEB_DIST, 'index.html'))) {
    execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: WEB, stdio: 'inherit' });
  }
  const chunks = initialChunks(WEB_DIST);
  const { raw, gzip } = sizes(chunks);
  console.log(
    `web home initial JS: ${chunks.length} files, ${raw.toFixed(1)} kB raw, ${gzip.toFixed(1)} kB gzipped (budget ${BUDGET_KB} kB) ${gzip <= BUDGET_KB ? 'ok' : 'OVER BUDGET'}`,
  );
  const skip = browserTestsSkipReason();
  if (skip) {
    console.log(`web table page usable: skipped (${skip})`);
    return;
  }
  const measured = await tablePageTimes();
  // Code as the home figure counts it; the language's strings (locale chunks) are data, shown apart.
  const isLocale = (file: string): boolean => /\/(common|variants)-[^/]+\.js$/.test(file);
  const code = sizes(measured.scripts.filter((f) => !isLocale(f)));
  const strings = sizes(measured.scripts.filter(isLocale));
  console.log(
    `web table page JS until usable: ${code.raw.toFixed(1)} kB raw, ${code.gzip.toFixed(1)} kB gzipped (budget ${BUDGET_KB} kB) ${code.gzip <= BUDGET_KB ? 'ok' : 'OVER BUDGET'}; plus ${strings.gzip.toFixed(1)} kB gzipped of English strings`,
  );
  const times = measured.times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)]!;
  const worst = times[times.length - 1]!;
  console.log(
    `web table page usable after navigation: median ${median.toFixed(0)} ms, worst ${worst.toFixed(0)} ms of ${times.length} cold loads (budget ${BUDGET_MS} ms) ${worst <= BUDGET_MS ? 'ok' : 'OVER BUDGET'}`,
  );
}

await main();
