// @vitest-environment node
// The installable app in real headless Chromium: the manifest as Chromium reads it (no errors),
// its icons, the service worker controlling the page after its first load, and, with the server
// gone and the context offline, the home and variant pages and a whole computer game: played,
// kept across a reload, and downloaded as a record.
import { appendFile, cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { getVariant, makeMoveText, newGame } from '@fg/rules';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';

import { describeInBrowser, pageErrors, startServer, WEB_DIST } from './harness';

const standard = getVariant('standard', {});
if (!standard.ok) throw new Error(standard.error.message);
const STANDARD = standard.value;

/** Width and height of a PNG file, from its IHDR chunk. */
const pngSize = (bytes: Buffer): [number, number] => [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];

/** Waits until a service worker controls the page. */
const controlled = (page: Page) =>
  page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });

const movesShown = (page: Page) => page.locator('.moves__list li code').allTextContents();

describeInBrowser('the installable app in the browser', { serviceWorker: true }, (suite) => {
  it('has a manifest Chromium reads without errors, with the icons it names, on every page', async () => {
    const context = await suite.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${suite.server.url}/variants/standard?lang=en`);
    const cdp = await context.newCDPSession(page);
    const { url, errors, data } = (await cdp.send('Page.getAppManifest')) as {
      url: string;
      errors: { message: string }[];
      data?: string;
    };
    expect(url).toBe(`${suite.server.url}/manifest.webmanifest`);
    expect(errors).toEqual([]);
    const manifest = JSON.parse(data!) as {
      name: string;
      short_name: string;
      start_url: string;
      display: string;
      icons: { src: string; sizes: string; purpose: string }[];
    };
    expect(manifest).toMatchObject({ name: 'Fox and Geese', start_url: '/', display: 'standalone' });
    expect(manifest.short_name.length).toBeGreaterThan(0);
    expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of manifest.icons) {
      const response = await fetch(`${suite.server.url}${icon.src}`);
      expect(response.headers.get('content-type')).toBe('image/png');
      const size = Number(icon.sizes.split('x')[0]);
      expect(pngSize(Buffer.from(await response.arrayBuffer()))).toEqual([size, size]);
    }
    for (const path of ['/', '/t/nosuchtable1', '/analysis/standard', '/play/offline']) {
      await page.goto(`${suite.server.url}${path}`);
      expect(await page.locator('link[rel="manifest"]').count(), path).toBe(1);
    }
    await context.close();
  });

  it('serves the service worker uncached and lets it control the page after the first load', async () => {
    const response = await fetch(`${suite.server.url}/sw.js`);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('content-type')).toMatch(/javascript/);
    const context = await suite.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${suite.server.url}/?lang=en`);
    await controlled(page);
    // The API is never answered from a cache: a request goes to the server each time.
    const first = await page.evaluate(() => fetch('/api/variants').then((r) => r.headers.get('date')));
    expect(first).not.toBeNull();
    await context.close();
  }, 60_000);

  it('with no server: home and variant pages, then a computer game played, kept across a reload, downloaded', async () => {
    const own = await startServer(); // stopped during the test
    const context = await suite.browser.newContext({ viewport: { width: 360, height: 740 }, acceptDownloads: true });
    const page = await context.newPage();
    const errors = pageErrors(page);
    await page.goto(`${own.url}/?lang=en`);
    await controlled(page);
    // Everything precached before the server goes.
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return registration.active?.state;
    });
    await own.stop();
    await context.setOffline(true);

    // The API is never answered from a cache: with no server, a read fails.
    expect(
      await page.evaluate(() =>
        fetch('/api/variants').then(
          () => 'answered',
          () => 'failed',
        ),
      ),
    ).toBe('failed');
    await page.goto(`${own.url}/variants/standard?lang=en`);
    await page.locator('svg.board').first().waitFor(); // the start picture: the variant page itself, from the cache
    await page.goto(`${own.url}/?lang=en`);
    const panel = page.locator('section.play-computer');
    const game = newGame(STANDARD);
    const mySide = game.position.turn;
    await panel.getByRole('radio', { name: mySide === 'fox' ? 'Fox' : 'Geese' }).check();
    await panel.getByRole('combobox', { name: 'Level' }).selectOption('2');
    await panel.getByRole('button', { name: 'Play with the computer' }).click();
    await page.waitForURL(/\/play\/offline/);
    await expect.poll(() => page.getByRole('status').textContent()).toMatch(/^Your move/);

    const path = game.legal[0]!;
    for (const point of path) await page.locator(`[data-point="${STANDARD.board.points[point]!.name}"]`).click();
    await expect.poll(() => movesShown(page), { timeout: 15_000 }).toHaveLength(2);
    const moves = await movesShown(page);
    expect(moves[0]).toBe(makeMoveText(STANDARD.board, path));

    // A reload (still offline) continues the same game from IndexedDB.
    await page.reload();
    await expect.poll(() => movesShown(page)).toEqual(moves);
    await expect.poll(() => page.getByRole('status').textContent()).toMatch(/^Your move/);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download game' }).click(),
    ]);
    const record = await readFile(await download.path(), 'utf8');
    expect(record).toContain('[Variant "standard"]');
    expect(record).toContain(`1. ${moves[0]} ${moves[1]}`);
    expect(record.trim().endsWith('*')).toBe(true);

    // Resign asks first, as on a table; cancelled, the game goes on; confirmed, it ends.
    await page.getByRole('button', { name: 'Resign' }).click();
    await page.getByRole('group', { name: 'Resign this game?' }).getByRole('button', { name: 'Cancel' }).click();
    expect(await page.getByRole('status').textContent()).toMatch(/^Your move/);
    await page.getByRole('button', { name: 'Resign' }).click();
    await page.getByRole('button', { name: 'Confirm resignation' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toContain('resigned');
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);

  it('an update: the next load gets the new version; the open page keeps its worker and goes on', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'fg-web-'));
    await cp(WEB_DIST, dir, { recursive: true });
    const own = await startServer({ env: { WEB_DIR: dir } });
    const context = await suite.browser.newContext();
    const open = await context.newPage();
    await open.goto(`${own.url}/analysis/standard?lang=en`);
    await controlled(open);
    await open.locator('[data-eval]').waitFor();

    // A deploy: a new index.html and a new service worker.
    const index = await readFile(join(dir, 'index.html'), 'utf8');
    await writeFile(join(dir, 'index.html'), index.replace('</head>', '<meta name="fg-build" content="2" /></head>'));
    await rm(join(dir, 'index.html.br'), { force: true });
    await rm(join(dir, 'index.html.gz'), { force: true });
    await appendFile(join(dir, 'sw.js'), '\n// the next build\n');

    const next = await context.newPage();
    await next.goto(`${own.url}/?lang=en`);
    expect(await next.locator('meta[name="fg-build"]').count()).toBe(1);
    // The new worker installs and waits; the open page stays with the worker it was loaded with.
    await next.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.update()));
    await expect
      .poll(() => next.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.waiting?.state ?? null)))
      .toBe('installed');
    expect(await open.evaluate(() => navigator.serviceWorker.controller?.state)).toBe('activated');
    // ... and goes on: a move on its board is played and evaluated.
    const path = newGame(STANDARD).legal[0]!;
    for (const point of path) await open.locator(`[data-point="${STANDARD.board.points[point]!.name}"]`).click();
    await expect.poll(() => open.locator('.analysis-moves .moves__list li').count()).toBe(1);
    await context.close();
    await own.stop();
    await rm(dir, { recursive: true, force: true });
  }, 60_000);
});
