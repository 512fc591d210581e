// @vitest-environment node
// The analysis tools in real Chromium: the header's Analysis link, the engine's three lines, the board editor (pieces
// dragged on, moved and dragged off, placed by taps, the side to move, the text in step, an illegal set-up explained)
// and a pasted game record opened in the analysis.
import { getVariant, writeRecord } from '@fg/rules';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';

import { describeInBrowser } from './harness';

/** Drags with the mouse from one element's centre to another's (or to a page position). */
async function drag(page: Page, from: string, to: string | { x: number; y: number }): Promise<void> {
  const a = (await page.locator(from).boundingBox())!;
  const b = typeof to === 'string' ? (await page.locator(to).boundingBox())! : { ...to, width: 0, height: 0 };
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 10, a.y + a.height / 2 + 10, { steps: 3 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 8 });
  await page.mouse.up();
}

const pieceOn = (page: Page, point: string) => page.locator(`[data-point="${point}"]`).getAttribute('data-piece');

describeInBrowser('analysis tools', (suite) => {
  it('the header links to the analysis, which shows the engine’s three best lines', async () => {
    const page = await suite.browser.newPage({ viewport: { width: 1200, height: 900 } });
    await page.goto(`${suite.server.url}/?lang=en`);
    await page.getByRole('banner').getByRole('link', { name: 'Analysis' }).click();
    await page.waitForURL((url) => url.pathname === '/analysis/standard');
    const lines = page.locator('[data-engine-line]');
    await expect.poll(() => lines.count(), { timeout: 20_000 }).toBe(3);
    const firsts = await lines.evaluateAll((all) => all.map((l) => l.querySelector('.eval__move')?.textContent));
    expect(new Set(firsts).size).toBe(3);
    await page.close();
  });

  it('edits a position by drag and by taps, explains an illegal set-up, and analyses the result', async () => {
    const page = await suite.browser.newPage({ viewport: { width: 1200, height: 900 } });
    await page.goto(`${suite.server.url}/analysis/standard?lang=en`);
    await page.getByRole('button', { name: 'Edit position' }).click();
    const text = page.getByLabel('Position', { exact: true });
    await page.getByRole('button', { name: 'Clear board' }).click();
    expect(await text.inputValue()).toBe('fox: geese: turn:fox');
    await page.getByText('Place exactly 1 fox; the board has 0.').waitFor();
    const analyse = page.getByRole('button', { name: 'Analyse this position' });
    expect(await analyse.isDisabled()).toBe(true);
    // Onto the board from the palette, then moved on it, then a goose dragged off it.
    await drag(page, '[data-tool="fox"]', '[data-point="d5"]');
    await drag(page, '[data-point="d5"]', '[data-point="d4"]');
    await drag(page, '[data-tool="goose"]', '[data-point="c1"]');
    expect([await pieceOn(page, 'd4'), await pieceOn(page, 'd5'), await pieceOn(page, 'c1')]).toEqual([
      'fox',
      null,
      'goose',
    ]);
    await drag(page, '[data-point="c1"]', { x: 5, y: 5 });
    expect(await pieceOn(page, 'c1')).toBeNull();
    // Taps with the goose chosen; a second tap takes the goose off again.
    await page.getByRole('button', { name: 'Goose', exact: true }).click();
    for (const point of ['a3', 'g3', 'e3', 'e3']) await page.locator(`[data-point="${point}"]`).click();
    await page.getByRole('radio', { name: 'Geese', exact: true }).check();
    expect(await text.inputValue()).toBe('fox:d4 geese:a3,g3 turn:geese');
    // The text drives the board too.
    await text.fill('fox:d4 geese:a3,g3,c1 turn:geese');
    expect(await pieceOn(page, 'c1')).toBe('goose');
    expect(await analyse.isDisabled()).toBe(false);
    await analyse.click();
    await page.waitForURL((url) => url.searchParams.get('position') === 'fox:d4 geese:c1,a3,g3 turn:geese');
    await page.locator('[data-eval]').waitFor();
    expect(await pieceOn(page, 'c1')).toBe('goose');
    await page.close();
  });

  it('opens a pasted game record, and says which move of a bad one is not legal', async () => {
    const page = await suite.browser.newPage({ viewport: { width: 1200, height: 900 } });
    await page.goto(`${suite.server.url}/analysis/standard?lang=en`);
    await page.getByRole('button', { name: 'Paste a game record' }).click();
    const field = page.getByLabel('Game record');
    const open = page.getByRole('button', { name: 'Analyse the game' });
    const variant = getVariant('standard', { geese: 13 });
    if (!variant.ok) throw new Error(variant.error.message);
    const record = (moves: string[]) => writeRecord({ variant: variant.value, moves, result: null });
    await field.fill('not a record');
    await open.click();
    expect(await page.getByRole('alert').textContent()).toBe(
      'This record cannot be read: the Variant tag is missing (as in [Variant "standard"]).',
    );
    await field.fill(`${record(['d4-e5'])}`.replace('1. d4-e5', '1. d4-e5 hello'));
    await open.click();
    expect(await page.getByRole('alert').textContent()).toBe(
      'This record cannot be read: “hello” (move 1) is not a move; moves read like d4-d5 or d4xd6xf6.',
    );
    await field.fill(record(['d4-e5', 'c3-c4', 'e5-e9']));
    await open.click();
    expect(await page.getByRole('alert').textContent()).toBe('Move 2 (e5-e9) is not legal in this game.');
    await field.fill(record(['d4-e5', 'c3-c4']));
    await open.click();
    await page.waitForURL((url) => url.searchParams.get('moves') === 'd4-e5,c3-c4');
    await expect
      .poll(() => page.locator('.analysis-moves .moves__list li code').allTextContents())
      .toEqual(['d4-e5', 'c3-c4']);
    await page.close();
  });

  it('says why a record does not read in the page’s language', async () => {
    const page = await suite.browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${suite.server.url}/analysis/standard?lang=pl`);
    await page.getByRole('button', { name: 'Wklej zapis partii' }).click();
    await page.getByLabel('Zapis partii').fill('[Variant "standard"]\n[Options "geese=14 sideways=false"]\n\n*');
    await page.getByRole('button', { name: 'Analizuj partię' }).click();
    expect(await page.getByRole('alert').textContent()).toBe(
      'Nie da się odczytać zapisu: opcja geese wariantu standard nie może mieć wartości 14 (dozwolone: 13, 15 lub 17).',
    );
    await page.close();
  });
});
