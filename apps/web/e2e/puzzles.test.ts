// @vitest-environment node
// The puzzle page in real headless Chromium against the real server, its puzzles.sqlite seeded with two puzzles
// checked against a test table: one solved (the rating goes up), one failed (it goes down, the retry and the
// solution shown), the daily puzzle on the home page, and a puzzle of the offline pack (the service worker's cache)
// played with the network and the server gone, its attempt sent once the browser is back online.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { FOX_PUZZLE, seedPuzzles, storedPuzzle } from '@fg/server/testing/puzzle-fixtures';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';

import { describeInBrowser, type RunningServer, type SuiteSetup } from './harness';

const GEESE_PUZZLE = storedPuzzle('geesePz1');

/** Plays a move by clicking its points. */
async function play(page: Page, move: string): Promise<void> {
  for (const point of move.split(/[-x]/)) await page.locator(`[data-point="${point}"]`).click();
}

/** How many counted attempts a puzzle has. */
async function plays(server: RunningServer, id: string): Promise<number> {
  const answer = (await (await fetch(`${server.url}/api/puzzles/${id}`)).json()) as { puzzle: { plays: number } };
  return answer.puzzle.plays;
}

/** The rating the page shows. */
const shownRating = async (page: Page): Promise<number> => Number(await page.locator('[data-rating]').textContent());

let dir: string;
/** A data folder with two puzzles in its store. */
const SETUP: SuiteSetup = {
  server: async () => {
    dir = mkdtempSync(join(tmpdir(), 'fg-puzzles-page-'));
    await seedPuzzles(dir, [FOX_PUZZLE, GEESE_PUZZLE]);
    return { dataDir: dir, timeoutMs: 90_000 }; // the offline test restarts it, on a loaded machine too
  },
  cleanup: () => rmSync(dir, { recursive: true, force: true }),
  timeout: 120_000,
};

describeInBrowser('puzzles in the browser', SETUP, (suite) => {
  it('solves one puzzle and fails another; the rating moves each time', async () => {
    const page = await suite.browser.newPage({ viewport: { width: 1200, height: 900 } });
    await page.goto(`${suite.server.url}/puzzles?id=${FOX_PUZZLE.id}&lang=en`);
    await page.locator(`[data-puzzle="${FOX_PUZZLE.id}"]`).waitFor();
    expect(await shownRating(page)).toBe(1500);
    await play(page, 'a4-b5');
    await page.getByText('Solved!').waitFor();
    await page.locator('[data-rating-change]').waitFor();
    const up = await shownRating(page);
    expect(up).toBeGreaterThan(1500);

    await page.getByRole('button', { name: 'Next puzzle' }).click();
    await page.locator(`[data-puzzle="${GEESE_PUZZLE.id}"]`).waitFor();
    await play(page, 'e5-e6'); // legal, but not the line's d5-e6
    await page.getByText('That is not the move.').waitFor();
    await page.locator('[data-rating-change]').waitFor();
    expect(await shownRating(page)).toBeLessThan(up);
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('button', { name: 'Show the solution' }).click();
    await page.getByText('The solution is on the board.').waitFor();
    expect(await page.locator('[data-point="d7"]').getAttribute('data-piece')).toBe('goose');
    await page.close();
  }, 60_000);

  it('shows the daily puzzle on the home page; Solve it opens it', async () => {
    const page = await suite.browser.newPage({ viewport: { width: 1200, height: 900 } });
    await page.goto(`${suite.server.url}/?lang=en`);
    const panel = page.locator('section.daily-puzzle');
    await page.locator('[data-daily-puzzle]:not([data-daily-puzzle=""])').waitFor();
    const daily = await panel.getAttribute('data-daily-puzzle');
    expect([FOX_PUZZLE.id, GEESE_PUZZLE.id]).toContain(daily);
    // Its button opens that very puzzle; the header links to the puzzles too.
    expect(await page.locator('.site-nav a[href="/puzzles"]').textContent()).toBe('Puzzles');
    await panel.getByRole('link', { name: 'Solve it' }).click();
    await page.locator(`[data-puzzle="${daily}"]`).waitFor();
    expect(new URL(page.url()).pathname).toBe('/puzzles');
    expect(await page.locator('.site-nav a[aria-current="page"]').textContent()).toBe('Puzzles');
    await page.close();
  }, 60_000);

  it('plays a puzzle of the pack the service worker kept, offline, and sends its attempt when back online', async () => {
    const context = await suite.browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: 'allow' });
    const page = await context.newPage();
    await page.goto(`${suite.server.url}/puzzles?lang=en`);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
    // Once the worker controls the page, a visit fetches the pack through it and its cache keeps it.
    await page.reload();
    await page.locator('[data-puzzle]:not([data-puzzle=""])').waitFor();
    await page.waitForFunction(async () => (await (await caches.open('fg-puzzle-pack')).keys()).length === 1);
    expect(await page.evaluate(() => 'pack' in JSON.parse(localStorage.getItem('fg:puzzles') ?? '{}'))).toBe(false);
    const first = await page.locator('[data-puzzle]').getAttribute('data-puzzle');
    await page.getByRole('button', { name: 'Show the solution' }).click(); // a failed attempt, sent online
    await page.locator('[data-rating-change]').waitFor();
    const other = first === FOX_PUZZLE.id ? GEESE_PUZZLE : FOX_PUZZLE;
    const before = await plays(suite.server, other.id); // the first test played it too, from another browser

    // No network and no server: the next puzzle comes from the worker's cache.
    await suite.server.stop({ keepData: true });
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Next puzzle' }).click();
    await page.locator(`[data-puzzle="${other.id}"]`).waitFor();
    for (let ply = 0; ply < other.line.length; ply += 2) {
      await page.locator('[data-stage="play"]').waitFor();
      await play(page, other.line[ply]!);
    }
    await page.getByText('Solved!').waitFor();
    await page.waitForFunction(() => JSON.parse(localStorage.getItem('fg:puzzles') ?? '{}').pending?.length === 1);

    // Back online (the same server again): the attempt is sent once.
    const server = await suite.restartServer();
    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await page.waitForFunction(() => JSON.parse(localStorage.getItem('fg:puzzles') ?? '{}').pending?.length === 0);
    expect(await plays(server, other.id)).toBe(before + 1);
    await context.close();
  }, 240_000);
});
