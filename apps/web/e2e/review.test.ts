// @vitest-environment node
// The review in real headless Chromium against the real server with a small solution table built here (tiers 4..6 of
// 13 geese): "Learn from your mistakes" on a planted blunder (a wrong try, the hint, the right move accepted), and a
// keep list with a long capture chain that fits one phone screen.
import { rmSync } from 'node:fs';

import { generateMoves, getVariant, makeMoveText, parsePosition } from '@fg/rules';
import { buildTestTable } from '@fg/server/testing/solution-table';
import { expect, it } from 'vitest';

import { clickPoints, describeInBrowser, pageErrors, type SuiteSetup } from './harness';

const standard = getVariant('standard', { geese: 13, sideways: false });
if (!standard.ok) throw new Error(standard.error.message);
const STANDARD = standard.value;

// The geese win with c4-c5 (the fox on a5 is trapped); c3-d4, the planted blunder, opens b4 for a jump.
const GEESE_TRAP = 'fox:a5 geese:a3,c3,a4,b4,c4,b5 turn:geese';

let dir: string;
/** A test-size table up to 6 geese the server plays from. */
const SETUP: SuiteSetup = {
  server: async () => {
    dir = await buildTestTable(6);
    return { env: { SOLUTION_DIR: dir } };
  },
  cleanup: () => rmSync(dir, { recursive: true, force: true }),
  timeout: 180_000,
};

describeInBrowser('the review in the browser', SETUP, (suite) => {
  it('Learn from your mistakes: the planted blunder, a wrong try with its hint, the right move accepted', async () => {
    const page = await suite.browser.newPage({ viewport: { width: 1200, height: 900 } });
    const errors = pageErrors(page);
    const query = new URLSearchParams({ position: GEESE_TRAP, geese: '13', sideways: 'false' });
    await page.goto(`${suite.server.url}/analysis/standard?${query}&moves=c3-d4,a5xc5&side=geese&learn=1&lang=en`);
    const panel = page.locator('.learn-panel');
    await expect.poll(() => panel.textContent(), { timeout: 30_000 }).toContain('You played c3-d4 here.');
    // The board shows the position before the blunder (it may be drawn a frame after the panel's words).
    await expect.poll(() => page.locator('[data-point="c3"]').getAttribute('data-piece')).toBe('goose');
    await clickPoints(page, ['b4', 'c5']);
    await expect.poll(() => panel.getAttribute('data-learn')).toBe('wrong');
    expect(await panel.getByRole('status').textContent()).toBe(
      'b4-c5 is no better. Try again. Hint: move the piece on c4.',
    );
    // Back to the position before the blunder for the next try.
    await expect.poll(() => page.locator('[data-point="b4"]').getAttribute('data-piece')).toBe('goose');
    await clickPoints(page, ['c4', 'c5']);
    await expect.poll(() => panel.getAttribute('data-learn')).toBe('right');
    expect(await panel.getByRole('status').textContent()).toBe('c4-c5: well found.');
    await panel.getByRole('button', { name: 'Next mistake' }).click();
    await expect
      .poll(() => panel.getByRole('status').textContent())
      .toBe('Done: you went through all your marked moves.');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a keep list with a capture chain of seven jumps fits one phone screen', async () => {
    // The fox on d6 can jump c5, c3, d3, d5, e5, e4, c4 in one chain (d6xb4xd2xd4xd6xf4xd4xb4) and stop after any.
    const text = 'fox:d6 geese:c3,d3,e3,c4,e4,c5,d5,e5 turn:fox';
    const position = parsePosition(STANDARD, text);
    if (!position.ok) throw new Error(position.error.message);
    const keep = generateMoves(STANDARD, position.value).map((path) => makeMoveText(STANDARD.board, path));
    expect(keep).toContain('d6xb4xd2xd4xd6xf4xd4xb4');
    expect(keep.length).toBeGreaterThan(30);
    const page = await suite.browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    // More geese than the test table holds: the table's answer for this position, every fox move keeping the win.
    await page.route('**/api/solution/standard?*', (route) =>
      route.fulfill({ contentType: 'application/json', body: JSON.stringify({ winner: 'fox', keep }) }),
    );
    const query = new URLSearchParams({ position: text, geese: '13', sideways: 'false' });
    await page.goto(`${suite.server.url}/analysis/standard?${query}&lang=en`);
    const list = page.locator('.eval__keep');
    await list.waitFor();
    const box = await list.boundingBox();
    expect(box!.height).toBeLessThan(844 / 2);
    const shown = await list.locator('button, summary').allTextContents();
    expect(shown.some((m) => m.startsWith('d6xb4…'))).toBe(true);
    expect(shown).not.toContain('d6xb4'); // no prefix as a button of its own
    await list.locator('summary', { hasText: 'd6xb4…' }).click();
    expect(await list.locator('button', { hasText: 'd6xb4xd2xd4xd6xf4xd4xb4' }).count()).toBe(1);
    await page.close();
  });
});
