// @vitest-environment node
// While a player's own connection is lost, in real Chromium: the page says the game is out of step rather than invite
// a move it cannot send, shows its own seat as disconnected and the opponent's presence as unknown (not away: it
// cannot know), and every button that needs the server (the game's and Notify me) waits, disabled, saying why.
// All comes back with the connection. The connection is cut by Chromium's offline emulation, which closes the socket.
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, expect, it } from 'vitest';

import { type Created, describeInBrowser, pageErrors, postJson, seatedContext, statusOf } from './harness';

describeInBrowser('a lost connection', (suite) => {
  const contexts: BrowserContext[] = [];
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
  });

  /** A page of a context of its own holding `seat` of table `id`, opened on the table. */
  async function seatedPage(id: string, seat: Created['seat']): Promise<{ page: Page; context: BrowserContext }> {
    const context = await seatedContext(suite.browser, id, seat);
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(`${suite.server.url}/t/${id}?lang=en`);
    return { page, context };
  }

  /** A button's state as the player meets it: enabled, and the title saying why not. */
  const buttonState = async (button: Locator) => [await button.isEnabled(), await button.getAttribute('title')];

  it('says the game is out of step, the opponent unknown, and disables every button that needs the server', async () => {
    const created = await postJson<Created>(suite.server, '/api/tables', { variant: 'standard', side: 'fox' });
    const id = created.table.id;
    const joined = await postJson<{ seat: Created['seat'] }>(suite.server, `/api/tables/${id}/seats`, {
      side: 'geese',
    });
    const { page, context } = await seatedPage(id, created.seat);
    const errors = pageErrors(page);
    const geese = await seatedPage(id, joined.seat);
    await expect.poll(() => statusOf(geese.page)).toBe('The fox to move');

    const mine = page.locator('.seat--fox .seat__state');
    const theirs = page.locator('.seat--geese .seat__state');
    const buttons = ['Offer draw', 'Resign', 'Notify me'].map((name) => page.getByRole('button', { name }));
    await expect.poll(() => statusOf(page)).toBe('Your move (fox)');
    await expect.poll(() => theirs.textContent()).toBe('taken · online');
    expect(await mine.textContent()).toBe('you · online');
    for (const button of buttons) expect(await buttonState(button)).toEqual([true, null]);

    await context.setOffline(true);
    await expect.poll(() => mine.textContent()).toBe('you · connection lost');
    expect(await statusOf(page)).toBe('Out of step with the game: reconnecting…');
    expect(await theirs.textContent()).toBe('taken · unknown');
    const why = 'Connection lost: this works again once the game is back in step.';
    for (const button of buttons) expect(await buttonState(button)).toEqual([false, why]);
    // The board takes no move meanwhile: a click on the fox and a free point moves nothing.
    await page.locator('[data-point="d4"]').click({ force: true });
    await page.locator('[data-point="d5"]').click({ force: true });
    expect(await page.locator('[data-point="d5"]').getAttribute('data-piece')).toBeNull();

    await context.setOffline(false);
    await expect.poll(() => mine.textContent(), { timeout: 20_000 }).toBe('you · online');
    await expect.poll(() => statusOf(page)).toBe('Your move (fox)');
    expect(await theirs.textContent()).toBe('taken · online');
    for (const button of buttons) expect(await buttonState(button)).toEqual([true, null]);

    // An opponent who really leaves is still seen away, as before: only our own lost connection makes it unknown.
    await geese.context.close();
    await expect.poll(() => theirs.textContent(), { timeout: 10_000 }).toBe('taken · away');
    await context.setOffline(true);
    await expect.poll(() => theirs.textContent()).toBe('taken · unknown');
    expect(errors).toEqual([]);
  }, 90_000);

  // Each variant's heading as a phone shows it (the name without its aside in brackets), in each language.
  const HEADINGS: Record<string, readonly string[]> = {
    en: ['Fox and Geese', 'Two Foxes', 'Big Cross', 'Rævskak'],
    ru: ['Лиса и гуси', 'Две лисы', 'Большой крест', 'Rævskak'],
    pl: ['Lis i gęsi', 'Dwa lisy', 'Duży krzyż', 'Rævskak'],
    hu: ['Róka és libák', 'Két róka', 'Nagy kereszt', 'Rævskak'],
  };
  const VARIANTS = ['standard', 'two-foxes', 'big-cross', 'raevskak'];
  const PHONE_390 = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } as const;

  it('on a 390 px phone with the connection lost, every heading reads whole in every language', async () => {
    const tables = await Promise.all(
      VARIANTS.map(async (variant) => {
        const created = await postJson<Created>(suite.server, '/api/tables', { variant, side: 'fox' });
        await postJson(suite.server, `/api/tables/${created.table.id}/seats`, { side: 'geese' });
        return created;
      }),
    );
    const context = await suite.browser.newContext(PHONE_390);
    contexts.push(context);
    await context.addInitScript(
      (seats) => {
        for (const [id, seat] of seats) localStorage.setItem(`fg:seat:${id}`, JSON.stringify(seat));
      },
      tables.map((c) => [c.table.id, c.seat] as const),
    );
    const page = await context.newPage();
    const link = () => page.locator('[data-connection]').getAttribute('data-connection');
    for (const [lang, names] of Object.entries(HEADINGS))
      for (const [i, created] of tables.entries()) {
        await page.goto(`${suite.server.url}/t/${created.table.id}?lang=${lang}`);
        await expect.poll(link, { timeout: 15_000 }).toBe('online');
        await context.setOffline(true);
        await expect.poll(link).toBe('offline');
        const h1 = await page.evaluate(() => {
          const h = document.querySelector('h1')!;
          const header = document.querySelector('.table-page__header')!;
          return { text: h.innerText, cut: h.scrollWidth > h.clientWidth, wide: header.scrollWidth > 390 };
        });
        expect([lang, h1.text, h1.cut, h1.wide]).toEqual([lang, names[i], false, false]);
        // The words are not gone: the banner over the board says them, and screen readers hear the header's.
        expect(await page.locator('[data-lost]').isVisible()).toBe(true);
        expect((await page.locator('.connection').textContent())?.length).toBeGreaterThan(0);
        await context.setOffline(false);
      }
  }, 240_000);
});
