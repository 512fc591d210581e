// @vitest-environment node
// The computer and the lobby in real headless Chromium against the real server: "Play with the computer", a
// click move and the computer's answer on the board; a new listed table in the lobby without a reload.
import { generateMoves, getVariant, makeMoveText, newGame, playMoveText } from '@fg/rules';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';

import { type Created, describeInBrowser, postJson, type SuiteSetup } from './harness';

const standard = getVariant('standard', {});
if (!standard.ok) throw new Error(standard.error.message);
const STANDARD = standard.value;

/** The move texts shown in the move list. */
const movesShown = (page: Page) => page.locator('.moves__list li code').allTextContents();

/** One thread for the computer's searches: the browser keeps the other core. */
const SETUP: SuiteSetup = { server: { env: { COMPUTER_THREADS: '1' } } };

describeInBrowser('the computer and the lobby in the browser', SETUP, (suite) => {
  it('plays the computer from the home page: a click move, then the computer answers on the board', async () => {
    const page = await suite.browser.newPage({ viewport: { width: 1200, height: 900 } });
    const game = newGame(STANDARD);
    const mySide = game.position.turn; // the side that moves first, so the first click is ours
    await page.goto(`${suite.server.url}/?lang=en`);
    const panel = page.locator('section.play-computer');
    await panel.getByRole('radio', { name: mySide === 'fox' ? 'Fox' : 'Geese' }).check();
    await panel.getByRole('combobox', { name: 'Level' }).selectOption('1');
    await panel.getByRole('button', { name: 'Play with the computer' }).click();
    await page.waitForURL(/\/t\/[A-Za-z0-9_-]{10,}/);
    const other = mySide === 'fox' ? 'geese' : 'fox';
    await expect.poll(() => page.locator(`.seat--${other}`).textContent()).toContain('computer, level 1');

    // The first legal move of the side to move, clicked point by point.
    const path = generateMoves(STANDARD, game.position)[0]!;
    for (const point of path) await page.locator(`[data-point="${STANDARD.board.points[point]!.name}"]`).click();
    await expect.poll(() => movesShown(page), { timeout: 15_000 }).toHaveLength(2);
    const [mine, answer] = await movesShown(page);
    expect(mine).toBe(makeMoveText(STANDARD.board, path));
    // The computer's move is legal after ours, and its piece stands where the move ends.
    const afterMine = playMoveText(game, mine!);
    expect(afterMine.ok && playMoveText(afterMine.value, answer!).ok).toBe(true);
    const landing = answer!.split(/[-x]/).at(-1)!;
    expect(await page.locator(`[data-point="${landing}"]`).getAttribute('data-piece')).toBe(
      other === 'fox' ? 'fox' : 'goose',
    );
    await page.close();
  });

  it('shows a new listed table in the lobby without a reload, and one click takes its seat', async () => {
    const page = await suite.browser.newPage({ viewport: { width: 1200, height: 900 } });
    await page.goto(`${suite.server.url}/?lang=en`);
    await page.getByRole('heading', { name: 'Lobby' }).waitFor();
    const created = await postJson<Created>(suite.server, '/api/tables', {
      variant: 'standard',
      side: 'fox',
      listed: true,
    });
    const entry = page.locator(`[data-lobby-table="${created.table.id}"]`);
    await entry.waitFor({ timeout: 10_000 });
    await entry.getByRole('button', { name: 'Take the geese seat' }).click();
    await page.waitForURL(new RegExp(`/t/${created.table.id}`));
    await expect.poll(() => page.getByRole('status').textContent()).toMatch(/fox to move|Your move/);
    await page.close();
  });
});
