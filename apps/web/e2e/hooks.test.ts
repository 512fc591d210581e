// @vitest-environment node
// The page hooks of docs/product.md as an outside browser test uses them: one element per point that
// takes the click or tap itself, one status line, unambiguous buttons, ?lang= remembered.
import { type Game, getVariant, newGame, occurrencesAfter, playPoints } from '@fg/rules';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect, it } from 'vitest';

import { type Created, describeInBrowser, postJson, seatedContext } from './harness';

const PHONE = { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true } as const;

/** `plies` legal standard moves that neither end the game nor repeat a position a third time. */
function longGame(plies: number): string[][] {
  const variant = getVariant('standard');
  if (!variant.ok) throw new Error(variant.error.message);
  let game: Game = newGame(variant.value);
  const paths: string[][] = [];
  while (paths.length < plies) {
    // The fox only steps (the geese keep their number); each side takes its first such quiet move.
    const next = game.legal
      .filter((move) => move.length === 2 && occurrencesAfter(game, move) < 2)
      .map((move) => move.map((p) => game.variant.board.points[p]!.name))
      .map((path) => ({ path, played: playPoints(game, path) }))
      .find(({ played }) => played.ok && !played.value.result);
    if (!next || !next.played.ok) throw new Error(`no quiet move after ${paths.length} plies`);
    game = next.played.value;
    paths.push(next.path);
  }
  return paths;
}

/** Plays `paths` at table `id` through two sockets opened inside `page`, one per seat token. */
async function playBySockets(
  page: Page,
  id: string,
  tokens: { fox: string; geese: string },
  paths: string[][],
): Promise<void> {
  await page.evaluate(
    async ({ id, tokens, paths }) => {
      const open = (token: string) =>
        new Promise<WebSocket>((resolve) => {
          const socket = new WebSocket(`ws://${location.host}/api/tables/${id}/ws`);
          socket.onopen = () => socket.send(JSON.stringify({ type: 'hello', token }));
          socket.onmessage = (event) => JSON.parse(event.data).type === 'welcome' && resolve(socket);
        });
      const sockets = { fox: await open(tokens.fox), geese: await open(tokens.geese) };
      for (const [ply, path] of paths.entries()) {
        const side = ply % 2 === 0 ? 'fox' : 'geese';
        await new Promise<void>((resolve, reject) => {
          sockets[side].onmessage = (event) => {
            const message = JSON.parse(event.data);
            if (message.type === 'moved' && message.ply === ply) resolve();
            if (message.type === 'error') reject(new Error(message.code));
          };
          sockets[side].send(JSON.stringify({ type: 'move', ply, path }));
        });
      }
      sockets.fox.close();
      sockets.geese.close();
    },
    { id, tokens, paths },
  );
}

