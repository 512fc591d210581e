// @vitest-environment node
// Two players and a spectator in real headless Chromium against the real server.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';

import { describeInBrowser } from './harness';

/** Clicks the points of a move one by one, as a player would. */
async function clickPath(page: Page, points: readonly string[]): Promise<void> {
  for (const point of points) await page.locator(`[data-point="${point}"]`).click();
}

/** Waits until a page's move list holds `count` moves, and returns them. */
async function movesShown(page: Page, count: number): Promise<string[]> {
  await page
    .locator('.moves__list li')
    .nth(count - 1)
    .waitFor();
  return page.locator('.moves__list li code').allTextContents();
}

const status = (page: Page) => page.getByRole('status');

describeInBrowser('playing in the browser', { server: { env: { ABANDON_SECONDS: '2' } } }, (suite) => {
  let fox: Page; // the creator, on a desktop
  let geese: Page; // the friend, on a 360 px phone
  let watcher: Page; // a spectator, in Russian
  let tableUrl: string;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    const open = async (options: Parameters<Browser['newContext']>[0]) => {
      const context = await suite.browser.newContext(options);
      contexts.push(context);
      return context.newPage();
    };
    fox = await open({ viewport: { width: 1200, height: 900 } });
    geese = await open({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });
    watcher = await open({ viewport: { width: 1000, height: 800 } });
  });

  it('creates a table with the fox side and shows the link to send', async () => {
    await fox.goto(`${suite.server.url}/variants/standard?lang=en`);
    await fox.getByRole('radio', { name: 'Fox' }).check();
    await fox.getByRole('button', { name: 'Create table' }).click();
    await fox.waitForURL(/\/t\/[A-Za-z0-9_-]{10,}/);
    tableUrl = fox.url().replace(/\?.*$/, '');
    await expect.poll(() => status(fox).textContent()).toBe('Waiting for a second player');
    expect(await fox.getByLabel('Link to this table').inputValue()).toBe(tableUrl);
    await expect.poll(() => fox.getByRole('button', { name: 'Copy link' }).count()).toBe(1);
  });

  it('lets a friend on a phone take the free seat by a deliberate tap', async () => {
    await geese.goto(`${tableUrl}?lang=en`);
    const take = geese.getByRole('button', { name: 'Take the geese seat' });
    await take.waitFor();
    expect(await status(geese).textContent()).toBe('Waiting for a second player');
    await take.tap();
    await expect.poll(() => status(geese).textContent()).toBe('The fox to move');
    await expect.poll(() => status(fox).textContent()).toBe('Your move (fox)');
    // The board fits the phone's width.
    const box = await geese.locator('svg.board').boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(360);
    expect(await geese.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });

  it('shows a third visitor the game to watch, in Russian with ?lang=ru', async () => {
    await watcher.goto(`${tableUrl}?lang=ru`);
    await expect.poll(() => status(watcher).textContent()).toBe('Ход лисы');
    expect(await watcher.locator('h1').textContent()).toBe('Лиса и гуси');
    expect(await watcher.getByRole('button', { name: /Занять место/ }).count()).toBe(0);
    await expect.poll(() => fox.locator('.spectators').textContent()).toBe('1 watching');
  });

  it('plays moves by clicking and tapping, the spectator sees each one live', async () => {
    const moves: [Page, string[], string][] = [
      [fox, ['d4', 'd5'], 'd4-d5'],
      [geese, ['a3', 'a4'], 'a3-a4'],
      [fox, ['d5', 'e5'], 'd5-e5'],
      [geese, ['c3', 'd4'], 'c3-d4'],
    ];
    for (const [i, [page, path, text]] of moves.entries()) {
      await page.locator(`[data-point="${path[0]}"]`).click();
      expect(await page.locator(`[data-point="${path[1]}"]`).getAttribute('data-target')).toBe('true');
      await page.locator(`[data-point="${path[1]}"]`).click();
      expect((await movesShown(watcher, i + 1))[i]).toBe(text);
    }
    expect(await watcher.locator('[data-point="d4"]').getAttribute('data-piece')).toBe('goose');
  });

  it('enters a jump chain point by point and ends it where capture is optional', async () => {
    await clickPath(fox, ['e5', 'c3', 'a3']);
    await fox.getByRole('button', { name: 'End move here' }).click();
    expect((await movesShown(watcher, 5))[4]).toBe('e5xc3xa3');
    expect(await watcher.locator('[data-point="d4"]').getAttribute('data-piece')).toBeNull();
    expect(await watcher.locator('[data-point="b3"]').getAttribute('data-piece')).toBeNull();
    expect(await watcher.locator('[data-point="a3"]').getAttribute('data-piece')).toBe('fox');
  });

  it('keeps the seat, and the standing draw offer, of a player who reloads', async () => {
    await fox.getByRole('button', { name: 'Offer draw' }).click();
    await geese.getByRole('button', { name: 'Accept draw' }).waitFor();
    await geese.reload();
    await expect.poll(() => status(geese).textContent()).toBe('Your move (geese)');
    expect(await geese.getByRole('button', { name: /Take the/ }).count()).toBe(0);
    // The offer was announced before the reload; the welcome's table view still carries it.
    await geese.getByRole('button', { name: 'Accept draw' }).waitFor();
  });

  it('plays a move by keyboard alone', async () => {
    await geese.locator('[data-point][tabindex="0"]').focus();
    // From the roving focus, walk to e3 with arrows: the focused point is where the board starts (d4).
    const focused = () => geese.evaluate(() => document.activeElement?.getAttribute('data-point'));
    const walk = async (key: string, to: string) => {
      await geese.keyboard.press(key);
      expect(await focused()).toBe(to);
    };
    expect(await focused()).toBe('d4');
    await walk('ArrowDown', 'd3');
    await walk('ArrowRight', 'e3');
    await geese.keyboard.press('Enter');
    await walk('ArrowUp', 'e4');
    await geese.keyboard.press('Enter');
    expect((await movesShown(watcher, 6))[5]).toBe('e3-e4');
    await expect.poll(() => geese.locator('[aria-live="polite"]').first().textContent()).toContain('e3-e4');
    // The geese moved: the fox's draw offer lapsed.
    await expect.poll(() => geese.getByRole('button', { name: 'Accept draw' }).count()).toBe(0);
  });

  it('ends the game on resignation and both players see the result', async () => {
    await fox.getByRole('button', { name: 'Resign' }).click();
    await fox.getByRole('button', { name: 'Confirm resignation' }).click();
    await expect.poll(() => status(fox).textContent()).toBe('The geese win: the fox resigned');
    await expect.poll(() => status(geese).textContent()).toBe('The geese win: the fox resigned');
    await expect.poll(() => status(watcher).textContent()).toBe('Гуси победили: лиса сдалась');
  });

  it('starts a rematch with the sides swapped when both ask', async () => {
    await fox.getByRole('button', { name: 'Rematch', exact: true }).click();
    // Beside it now stands "Decline rematch", which a loose name would match too.
    await geese.getByRole('button', { name: 'Rematch', exact: true }).tap();
    await fox.waitForURL((url) => url.pathname !== new URL(tableUrl).pathname);
    await geese.waitForURL((url) => url.pathname !== new URL(tableUrl).pathname);
    expect(new URL(fox.url()).pathname).toBe(new URL(geese.url()).pathname);
    await expect.poll(() => fox.locator('.you-play').textContent()).toBe('You play the geese.');
    await expect.poll(() => geese.locator('.you-play').textContent()).toBe('You play the fox.');
    await expect.poll(() => status(geese).textContent()).toBe('Your move (fox)');
    // The spectator follows the table to its rematch.
    await watcher.waitForURL((url) => url.pathname === new URL(fox.url()).pathname);
  });

  it('carries a seat to another device by the private link, and a player may claim victory when the opponent stays away', async () => {
    await fox.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: suite.server.url });
    // The private link is never printed: a button copies it.
    expect(await fox.locator('body').textContent()).not.toContain('#seat=');
    await fox.getByRole('button', { name: 'Copy private link' }).click();
    await fox.getByText('Copied.').waitFor();
    const privateLink = await fox.evaluate(() => navigator.clipboard.readText());
    expect(privateLink).toMatch(/#seat=/);
    const second = await (await suite.browser.newContext()).newPage();
    contexts.push(second.context());
    await second.goto(privateLink);
    await expect.poll(() => second.locator('.you-play').textContent()).toBe('You play the geese.');
    expect(new URL(second.url()).hash).toBe(''); // the secret leaves the address bar
    await fox.close();
    await second.close();
    // ABANDON_SECONDS is 2 for this server: first a countdown, then the button, which the server grants at once.
    await geese.getByText(/You may claim victory in \d s/).waitFor();
    const claim = geese.getByRole('button', { name: 'Claim victory' });
    expect(await claim.count()).toBe(0);
    await claim.tap();
    await expect.poll(() => status(geese).textContent()).toBe('The fox wins: the geese left the game');
  });

  it('switches the language in place from the switcher and remembers it', async () => {
    await watcher.goto(`${tableUrl}?lang=ru`); // it had followed the rematch
    await expect.poll(() => status(watcher).textContent()).toBe('Гуси победили: лиса сдалась');
    await watcher.getByRole('combobox', { name: 'Язык' }).selectOption('pl');
    await expect.poll(() => status(watcher).textContent()).toBe('Wygrywają gęsi: lis się poddał');
    expect(await watcher.locator('.connection').textContent()).toBe('Połączono');
    // The ?lang=ru this page was opened with follows the switch, so a reload keeps Polish.
    await expect.poll(() => new URL(watcher.url()).searchParams.get('lang')).toBe('pl');
    await watcher.reload();
    await expect.poll(() => status(watcher).textContent()).toBe('Wygrywają gęsi: lis się poddał');
    await watcher.goto(tableUrl);
    await expect.poll(() => status(watcher).textContent()).toBe('Wygrywają gęsi: lis się poddał');
    expect(await watcher.evaluate(() => document.documentElement.lang)).toBe('pl');
  });
});
