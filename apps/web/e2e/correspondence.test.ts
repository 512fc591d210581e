// @vitest-environment node
// A correspondence game in real Chromium (protocol): made with the create form's days a move, played across a
// server restart, then lost on time on a day shortened to a few seconds, with nobody sending anything.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  browserTestsSkipReason,
  type Created,
  launchChromium,
  postJson,
  type RunningServer,
  seatedContext,
  startServer,
} from './harness';

const skip = browserTestsSkipReason();
/** A day of 10 s: "2 days a move" gives each side 20 s, room for a server restart on a busy machine (8 s was not). */
const DAY = { CORRESPONDENCE_DAY_SECONDS: '10' };

describe.skipIf(skip !== null)('a correspondence game', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ env: DAY }), launchChromium()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const status = (page: Page) => page.getByRole('status').textContent();

  it('is made in the form, shows its deadline, survives a restart and ends on time', async () => {
    const fox = await (await browser.newContext({ viewport: { width: 1100, height: 900 } })).newPage();
    await fox.goto(`${server.url}/variants/standard?lang=en`);
    await fox.getByRole('radio', { name: 'Fox' }).check();
    await fox.getByLabel('Time control').selectOption({ label: '2 days a move' });
    await fox.getByRole('button', { name: 'Create table' }).click();
    await fox.waitForURL(/\/t\/[A-Za-z0-9_-]{10,}/);
    const id = new URL(fox.url()).pathname.split('/')[2]!;
    const seat = await postJson<{ seat: Created['seat'] }>(server, `/api/tables/${id}/seats`, {});
    const geese = await (await seatedContext(browser, id, seat.seat)).newPage();
    await geese.goto(`${server.url}/t/${id}?lang=en`);

    await expect.poll(() => status(fox)).toBe('Your move (fox)');
    const deadline = fox.locator('[data-deadline]');
    await expect.poll(() => deadline.textContent()).toMatch(/^2 days a move · Fox: \d+ minutes? left$/);
    await fox.screenshot({ path: '/tmp/push-correspondence.png' });
    await fox.locator('[data-point="d4"]').click();
    await fox.locator('[data-point="d5"]').click();
    await expect.poll(() => status(geese)).toBe('Your move (geese)');
    await expect.poll(() => geese.locator('[data-deadline]').textContent()).toContain('Geese:');

    // The server restarts; both pages come back by themselves and the game goes on.
    const { port, dataDir } = server;
    await server.stop({ keepData: true });
    server = await startServer({ port, dataDir, env: DAY });
    await expect.poll(() => geese.locator('.connection').textContent(), { timeout: 15_000 }).toBe('Connected');
    await geese.locator('[data-point="c3"]').click();
    await geese.locator('[data-point="c4"]').click();
    await expect.poll(() => status(fox), { timeout: 15_000 }).toBe('Your move (fox)');

    // Nobody moves: the server's own timer ends the game when the fox's 20 s are up.
    const lost = 'The geese win: the fox ran out of time';
    await expect.poll(() => status(fox), { timeout: 30_000 }).toBe(lost);
    await expect.poll(() => status(geese)).toBe(lost);
    expect(await fox.locator('[data-deadline]').count()).toBe(0);
    const table = (await (await fetch(`${server.url}/api/tables/${id}`)).json()) as { table: { moves: string[] } };
    expect(table.table.moves).toEqual(['d4-d5', 'c3-c4']);

    // My games on the home page has it, finished.
    await fox.goto(`${server.url}/?lang=en`);
    const row = fox.locator(`[data-my-table="${id}"]`);
    await expect.poll(() => row.textContent()).toContain(lost);
  }, 90_000);
});