describeInBrowser('page hooks', (suite) => {
  const contexts: BrowserContext[] = [];

  /** A fresh page (own storage), optionally holding a seat. */
  async function newPage(
    options: Parameters<Browser['newContext']>[0] = {},
    seat?: { id: string; seat: Created['seat'] },
  ): Promise<Page> {
    const context = seat
      ? await seatedContext(suite.browser, seat.id, seat.seat, options)
      : await suite.browser.newContext(options);
    contexts.push(context);
    return context.newPage();
  }

  /** A standard table with both seats taken: its id and the two seats. */
  async function fullTable(
    variant = 'standard',
  ): Promise<{ id: string; fox: Created['seat']; geese: Created['seat'] }> {
    const created = await postJson<Created>(suite.server, '/api/tables', { variant, side: 'fox' });
    const joined = await postJson<{ seat: Created['seat'] }>(suite.server, `/api/tables/${created.table.id}/seats`, {
      side: 'geese',
    });
    return { id: created.table.id, fox: created.seat, geese: joined.seat };
  }

  it('keeps data-point to the table: pictures on the home and variant pages carry none', async () => {
    const page = await newPage();
    await page.goto(`${suite.server.url}/?lang=en`);
    await page.locator('.card svg').first().waitFor();
    expect(await page.locator('[data-point]').count()).toBe(0);
    const create = page.getByRole('button', { name: 'Create table', exact: true });
    expect(await create.count()).toBe(5); // the Play with a friend form's, then one per card
    expect(await page.locator('.card').first().getByRole('heading').textContent()).toBe('Fox and Geese');
    await page.goto(`${suite.server.url}/variants/two-foxes?lang=en`);
    await page.locator('figure svg').waitFor();
    expect(await page.locator('[data-point]').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Create table' }).count()).toBe(1);
  });

  it.each([
    ['standard', 33, 48],
    ['big-cross', 45, 40],
  ])(
    'gives each point of %s a hit cell of at least 40 px on a 360 px phone, none overlapping',
    async (variant, points, px) => {
      const table = await fullTable(variant);
      const page = await newPage(PHONE, { id: table.id, seat: table.fox });
      await page.goto(`${suite.server.url}/t/${table.id}?lang=en`);
      await expect.poll(() => page.getByRole('status').allTextContents()).toEqual(['Your move (fox)']);
      // Each point's hit cell as Chromium lays it out, and which point Chromium's hit test finds at its centre
      // and just inside each of its corners: the whole cell takes the tap, not only the drawn piece.
      const cells = await page.locator('[data-point]').evaluateAll((els) =>
        els.map((el) => {
          el.scrollIntoView({ block: 'center' }); // a hit test sees only what is in the viewport
          const box = el.querySelector('.point__hit')!.getBoundingClientRect();
          // The point found there, or what else took the tap, so a failure says where it went.
          const hit = (x: number, y: number): true | string => {
            const found = document.elementFromPoint(x, y);
            return (
              found?.closest('[data-point]') === el || `${found?.closest('[data-point]')?.getAttribute('data-point')}`
            );
          };
          const inset = 1.5;
          return {
            box: { left: box.left + scrollX, top: box.top + scrollY, width: box.width, height: box.height },
            taps: [
              hit(box.left + box.width / 2, box.top + box.height / 2),
              hit(box.left + inset, box.top + inset),
              hit(box.right - inset, box.top + inset),
              hit(box.left + inset, box.bottom - inset),
              hit(box.right - inset, box.bottom - inset),
            ],
          };
        }),
      );
      expect(cells).toHaveLength(points);
      const smallest = Math.min(...cells.map(({ box }) => Math.min(box.width, box.height)));
      expect(smallest).toBeGreaterThanOrEqual(px - 0.01); // 360 px wide: 360 / 9 grid steps for the Big Cross
      for (const cell of cells) expect(cell.taps).toEqual([true, true, true, true, true]);
      const overlap = (a: (typeof cells)[0]['box'], b: (typeof cells)[0]['box']): number =>
        Math.max(0, Math.min(a.left + a.width, b.left + b.width) - Math.max(a.left, b.left)) *
        Math.max(0, Math.min(a.top + a.height, b.top + b.height) - Math.max(a.top, b.top));
      for (const [i, a] of cells.entries())
        for (const b of cells.slice(i + 1)) expect(overlap(a.box, b.box)).toBeLessThan(0.05);
      // Nothing of the page sticks out sideways for the board's full width.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(360);
    },
  );

  it('gives each point one element that takes a tap on a phone itself, whatever is drawn on it', async () => {
    const table = await fullTable();
    const page = await newPage(PHONE, { id: table.id, seat: table.fox });
    await page.goto(`${suite.server.url}/t/${table.id}?lang=en`);
    await expect.poll(() => page.getByRole('status').allTextContents()).toEqual(['Your move (fox)']);
    const names = await page
      .locator('[data-point]')
      .evaluateAll((els) => els.map((el) => el.getAttribute('data-point')));
    expect(names).toHaveLength(33);
    expect(new Set(names).size).toBe(33);
    // With the fox picked, targets are ringed; a trial tap fails if anything else would take it.
    await page.locator('[data-point="d4"]').tap();
    expect(await page.locator('[data-target="true"]').count()).toBe(5);
    for (const name of names) await page.locator(`[data-point="${name}"]`).tap({ trial: true, timeout: 2000 });
    // A script's element.click() picks too (SVG elements have no click() of their own).
    await page.locator('[data-point="d4"]').evaluate((el) => (el as unknown as HTMLElement).click());
    expect(await page.locator('[data-target="true"]').count()).toBe(0);
    await page.locator('[data-point="d4"]').evaluate((el) => (el as unknown as HTMLElement).click());
    expect(await page.locator('[data-target="true"]').count()).toBe(5);
    await page.locator('[data-point="d5"]').tap();
    // The move shows at once: no wait for the server's echo.
    expect(await page.locator('[data-point="d5"]').getAttribute('data-piece')).toBe('fox');
    expect(await page.locator('[data-point="d4"]').getAttribute('data-piece')).toBeNull();
    expect(await page.getByRole('status').textContent()).toBe('The geese to move');
  });

  it('keeps a long game readable on a phone: the page never scrolls sideways and the newest move is in view', async () => {
    const table = await fullTable();
    const paths = longGame(40);
    const watcher = await newPage(PHONE);
    await watcher.goto(`${suite.server.url}/t/${table.id}?lang=en`);
    await playBySockets(watcher, table.id, { fox: table.fox.token, geese: table.geese.token }, paths);
    await watcher.locator('.moves__list li').nth(39).waitFor();
    expect(await watcher.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const inView = await watcher.locator('.moves__list').evaluate((list) => {
      const box = list.getBoundingClientRect();
      const last = list.lastElementChild!.getBoundingClientRect();
      return last.top >= box.top - 1 && last.bottom <= box.bottom + 1;
    });
    expect(inView).toBe(true);
  });

  it.each([
    ['/variants/big-cross?lang=hu', '/', 'hu', 'Asztal létrehozása'],
    ['/variants/two-foxes?lang=PL', '/variants/two-foxes', 'pl', 'Utwórz stół'],
    ['/?lang=ru', '/?lang=xx', 'ru', 'Создать стол'],
  ])('opens %s in its language and remembers it at %s', async (first, later, language, create) => {
    const page = await newPage({ locale: 'en-US', serviceWorkers: 'allow' }); // the worker keeps the language
    await page.goto(`${suite.server.url}${first}`);
    await expect.poll(() => page.getByRole('button', { name: create }).count()).toBeGreaterThan(0);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
    await page.goto(`${suite.server.url}${later}`);
    await expect.poll(() => page.getByRole('button', { name: create }).count()).toBeGreaterThan(0);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
    // Kept where the service worker reads it, so a notification speaks the same language.
    const kept = () =>
      page.evaluate(async () => (await (await caches.open('fg-settings')).match('/__fg/language'))?.text());
    await expect.poll(kept).toBe(language);
  });
});
