// @vitest-environment node
// Chat in real headless Chromium against the real server: two players in two browsers, a spectator in a third,
// each room shown to its readers, Mute chat, a link kept as text, and the input closed while the socket is lost.
import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';

import { type Created, describeInBrowser, postJson, seatedContext } from './harness';

/** The texts of a room's messages on a page. */
const room = (page: Page, name: 'players' | 'spectators') =>
  page.locator(`[data-chat="${name}"] li .chat-message__text`).allTextContents();

/** Types a message into the chat and sends it with Enter. */
async function say(page: Page, text: string): Promise<void> {
  const input = page.getByRole('textbox', { name: 'Chat' });
  await input.fill(text);
  await input.press('Enter');
}

describeInBrowser('chat in the browser', (suite) => {
  let fox: Page;
  let geese: Page;
  let watcher: Page;

  beforeAll(async () => {
    const created = await postJson<Created>(suite.server, '/api/tables', { variant: 'standard', side: 'fox' });
    const taken = await postJson<{ seat: Created['seat'] }>(suite.server, `/api/tables/${created.table.id}/seats`, {});
    const url = `${suite.server.url}/t/${created.table.id}?lang=en`;
    fox = await (await seatedContext(suite.browser, created.table.id, created.seat)).newPage();
    geese = await (
      await seatedContext(suite.browser, created.table.id, taken.seat, { viewport: { width: 390, height: 844 } })
    ).newPage();
    watcher = await (await suite.browser.newContext()).newPage();
    for (const page of [fox, geese, watcher]) {
      await page.goto(url);
      await page.locator('[data-connection="online"]').waitFor();
    }
  });

  it("the players' room reaches both players, the sender too, and never the spectator", async () => {
    await say(fox, 'good luck, see https://example.com');
    await expect.poll(() => room(geese, 'players')).toEqual(['good luck, see https://example.com']);
    await expect.poll(() => room(fox, 'players')).toEqual(['good luck, see https://example.com']);
    // A link stays text.
    expect(await geese.locator('[data-chat="players"] a').count()).toBe(0);
    expect(await watcher.locator('[data-chat="players"]').count()).toBe(0);
    expect(await geese.locator('[data-chat="players"] li .chat-message__writer').textContent()).toBe('Fox');
    expect(await fox.locator('[data-chat="players"] li .chat-message__writer').textContent()).toBe('You');
  });

  it("the spectators' room reaches everyone; a player reads it and writes in the players' room", async () => {
    await say(watcher, 'nice opening');
    for (const page of [watcher, fox, geese])
      await expect.poll(() => room(page, 'spectators')).toEqual(['nice opening']);
    expect(await fox.getByText("You read the spectators' room; you write in the players' room.").count()).toBe(1);
  });

  it('a page opened later shows the history', async () => {
    await watcher.reload();
    await expect.poll(() => room(watcher, 'spectators')).toEqual(['nice opening']);
    await geese.reload();
    await expect.poll(() => room(geese, 'players')).toEqual(['good luck, see https://example.com']);
  });

  it('Mute chat hides every message in this browser, and is remembered', async () => {
    const mute = geese.getByRole('button', { name: 'Mute chat' });
    await mute.click();
    expect(await mute.getAttribute('aria-pressed')).toBe('true');
    expect(await geese.locator('[data-chat]').count()).toBe(0);
    await say(fox, 'are you there?');
    await expect.poll(() => room(fox, 'players')).toHaveLength(2);
    expect(await geese.locator('[data-chat]').count()).toBe(0);
    await geese.reload();
    await geese.locator('[data-connection="online"]').waitFor();
    expect(await geese.locator('[data-chat]').count()).toBe(0);
    await geese.getByRole('button', { name: 'Mute chat' }).click();
    await expect.poll(() => room(geese, 'players')).toEqual(['good luck, see https://example.com', 'are you there?']);
  });

  it('while the connection is lost the input is closed and says why', async () => {
    await watcher.context().setOffline(true);
    await watcher.locator('[data-connection="offline"], [data-connection="reconnecting"]').first().waitFor();
    const input = watcher.getByRole('textbox', { name: 'Chat' });
    await expect.poll(() => input.isDisabled()).toBe(true);
    await watcher.context().setOffline(false);
    await watcher.locator('[data-connection="online"]').waitFor({ timeout: 20_000 });
    await expect.poll(() => input.isDisabled()).toBe(false);
  });
});
