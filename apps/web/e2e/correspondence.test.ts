// @vitest-environment node
// A correspondence game in real Chromium (protocol): made with the create form's days a move, played across a
// server restart, then lost on time on a day shortened to a few seconds, with nobody sending anything.
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';

import { type Created, describeInBrowser, postJson, seatedContext } from './harness';

/** A day of 10 s: "2 days a move" gives each side 20 s, room for a server restart on a busy machine (8 s was not). */
const DAY = { CORRESPONDENCE_DAY_SECONDS: '10' };

describeInBrowser('a correspondence game', { server: { env: DAY } }, (suite) => {
  const status = (page: Page) => page.getByRole('status').textContent();

  it('is made in the form, shows its deadline, survives a restart and ends on time', async () => {
    const fox = await (await suite.browser.newContext({ viewport: { width: 1100, height: 900 } })).newPage();
    await fox.goto(`${suite.server.url}/variants/standard?lang=en`);
    await fox.getByRole('radio', { name: 'Fox' }).check();
    await fox.getByLabel('Time control').selectOption({ label: '2 days a move' });
    await fox.getByRole('button', { name: 'Create table' }).click();
    await fox.waitForURL(/\/t\/[A-Za-z0-9_-]{10,}/);
    const id = new URL(fox.url()).pathname.split('/')[2]!;
    const seat = await postJson<{ seat: Created['seat'] }>(suite.server, `/api/tables/${id}/seats`, {});
    const geese = await (await seatedContext(suite.browser, id, seat.seat)).newPage();
    await geese.goto(`${suite.server.url}/t/${id}?lang=en`);

    await expect.poll(() => status(fox)).toBe('Your move (fox)');
    const deadline = fox.locator('[data-deadline]');
    await expect.poll(() => deadline.textContent()).toMatch(/^2 days a move · Fox: \d+ minutes? left$/);
    await fox.screenshot({ path: '/tmp/push-correspondence.png' });
    await fox.locator('[data-point="d4"]').click();
    await fox.locator('[data-point="d5"]').click();
    await expect.poll(() => status(geese)).toBe('Your move (geese)');
    await expect.poll(() => geese.locator('[data-deadline]').textContent()).toContain('Geese:');

    // The server restarts; both pages come back by themselves and the game goes on.
    await suite.server.stop({ keepData: true });
    await suite.restartServer();
    await expect.poll(() => geese.locator('.connection').textContent(), { timeout: 15_000 }).toBe('Connected');
    await geese.locator('[data-point="c3"]').click();
    await geese.locator('[data-point="c4"]').click();
    await expect.poll(() => status(fox), { timeout: 15_000 }).toBe('Your move (fox)');

    // Nobody moves: the server's own timer ends the game when the fox's 20 s are up.
    const lost = 'The geese win: the fox ran out of time';
    await expect.poll(() => status(fox), { timeout: 30_000 }).toBe(lost);
    await expect.poll(() => status(geese)).toBe(lost);
    expect(await fox.locator('[data-deadline]').count()).toBe(0);
    const table = (await (await fetch(`${suite.server.url}/api/tables/${id}`)).json()) as {
      table: { moves: string[] };
    };
    expect(table.table.moves).toEqual(['d4-d5', 'c3-c4']);

    // My games on the home page has it, finished.
    await fox.goto(`${suite.server.url}/?lang=en`);
    const row = fox.locator(`[data-my-table="${id}"]`);
    await expect.poll(() => row.textContent()).toContain(lost);
  }, 90_000);
});
