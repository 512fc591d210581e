// @vitest-environment node
// The variant page in real headless Chromium against the real server: where the start is solved, each winning first
// move is a link into the analysis board, which opens with that move played. The solver's answers are stood in by
// routes, as in analysis.test.ts: a test may not build the 13-geese table the start needs.
import { getVariant, makePosition, startPosition } from '@fg/rules';
import { expect, it } from 'vitest';

import { describeInBrowser, pageErrors } from './harness';

const KEEP = ['d4-c4', 'd4-c5', 'd4-d5', 'd4-e4', 'd4-e5'];
const standard = getVariant('standard', { geese: 13, sideways: false });
if (!standard.ok) throw new Error(standard.error.message);
const START = makePosition(standard.value.board, startPosition(standard.value));

describeInBrowser('the variant page', (suite) => {
  it('opens the analysis with a winning first move played when that move is clicked', async () => {
    const page = await suite.browser.newPage({ viewport: { width: 1200, height: 900 } });
    const errors = pageErrors(page);
    // GET /api/variants from the server, with standard at 13 geese said solved; GET /api/solution answers as
    // docs/protocol.md says, for the start only (the fox wins; every first move keeps it).
    await page.route('**/api/variants', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { variants: { id: string; solved?: object[] }[] };
      for (const v of body.variants) if (v.id === 'standard') v.solved = [{ geese: 13, sideways: false }];
      await route.fulfill({ response, json: body });
    });
    await page.route('**/api/solution/standard?*', (route) => {
      const start = new URL(route.request().url()).searchParams.get('position') === START;
      return route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify(start ? { winner: 'fox', keep: KEEP } : { winner: 'fox', keep: [] }),
      });
    });
    await page.goto(`${suite.server.url}/variants/standard?lang=en`);
    const links = page.locator('[data-first-move]');
    await expect.poll(() => links.allTextContents(), { timeout: 15_000 }).toEqual(KEEP);
    await page.getByRole('link', { name: 'd4-e5', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/analysis/standard' && url.searchParams.get('moves') === 'd4-e5');
    // The analysis board shows the position after the move: the fox on e5, d4 empty, and the move in the list.
    await expect.poll(() => page.locator('[data-point="e5"]').getAttribute('data-piece')).toBe('fox');
    expect(await page.locator('[data-point="d4"]').getAttribute('data-piece')).toBeNull();
    expect(await page.locator('.analysis-moves .moves__list li code').allTextContents()).toEqual(['d4-e5']);
    expect(await page.getByRole('status').textContent()).toContain('1 move played');
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000); // a loaded CI machine starts the engine's worker late
});
