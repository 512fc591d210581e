// @vitest-environment node
// My games on the home page in real Chromium: the tables this browser holds seats in, read in one request.
import { TestClient } from '@fg/server/testing/harness';
import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';

import { type Created, describeInBrowser, postJson, type RunningServer } from './harness';

/** Joins a table's socket with a seat's token, sends one message and waits for the broadcast of type `until`. */
async function act(server: RunningServer, id: string, token: string, message: object, until: 'moved' | 'ended') {
  const client = await TestClient.connect(`${server.url.replace('http', 'ws')}/api/tables/${id}/ws`);
  client.send({ type: 'hello', token });
  await client.next('welcome');
  client.send(message);
  await client.next(until);
  await client.close();
}

describeInBrowser('My games', (suite) => {
  let page: Page;
  const ids = { yours: '', theirs: '', finished: '' };
  const requests: string[] = [];

  beforeAll(async () => {
    const seats: [string, string][] = [];
    const table = async (side: 'fox' | 'geese'): Promise<[id: string, mine: string, other: string]> => {
      const created = await postJson<Created>(suite.server, '/api/tables', { variant: 'standard', side });
      const other = await postJson<{ seat: { token: string } }>(
        suite.server,
        `/api/tables/${created.table.id}/seats`,
        {},
      );
      seats.push([`fg:seat:${created.table.id}`, JSON.stringify({ ...created.seat, at: Date.now() + seats.length })]);
      return [created.table.id, created.seat.token, other.seat.token];
    };
    const [finished, mine] = await table('fox');
    await act(suite.server, finished, mine, { type: 'resign' }, 'ended');
    const [theirs] = await table('geese'); // the fox moves first: not this browser's move
    const [yours, , fox] = await table('geese');
    await act(suite.server, yours, fox, { type: 'move', ply: 0, path: ['d4', 'e5'] }, 'moved'); // now it is
    Object.assign(ids, { yours, theirs, finished });
    const context = await suite.browser.newContext({ viewport: { width: 1000, height: 900 } });
    // Seeded once (a reload must find what the page removed).
    await context.addInitScript((entries) => {
      if (sessionStorage.getItem('seeded')) return;
      for (const [key, value] of entries) localStorage.setItem(key, value);
      sessionStorage.setItem('seeded', '1');
    }, seats);
    page = await context.newPage();
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/tables')) requests.push(url.pathname + decodeURIComponent(url.search));
    });
  });

  it('lists every game, your move first, then the newest, in one request; a finished one can be removed', async () => {
    await page.goto(`${suite.server.url}/?lang=en`);
    const rows = page.locator('[data-my-table]');
    await rows.nth(2).waitFor();
    expect(await rows.evaluateAll((all) => all.map((r) => r.getAttribute('data-my-table')))).toEqual([
      ids.yours,
      ids.theirs,
      ids.finished,
    ]);
    const yourMove = page.locator('[data-your-move="true"]');
    expect(await yourMove.count()).toBe(1);
    expect(await yourMove.getAttribute('data-my-table')).toBe(ids.yours);
    expect(await yourMove.textContent()).toContain('Last move: d4-e5');
    expect(requests).toEqual([`/api/tables?ids=${ids.yours},${ids.theirs},${ids.finished}`]);
    await page.screenshot({ path: '/tmp/push-my-games.png', fullPage: false });
    await page.locator(`[data-my-table="${ids.finished}"]`).getByRole('button', { name: 'Remove' }).click();
    await expect.poll(() => rows.count()).toBe(2);
    await page.reload();
    await rows.nth(1).waitFor();
    expect(await rows.count()).toBe(2);
    // A click anywhere on the row opens the table, as on lichess: here at the far end of its state, away from the title.
    const state = await page.locator(`[data-my-table="${ids.yours}"] .my-games__state`).boundingBox();
    await page.mouse.click(state!.x + state!.width - 4, state!.y + state!.height / 2);
    await page.waitForURL(new RegExp(`/t/${ids.yours}`));
    // And from the keyboard: the row's link takes the focus (the whole row framed), Enter opens it.
    await page.goBack();
    const link = page.locator(`[data-my-table="${ids.theirs}"] a`);
    // Focused once the list has settled (its rows are drawn again when the server's answer comes).
    await expect
      .poll(async () => {
        await link.focus();
        return page.evaluate(() => document.activeElement?.getAttribute('href') ?? '');
      })
      .toContain(ids.theirs);
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`/t/${ids.theirs}`));
  }, 90_000);
});
