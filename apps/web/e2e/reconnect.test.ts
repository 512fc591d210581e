// @vitest-environment node
// The client reconnects by itself when the server goes away and comes back, and play carries on.
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';

import { type Created, describeInBrowser, postJson, seatedContext } from './harness';

describeInBrowser('reconnecting', (suite) => {
  const pages: Page[] = [];

  /** A page holding a seat of the table, given by storing its token before the first load. */
  async function seatedPage(url: string, id: string, seat: Created['seat']): Promise<Page> {
    const page = await (await seatedContext(suite.browser, id, seat)).newPage();
    await page.goto(url);
    pages.push(page);
    return page;
  }

  it('shows the lost connection, comes back on its own after a server restart, and plays on', async () => {
    const created = await postJson<Created>(suite.server, '/api/tables', { variant: 'standard', side: 'fox' });
    const id = created.table.id;
    const joined = await postJson<{ seat: Created['seat'] }>(suite.server, `/api/tables/${id}/seats`, {
      side: 'geese',
    });
    const url = `${suite.server.url}/t/${id}?lang=en`;
    const fox = await seatedPage(url, id, created.seat);
    const geese = await seatedPage(url, id, joined.seat);
    const connection = (page: Page) => page.locator('.connection').textContent();
    await expect.poll(() => fox.getByRole('status').textContent()).toBe('Your move (fox)');
    await fox.locator('[data-point="d4"]').click();
    await fox.locator('[data-point="d5"]').click();
    await expect.poll(() => geese.getByRole('status').textContent()).toBe('Your move (geese)');

    await suite.server.stop({ keepData: true });
    // "Connection lost" while it waits to try again, "Reconnecting…" while it tries: never "Connected".
    await expect.poll(() => geese.locator('[data-connection]').getAttribute('data-connection')).not.toBe('online');
    expect(['Connection lost', 'Reconnecting…']).toContain(await connection(geese));
    await suite.restartServer();

    await expect.poll(() => connection(geese), { timeout: 15_000 }).toBe('Connected');
    await expect.poll(() => connection(fox), { timeout: 15_000 }).toBe('Connected');
    expect(await geese.locator('[data-point="d5"]').getAttribute('data-piece')).toBe('fox');
    await geese.locator('[data-point="c3"]').click();
    await geese.locator('[data-point="c4"]').click();
    await expect.poll(() => fox.locator('[data-point="c4"]').getAttribute('data-piece')).toBe('goose');
    await expect.poll(() => fox.getByRole('status').textContent()).toBe('Your move (fox)');
  });
});
