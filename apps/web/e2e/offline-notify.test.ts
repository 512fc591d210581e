// @vitest-environment node
// Offline and Notify me in real Chromium: a table link opened offline (or with the server gone) says so within
// seconds, offers the computer in this browser and connects by itself when the connection is back; the offline home
// hides what needs the server; Notify me says why it cannot, for a push service that refuses or never answers and for
// refused storage. A player's own lost connection is lost-connection.test.ts's.
import type { BrowserContext, Page } from 'playwright-core';
import { expect, it } from 'vitest';

import {
  type Created,
  describeInBrowser,
  postJson,
  type RunningServer,
  seatedContext,
  startServer,
  statusOf,
} from './harness';

/** Waits until the app's service worker controls the page (then a page loads with no network). */
const controlled = (page: Page) =>
  page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });

describeInBrowser('offline and Notify me', { serviceWorker: true }, (suite) => {
  const contexts: BrowserContext[] = [];

  /** A table in play (both seats taken); the fox's seat. */
  async function playingTable(on: RunningServer = suite.server): Promise<{ id: string; seat: Created['seat'] }> {
    const created = await postJson<Created>(on, '/api/tables', { variant: 'standard', side: 'fox' });
    await postJson(on, `/api/tables/${created.table.id}/seats`, { side: 'geese' });
    return { id: created.table.id, seat: created.seat };
  }

  /** The fox's page of a new table in play, in a context of its own, with the app's worker in control. */
  async function foxPage(init?: () => void): Promise<{ page: Page; context: BrowserContext; id: string }> {
    const { id, seat } = await playingTable();
    const context = await seatedContext(suite.browser, id, seat);
    contexts.push(context);
    if (init) await context.addInitScript(init);
    const page = await context.newPage();
    await page.goto(`${suite.server.url}/?lang=en`);
    await controlled(page);
    return { page, context, id };
  }

  /** The reason the page should give: Chromium's offline emulation does not reach navigator.onLine of a document
   * loaded while offline (it reports true there), so such a page can only tell that the server does not answer. */
  const expectedReason = async (page: Page) => ((await page.evaluate(() => navigator.onLine)) ? 'server' : 'device');
  const STATUS = { device: 'This device is offline', server: 'The server does not answer' };
  const HEADING = { device: 'You are offline', server: 'The server cannot be reached' };

  it('a table link loaded offline says so within seconds, offers the computer, and connects by itself', async () => {
    const { page, context, id } = await foxPage();
    await context.setOffline(true);
    await page.goto(`${suite.server.url}/t/${id}?lang=en`);
    const panel = page.locator('[data-unreachable]');
    await panel.waitFor({ timeout: 10_000 });
    // Time since the navigation began (the page's own clock): the 2 s wait plus the load, on a loaded machine.
    const shownAt = await page.evaluate(() => performance.now());
    console.log(`table link loaded offline: unreachable said ${Math.round(shownAt)} ms after navigation start`);
    expect(shownAt).toBeLessThan(8_000);
    const reason = await expectedReason(page);
    expect(await panel.getAttribute('data-unreachable')).toBe(reason);
    expect(await statusOf(page)).toBe(STATUS[reason]);
    expect(await panel.getByRole('heading').textContent()).toBe(HEADING[reason]);
    expect(await panel.getByRole('button', { name: 'Play with the computer' }).isEnabled()).toBe(true);
    expect(await panel.getByRole('link', { name: 'Analysis board' }).getAttribute('href')).toBe(
      '/analysis/standard?lang=en',
    );

    await context.setOffline(false);
    await expect.poll(() => statusOf(page), { timeout: 20_000 }).toBe('Your move (fox)');
    expect(await page.locator('[data-unreachable]').count()).toBe(0);
    expect(await page.locator('[data-connection]').getAttribute('data-connection')).toBe('online');
  }, 90_000);

  it('a table opened from the app while the device is offline says the device is offline at once', async () => {
    const { page, context, id } = await foxPage();
    await context.setOffline(true);
    await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false);
    // As a click on a link in My games does: the app's own navigation, no page load.
    const started = Date.now();
    await page.evaluate((path) => {
      history.pushState(null, '', path);
      dispatchEvent(new PopStateEvent('popstate'));
    }, `/t/${id}?lang=en`);
    const panel = page.locator('[data-unreachable="device"]');
    await panel.waitFor({ timeout: 5_000 });
    expect(Date.now() - started).toBeLessThan(2_000); // no wait: the browser says it has no network
    expect(await statusOf(page)).toBe('This device is offline');
    expect(await panel.getByRole('heading').textContent()).toBe('You are offline');

    // The computer game it offers starts in this browser, with no server.
    await panel.getByRole('radio', { name: 'Fox' }).check();
    await panel.getByRole('combobox', { name: 'Level' }).selectOption('1');
    await panel.getByRole('button', { name: 'Play with the computer' }).click();
    await page.waitForURL(/\/play\/offline\?lang=en$/);
    await expect.poll(() => statusOf(page), { timeout: 15_000 }).toMatch(/^Your move/);
  }, 90_000);

  it('with the server gone says the server does not answer, then connects by itself when it is back', async () => {
    const own = await startServer();
    const { id, seat } = await playingTable(own);
    const context = await seatedContext(suite.browser, id, seat);
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(`${own.url}/?lang=en`);
    await controlled(page);
    const { port, dataDir } = own;
    await own.stop({ keepData: true });
    try {
      await page.goto(`${own.url}/t/${id}?lang=en`);
      await page.locator('[data-unreachable="server"]').waitFor({ timeout: 8_000 });
      expect(await statusOf(page)).toBe('The server does not answer');
      expect(await page.locator('[data-unreachable] h2').textContent()).toBe('The server cannot be reached');
      const back = await startServer({ port, dataDir });
      try {
        await expect.poll(() => statusOf(page), { timeout: 20_000 }).toBe('Your move (fox)');
        expect(await page.locator('[data-unreachable]').count()).toBe(0);
      } finally {
        await back.stop();
      }
    } finally {
      await context.close();
    }
  }, 150_000);

  it('the offline home hides the lobby and the create forms, says what still works, and brings them back', async () => {
    const context = await suite.browser.newContext();
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(`${suite.server.url}/?lang=en`);
    await controlled(page);
    const headings = () => page.locator('.page h2').allTextContents();
    await expect.poll(headings).toContain('Lobby');
    expect(await page.getByRole('button', { name: 'Create table' }).count()).toBeGreaterThan(0);
    await context.setOffline(true);
    await page.getByRole('region', { name: 'You are offline' }).waitFor({ timeout: 5_000 });
    expect(await headings()).toEqual(['You are offline', 'Play with the computer', 'Choose a game', 'How it works']);
    expect(await page.getByRole('button', { name: 'Create table' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Play with the computer' }).count()).toBe(1);
    await context.setOffline(false);
    await expect.poll(headings).toContain('Lobby');
    expect(await page.getByRole('region', { name: 'You are offline' }).count()).toBe(0);
  }, 90_000);

  /**
   * The fox's table page with Notify me pressed; `init` changes the browser first (null: as it is, no grant);
   * `fakeClock` gives the page Playwright's clock, which the test moves on.
   */
  async function pressNotify(init: (() => void) | null, fakeClock: boolean): Promise<Page> {
    const { page, context, id } = await foxPage(init ?? undefined);
    if (init) await context.grantPermissions(['notifications'], { origin: suite.server.url });
    if (fakeClock) await page.clock.install(); // time still flows, and may be moved on
    await page.goto(`${suite.server.url}/t/${id}?lang=en`);
    await expect.poll(() => statusOf(page)).toBe('Your move (fox)');
    await page.getByRole('button', { name: 'Notify me' }).click();
    return page;
  }

  it.each<[string, (() => void) | null, string, 'deadline'?]>([
    // Headless Chromium answers a permission request nobody can see by blocking it, as a private window does.
    ['the permission is not granted', null, 'Notifications are blocked for this site.'],
    [
      'the push service refuses the subscription',
      () => {
        PushManager.prototype.getSubscription = () => Promise.resolve(null);
        PushManager.prototype.subscribe = () =>
          Promise.reject(new DOMException('Registration failed - push service error', 'AbortError'));
      },
      'The browser’s push service did not answer, so notifications are not on.',
    ],
    [
      'the push service never answers (after the 10 s deadline)',
      () => {
        PushManager.prototype.getSubscription = () => Promise.resolve(null);
        PushManager.prototype.subscribe = () => new Promise<PushSubscription>(() => undefined);
      },
      'The browser’s push service did not answer, so notifications are not on.',
      'deadline',
    ],
    [
      'the browser refuses the site storage (as a private window may)',
      () => {
        // The seat was stored by the context's first script; from now on nothing may be kept.
        Storage.prototype.setItem = () => {
          throw new DOMException('The operation is insecure.', 'SecurityError');
        };
      },
      'Notifications cannot be turned on: this browser keeps nothing for this site (a private window, or site data blocked).',
    ],
  ])(
    'Notify me says why when %s, and may be pressed again',
    async (_, init, words, deadline) => {
      const page = await pressNotify(init, deadline !== undefined);
      const why = page.locator('.notify__why[role="alert"] p').first();
      // The page's clock steps over the 10 s subscribe deadline (SUBSCRIBE_TIMEOUT_MS) 5 s per look instead
      // of the test waiting it out in real time: what is tested is what the page says once it passed. (5 s is
      // well inside the 25 s of silence after which the page would count its socket as lost.)
      const said = async () => {
        if (deadline) await page.clock.fastForward(5_000);
        return why.textContent();
      };
      await expect.poll(said, { timeout: 25_000 }).toBe(words);
      expect(await page.locator('.notify__why p.muted').textContent()).not.toBe('');
      expect(await page.getByRole('button', { name: 'Notify me' }).isEnabled()).toBe(true);
    },
    90_000,
  );
});
