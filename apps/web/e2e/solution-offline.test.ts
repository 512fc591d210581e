// @vitest-environment node
// The solution in the browser (docs/solution.md "In the browser"), in real headless Chromium against the real server
// with a test-size compact table (tiers 4..6 of 13 geese): Download the solution on the analysis page (its size,
// the progress, the stored size and Delete), then the server gone and the page offline: the analysis board's
// verdict from the stored table, and a game against level 9 from a won position for the computer, where every
// move the computer makes keeps the win, to the end. Delete empties the store.
import { rmSync, statSync } from 'node:fs';

import { applyMove, makeMoveText, makePosition, newGame, type Position } from '@fg/rules';
import { buildCompactTestTable, buildTestTable, geeseWins, SOLVED } from '@fg/server/testing/solution-table';
import { compactPath, openSolution, type TableSolution } from '@fg/solver';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';

import { describeInBrowser, pageErrors, type SuiteSetup } from './harness';

const text = (position: Position): string => makePosition(SOLVED.board, position);
const movesShown = (page: Page) => page.locator('.moves__list li code').allTextContents();

let dir: string; // the compact table the server offers
let full: string; // the same tiers in format 1, where the test finds the geese's won positions
let solution: TableSolution;
let won: Position; // geese to move, the geese win, and the fox has moves after the geese's best
/** Both tables built, a won position found in the full one, and the server offering the compact one. */
const SETUP: SuiteSetup = {
  serviceWorker: true,
  server: async () => {
    [dir, full] = await Promise.all([buildCompactTestTable(6), buildTestTable(6)]);
    solution = openSolution(full, { geese: 13 })!;
    won = geeseWins(full, solution, 6)[0]!;
    return { env: { SOLUTION_DIR: dir, COMPUTER_THREADS: '1', COMPUTER_THINK_MS: '100' } };
  },
  cleanup: () => {
    solution?.close();
    for (const d of [dir, full]) rmSync(d, { recursive: true, force: true });
  },
  timeout: 240_000,
};

describeInBrowser('the solution in the browser', SETUP, (suite) => {
  it('downloads the table, then offline: the verdict, and level 9 keeps the win with every move', async () => {
    const bytes = statSync(compactPath(dir, 13)).size;
    const context = await suite.browser.newContext({ viewport: { width: 1200, height: 900 } });
    const page = await context.newPage();
    const errors = pageErrors(page);
    const start = encodeURIComponent(text(won));
    await page.goto(`${suite.server.url}/analysis/standard?position=${start}&geese=13&sideways=false&lang=en`);
    // The service worker controls the page (and holds the app's files) before the server goes.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
    const panel = page.locator('section.solution-panel');
    const size = `${(bytes / 1e3).toFixed(1)} kB`; // a test-size table is a few kilobytes
    await panel.getByRole('button', { name: `Download the solution (${size})` }).click();
    await expect.poll(() => panel.getAttribute('data-solution'), { timeout: 30_000 }).toBe('stored');
    expect(await panel.textContent()).toContain(`the solution for 13 geese, ${size}.`);

    // The server gone and the page offline: the stored table answers.
    await suite.server.stop();
    await context.setOffline(true);
    await page.reload();
    const verdict = page.locator('.eval__verdict');
    await expect.poll(() => verdict.getAttribute('data-verdict'), { timeout: 15_000 }).toBe('geese');
    const keep = solution.verdict(won).keep;
    expect(await verdict.locator('.move-groups__move').allTextContents()).toEqual(keep); // keep lists are MoveGroups

    // Play from here as the fox: the computer (geese, level 9) moves first, and keeps the win every move.
    await page.getByRole('button', { name: 'Play the fox' }).click();
    await page.waitForURL(/\/play\/offline/);
    // The seat names the level as every picker does: Perfect, the solution's own play.
    await expect.poll(() => page.locator('.seat__state').textContent()).toContain('Perfect (plays the solution)');
    let position = won;
    for (let ply = 0; ; ply++) {
      await expect.poll(() => movesShown(page), { timeout: 15_000 }).toHaveLength(ply + 1);
      const moves = await movesShown(page);
      const computer = moves[ply]!;
      expect(solution.verdict(position).keep).toContain(computer); // a move that keeps the win
      position = applyMove(SOLVED, position, pathOf(position, computer));
      const game = newGame(SOLVED, position);
      if (game.result) break;
      // The fox answers with its first legal move, clicked on the board.
      const path = game.legal[0]!;
      for (const point of path) await page.locator(`[data-point="${SOLVED.board.points[point]!.name}"]`).click();
      position = applyMove(SOLVED, position, path);
      ply++;
      await expect.poll(() => movesShown(page), { timeout: 15_000 }).toHaveLength(ply + 1);
      if (newGame(SOLVED, position).result) break;
    }
    expect(newGame(SOLVED, position).result?.winner).toBe('geese');
    await expect.poll(() => page.getByRole('status').textContent()).toMatch(/geese/i);

    // A finished game's review, still offline: its facts come from the stored table (the solution's marks, not the
    // engine's). The geese throw the win with their first move, and the fox keeps it.
    const planted = plantedBlunder(full, solution);
    const moves = [planted.blunder, planted.reply].join(',');
    await page.goto(
      `${suite.server.url}/analysis/standard?position=${encodeURIComponent(text(planted.start))}&geese=13&sideways=false&moves=${moves}&lang=en`,
    );
    const review = page.locator('section.review-panel');
    await expect.poll(() => review.getAttribute('data-review'), { timeout: 30_000 }).toBe('solution');
    expect(await review.locator('[data-lost-from-start]').getAttribute('data-lost-from-start')).toBe('fox');
    expect(await review.locator('.review-panel__source').getAttribute('data-marks')).toBe('solution');
    await expect
      .poll(() => page.locator('.moves__move[data-mark="decisive"] code').allTextContents())
      .toEqual([planted.blunder]);

    // Delete empties the store: the panel on the finished game says so.
    const after = page.locator('section.solution-panel');
    await after.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => after.count()).toBe(0); // no server to offer it again, nothing stored
    expect(
      await page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            const open = indexedDB.open('fg-solution');
            open.onsuccess = () => {
              const count = open.result.transaction('bytes').objectStore('bytes').count();
              count.onsuccess = () => resolve(count.result);
            };
          }),
      ),
    ).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);
});

/**
 * A position the geese win with a move that throws the win (the fox wins after it), and the fox's winning reply:
 * a game whose review has one decisive mark from the solution.
 */
function plantedBlunder(dir: string, solution: TableSolution): { start: Position; blunder: string; reply: string } {
  for (const start of geeseWins(dir, solution, 6)) {
    for (const path of newGame(SOLVED, start).legal) {
      const after = applyMove(SOLVED, start, path);
      if (newGame(SOLVED, after).result || solution.winner(after) !== 'fox') continue;
      const reply = solution.verdict(after).keep[0]!;
      return { start, blunder: makeMoveText(SOLVED.board, path), reply };
    }
  }
  throw new Error('no geese move throws a win in tier 6');
}

/** The path of a move text in a position. */
function pathOf(position: Position, move: string): number[] {
  const path = newGame(SOLVED, position).legal.find((p) => makeMoveText(SOLVED.board, p) === move);
  if (!path) throw new Error(`${move} is not legal in ${text(position)}`);
  return [...path];
}
