// @vitest-environment node
// The puzzle page in real headless Chromium against the real server, its puzzles.sqlite seeded with two puzzles
// checked against a test table: one solved (the rating goes up), one failed (it goes down, the retry and the
// solution shown), the daily puzzle on the home page, and a puzzle of the offline pack played with the server
// gone, its attempt sent once the browser is back online.
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
    return { dataDir: dir };
  },
  cleanup: () => rmSync(dir, { recursive: true, force: true }),
  timeout: 60_000,
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

  it('shows the daily puzzle on the home page', async () => {
    const page = await suite.browser.newPage({ viewport: { width: 1200, height: 900 } });
    await page.goto(`${suite.server.url}/?lang=en`);
    const panel = page.locator('section.daily-puzzle');
    await page.locator('[data-daily-puzzle]:not([data-daily-puzzle=""])').waitFor();
    expect([FOX_PUZZLE.id, GEESE_PUZZLE.id]).toContain(await panel.getAttribute('data-daily-puzzle'));
    await page.close();
  }, 60_000);

  it('plays a puzzle of the pack offline and sends its attempt when back online', async () => {
    const context = await suite.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${suite.server.url}/puzzles?lang=en`);
    await page.locator('[data-puzzle]:not([data-puzzle=""])').waitFor();
    // The pack is kept once the page has loaded it.
    await page.waitForFunction(() => (JSON.parse(localStorage.getItem('fg:puzzles') ?? '{}').pack ?? []).length === 2);
    const first = await page.locator('[data-puzzle]').getAttribute('data-puzzle');
    await page.getByRole('button', { name: 'Show the solution' }).click(); // a failed attempt, sent online
    await page.locator('[data-rating-change]').waitFor();
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Next puzzle' }).click();
    const other = first === FOX_PUZZLE.id ? GEESE_PUZZLE : FOX_PUZZLE;
    const before = await plays(suite.server, other.id); // the first test played it too, from another browser
    await page.locator(`[data-puzzle="${other.id}"]`).waitFor();
    for (let ply = 0; ply < other.line.length; ply += 2) {
      await page.locator('[data-stage="play"]').waitFor();
      await play(page, other.line[ply]!);
    }
    await page.waitForFunction(() => JSON.parse(localStorage.getItem('fg:puzzles') ?? '{}').pending?.length === 1);
    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await page.waitForFunction(() => JSON.parse(localStorage.getItem('fg:puzzles') ?? '{}').pending?.length === 0);
    expect(await plays(suite.server, other.id)).toBe(before + 1);
    await context.close();
  }, 90_000);
});
