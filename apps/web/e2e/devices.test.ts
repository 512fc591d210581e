// @vitest-environment node
// "Use on another device" in two browser contexts: the first copies one link that carries its seats; the second,
// opening it, takes nothing before its player confirms, then plays those seats; a finished game stays in My games'
// history with its result.
import { TestClient } from '@fg/server/testing/harness';
import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';

import { type Created, describeInBrowser, postJson } from './harness';

/** The seats a page's browser holds: table id -> token. */
const seatsIn = (page: Page) =>
  page.evaluate(() => {
    const seats: Record<string, string> = {};
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i)!;
      if (key.startsWith('fg:seat:'))
        seats[key.slice('fg:seat:'.length)] = (JSON.parse(localStorage.getItem(key)!) as { token: string }).token;
    }
    return seats;
  });

describeInBrowser('Use on another device', (suite) => {
  const tokens: Record<string, string> = {};
  let playing = '';
  let finished = '';

  beforeAll(async () => {
    const table = async (): Promise<string> => {
      const created = await postJson<Created>(suite.server, '/api/tables', { variant: 'standard', side: 'fox' });
      await postJson(suite.server, `/api/tables/${created.table.id}/seats`, {});
      tokens[created.table.id] = created.seat.token;
      return created.table.id;
    };
    playing = await table();
    finished = await table();
    const client = await TestClient.connect(`${suite.server.url.replace('http', 'ws')}/api/tables/${finished}/ws`);
    client.send({ type: 'hello', token: tokens[finished] });
    await client.next('welcome');
    client.send({ type: 'resign' });
    await client.next('ended');
    await client.close();
  });

  it('carries every seat by one link, taken only after a confirmation; the fragment leaves the address', async () => {
    const first = await suite.browser.newContext();
    await first.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: suite.server.url });
    await first.addInitScript((seats) => {
      if (sessionStorage.getItem('seeded')) return;
      for (const [id, token] of Object.entries(seats))
        localStorage.setItem(`fg:seat:${id}`, JSON.stringify({ side: 'fox', token, at: Date.now() }));
      localStorage.setItem('fg:theme', 'dark');
      sessionStorage.setItem('seeded', '1');
    }, tokens);
    const home = await first.newPage();
    await home.goto(`${suite.server.url}/?lang=en`);
    // The finished game is in the history, with its result.
    const history = home.getByRole('list', { name: 'Finished games' });
    await history.locator(`[data-my-table="${finished}"]`).waitFor();
    expect(await history.locator(`[data-my-table="${finished}"]`).textContent()).toContain('geese win');
    await home.getByRole('button', { name: 'Use on another device' }).click();
    await home.getByRole('button', { name: 'Copy device link' }).click();
    await home.getByText('Copied.').waitFor();
    const link = await home.evaluate(() => navigator.clipboard.readText());
    expect(link.startsWith(`${suite.server.url}/devices#games=`)).toBe(true);

    const requests: string[] = [];
    const second = await suite.browser.newContext();
    const page = await second.newPage();
    page.on('request', (request) => requests.push(request.url()));
    await page.goto(link.replace('#', '?lang=en#'));
    await page.getByText('Take 2 games from your other device into this browser?').waitFor();
    expect(new URL(page.url()).hash).toBe('');
    expect(await seatsIn(page)).toEqual({});
    // No token went to the server: the fragment never leaves the browser.
    for (const token of Object.values(tokens)) expect(requests.some((url) => url.includes(token))).toBe(false);
    await page.getByRole('button', { name: 'Take them' }).click();
    await page.getByText('2 games added to this browser.').waitFor();
    expect(await seatsIn(page)).toEqual(tokens);
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await page.getByRole('link', { name: 'Open My games' }).click();
    await page.locator(`[data-my-table="${playing}"]`).click();
    await page.waitForURL(new RegExp(`/t/${playing}`));
    await page.getByRole('status').filter({ hasText: 'Your move' }).waitFor();
    await Promise.all([first.close(), second.close()]);
  });

  it('a link opened and declined takes nothing; a link with no games says so', async () => {
    const context = await suite.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${suite.server.url}/devices?lang=en#games=${playing}.f.${tokens[playing]}.0&settings=`);
    await page.getByRole('link', { name: 'Not now' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await seatsIn(page)).toEqual({});
    await page.goto(`${suite.server.url}/devices?lang=en#games=bad.x.y`);
    await page.getByText('This link carries no games.').waitFor();
    await context.close();
  });
});
