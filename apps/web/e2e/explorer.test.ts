// @vitest-environment node
// The explorer in real headless Chromium against the real server: two games played to their end over sockets, then
// the page shows the moves they played from the start with their counts and results, a click on a move opens the
// position after it (a new address), and the players' choice filters the counts.
import { TestClient } from '@fg/server/testing/harness';
import { beforeAll, expect, it } from 'vitest';

import { type Created, describeInBrowser, pageErrors, postJson, type RunningServer } from './harness';

/** Plays `moves` at a new table of two people, then the side to move resigns; resolves once the game has ended. */
async function playAndResign(server: RunningServer, moves: readonly string[]): Promise<void> {
  const created = await postJson<Created>(server, '/api/tables', { variant: 'standard', side: 'fox' });
  const taken = await postJson<{ seat: Created['seat'] }>(server, `/api/tables/${created.table.id}/seats`, {});
  const ws = `${server.url.replace('http', 'ws')}/api/tables/${created.table.id}/ws`;
  const players = { fox: await TestClient.connect(ws), geese: await TestClient.connect(ws) };
  players.fox.send({ type: 'hello', token: created.seat.token });
  players.geese.send({ type: 'hello', token: taken.seat.token });
  await Promise.all([players.fox.next('welcome'), players.geese.next('welcome')]);
  for (const [ply, move] of moves.entries()) {
    (ply % 2 === 0 ? players.fox : players.geese).send({ type: 'move', ply, path: move.split('-') });
    await players.fox.next('moved', (m) => m.ply === ply);
  }
  (moves.length % 2 === 0 ? players.fox : players.geese).send({ type: 'resign' });
  await players.fox.next('ended');
  await Promise.all([players.fox.close(), players.geese.close()]);
}

describeInBrowser('the explorer in the browser', (suite) => {
  beforeAll(async () => {
    await playAndResign(suite.server, ['d4-d5', 'c3-c4']); // the fox resigns: the geese win
    await playAndResign(suite.server, ['d4-d5', 'e3-e4', 'd5-d6']); // the geese resign: the fox wins
  }, 180_000);

  it('shows the moves played with their results, opens the position after a move, and filters by players', async () => {
    const page = await suite.browser.newPage({ viewport: { width: 390, height: 844 } });
    const errors = pageErrors(page);
    await page.goto(`${suite.server.url}/explorer/standard?geese=13&sideways=false&lang=en`);
    const games = page.locator('.explorer__games');
    await expect
      .poll(() => games.textContent(), { timeout: 30_000 })
      .toBe('2 finished games on this site reached this position.');
    const rows = page.locator('.explorer__table tbody tr');
    expect(await rows.count()).toBe(1);
    expect(await rows.first().locator('td').nth(1).textContent()).toBe('2');
    expect(await rows.first().locator('.explorer__bar').getAttribute('aria-label')).toBe(
      'Fox wins 50%, draws 0%, geese win 50%',
    );
    // The four moves nobody played are one line, closed.
    expect(await page.locator('.explorer__unplayed summary').textContent()).toBe('4 moves never played here');

    await rows.first().getByRole('button', { name: 'd4-d5' }).click();
    await expect.poll(() => page.url()).toContain('position=fox%3Ad5');
    await expect.poll(() => page.locator('[data-point="d5"]').getAttribute('data-piece')).toBe('fox');
    await expect.poll(() => page.locator('.explorer__table tbody tr').count()).toBe(2);
    expect(await page.locator('.explorer__table tbody tr .explorer__move').allTextContents()).toEqual([
      'c3-c4',
      'e3-e4',
    ]);
    // The browser's Back returns to the start.
    await page.goBack();
    await expect.poll(() => page.locator('[data-point="d4"]').getAttribute('data-piece')).toBe('fox');

    await page.getByRole('button', { name: 'Against the computer' }).click();
    await expect.poll(() => games.textContent()).toBe('0 finished games on this site reached this position.');
    expect(await page.locator('.explorer__table').count()).toBe(0);
    // No page scrolls sideways on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(errors).toEqual([]);
  });
});
