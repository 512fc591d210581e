// @vitest-environment node
// The table page in real Chromium against the real server: liveness (a socket cut silently),
// a clock timeout seen by both players and a spectator, review, download and replay, safer buttons,
// the free seat in the first viewport of a phone, the title on your move, and sounds muted or not.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect, it } from 'vitest';

import { type Created, describeInBrowser, postJson, seatedContext } from './harness';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

describeInBrowser('the table page', (suite) => {
  const contexts: BrowserContext[] = [];

  /** A table with both seats taken; `clock` as the create body takes it. */
  async function table(clock?: { initial: number; increment: number }) {
    const created = await postJson<Created>(suite.server, '/api/tables', {
      variant: 'standard',
      side: 'fox',
      ...(clock ? { clock } : {}),
    });
    const id = created.table.id;
    const joined = await postJson<{ seat: Created['seat'] }>(suite.server, `/api/tables/${id}/seats`, {
      side: 'geese',
    });
    return { id, url: `${suite.server.url}/t/${id}?lang=en`, fox: created.seat, geese: joined.seat };
  }

  /** A page of a browser context that holds `seat` (or none: a spectator), with init scripts run before load. */
  async function open(
    t: { id: string; url: string },
    seat: Created['seat'] | null,
    options: Parameters<Browser['newContext']>[0] = {},
    init?: () => void,
  ): Promise<Page> {
    const context = seat
      ? await seatedContext(suite.browser, t.id, seat, options)
      : await suite.browser.newContext(options);
    contexts.push(context);
    if (init) await context.addInitScript(init);
    const page = await context.newPage();
    await page.goto(t.url);
    await page.getByRole('status').waitFor();
    return page;
  }

  const status = (page: Page) => page.getByRole('status').textContent();
  const play = async (page: Page, points: readonly string[]) => {
    for (const point of points) await page.locator(`[data-point="${point}"]`).click();
  };

  it('notices within 5 s a socket that dies without closing, takes back the unsent move, and recovers', async () => {
    const t = await table();
    const fox = await open(t, t.fox);
    const geese = await open(t, t.geese);
    await expect.poll(() => status(fox)).toBe('Your move (fox)');
    // From now on the fox page's socket goes silent both ways, without a close.
    let cut = false;
    let connections = 0;
    await fox.routeWebSocket(/\/api\/tables\/.*\/ws$/, (ws) => {
      const mine = ++connections;
      const upstream = ws.connectToServer();
      ws.onMessage((message) => {
        if (!(cut && mine === 1)) upstream.send(message);
      });
      upstream.onMessage((message) => {
        if (!(cut && mine === 1)) ws.send(message);
      });
    });
    await fox.reload(); // the route applies to sockets opened from now on
    await expect.poll(() => status(fox)).toBe('Your move (fox)');
    await expect.poll(() => fox.locator('.connection').textContent()).toBe('Connected');
    cut = true;
    await play(fox, ['d4', 'd5']);
    // Drawn as played, marked as sending: the server never hears of it.
    expect(await fox.locator('[data-sending="true"]').textContent()).toBe('Sending d4-d5…');
    expect(await fox.locator('[data-point="d5"]').getAttribute('data-piece')).toBe('fox');
    // Seen within 5 s (a ping every 2 s in play), not 26 s; the page is not online until a welcome resyncs it.
    const cutAt = Date.now();
    await expect
      .poll(() => fox.locator('[data-connection]').getAttribute('data-connection'), {
        timeout: 7_000,
        interval: 100,
      })
      .not.toBe('online');
    expect(Date.now() - cutAt).toBeLessThan(6_000);
    await expect.poll(() => fox.locator('.connection').textContent(), { timeout: 20_000 }).toBe('Connected');
    // The new welcome does not have the move: it is taken back, visibly.
    await expect.poll(() => fox.getByRole('alert').textContent()).toContain('Your move d4-d5 was taken back');
    expect(await fox.locator('[data-point="d4"]').getAttribute('data-piece')).toBe('fox');
    expect(await geese.locator('[data-point="d5"]').getAttribute('data-piece')).toBeNull();
    await play(fox, ['d4', 'd5']);
    await expect.poll(() => geese.locator('[data-point="d5"]').getAttribute('data-piece')).toBe('fox');
  }, 90_000);

  it('ends a game on time by the server alone, seen by both players and a spectator', async () => {
    const t = await table({ initial: 15, increment: 0 });
    const fox = await open(t, t.fox);
    const geese = await open(t, t.geese, { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
    const watcher = await open(t, null);
    for (const page of [fox, geese, watcher]) {
      expect(await page.locator('[data-clock="geese"]').textContent()).toMatch(/^0:1[0-5]$/);
    }
    // No clock runs until each side has made its first move (a game without one is aborted instead).
    await play(fox, ['d4', 'd5']);
    await expect.poll(() => status(geese)).toBe('Your move (geese)');
    await play(geese, ['c3', 'c4']);
    // Then nobody moves: the fox's 15 s run out.
    for (const page of [fox, geese, watcher])
      await expect.poll(() => status(page), { timeout: 25_000 }).toBe('The geese win: the fox ran out of time');
    expect(await fox.locator('[data-clock="fox"]').textContent()).toBe('0:00');
    expect(await watcher.locator('[data-clock="geese"]').textContent()).toBe('0:15');
  }, 60_000);

  it('reviews a move and goes back to the game; a move made meanwhile is shown as waiting', async () => {
    const t = await table();
    const fox = await open(t, t.fox);
    const geese = await open(t, t.geese);
    await play(fox, ['d4', 'd5']);
    await expect.poll(() => status(geese)).toBe('Your move (geese)');
    await play(geese, ['c3', 'c4']);
    await expect.poll(() => status(fox)).toBe('Your move (fox)');
    await fox.getByRole('button', { name: /^d4-d5/ }).click();
    await expect.poll(() => fox.locator('[data-point="c3"]').getAttribute('data-piece')).toBe('goose');
    await fox.keyboard.press('ArrowLeft');
    await expect.poll(() => fox.locator('[data-point="d4"]').getAttribute('data-piece')).toBe('fox');
    await fox.keyboard.press('ArrowRight');
    await expect.poll(() => fox.locator('[data-point="d5"]').getAttribute('data-piece')).toBe('fox');
    await fox.getByRole('button', { name: 'Back to the game' }).click();
    await expect.poll(() => fox.locator('[data-point="c4"]').getAttribute('data-piece')).toBe('goose');
    // Reviewing while the opponent moves: the board stays, the move waits.
    await play(fox, ['d5', 'd6']);
    await expect.poll(() => status(geese)).toBe('Your move (geese)');
    await fox.getByRole('button', { name: /^d4-d5/ }).click();
    await play(geese, ['e3', 'e4']);
    await expect.poll(() => fox.getByRole('note').textContent()).toBe('New move waiting: e3-e4');
    expect(await fox.locator('[data-point="d5"]').getAttribute('data-piece')).toBe('fox');
    expect(await fox.locator('[data-point="e3"]').getAttribute('data-piece')).toBe('goose');
    await fox.getByRole('button', { name: 'Back to the game' }).click();
    await expect.poll(() => fox.locator('[data-point="e4"]').getAttribute('data-piece')).toBe('goose');
    expect(await fox.locator('[data-point="d6"]').getAttribute('data-piece')).toBe('fox');
  });

  it('downloads the game record, which `rules replay` reads', async () => {
    const t = await table();
    const fox = await open(t, t.fox);
    const geese = await open(t, t.geese);
    await play(fox, ['d4', 'd5']);
    await expect.poll(() => status(geese)).toBe('Your move (geese)');
    await play(geese, ['c3', 'c4']);
    await expect.poll(() => status(fox)).toBe('Your move (fox)');
    const [download] = await Promise.all([
      fox.waitForEvent('download'),
      fox.getByRole('button', { name: 'Download game' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`fox-and-geese-${t.id}.txt`);
    const file = await download.path();
    const text = readFileSync(file, 'utf8');
    expect(text).toContain('[Variant "standard"]\n[Options "geese=13 sideways=false"]\n');
    expect(text).toContain('\n1. d4-d5 c3-c4\n*\n');
    const { stdout } = await promisify(execFile)('bash', ['-c', `pnpm --silent rules replay < "${file}"`], {
      cwd: ROOT,
    });
    expect(stdout).toBe(
      'position: fox:d5 geese:c1,d1,e1,c2,d2,e2,a3,b3,d3,e3,f3,g3,c4 turn:fox quiet:0\nresult: none\n',
    );
  });

  it('asks to confirm a resignation, and a draw offer can be declined', async () => {
    const t = await table();
    const fox = await open(t, t.fox);
    const geese = await open(t, t.geese);
    await fox.getByRole('button', { name: 'Offer draw' }).click();
    await geese.getByRole('button', { name: 'Decline draw' }).click();
    await expect.poll(() => geese.getByRole('button', { name: 'Accept draw' }).count()).toBe(0);
    expect(await geese.getByRole('button', { name: 'Offer draw' }).count()).toBe(1);
    await expect.poll(() => fox.getByText('Draw offered; waiting for an answer.').count()).toBe(0);
    await fox.getByRole('button', { name: 'Resign' }).click();
    expect(await status(fox)).toBe('Your move (fox)'); // not yet
    await fox.getByRole('button', { name: 'Confirm resignation' }).click();
    await expect.poll(() => status(geese)).toBe('The geese win: the fox resigned');
  });

  it('puts the free seat above the board in the first viewport of a phone, in every language', async () => {
    const created = await postJson<Created>(suite.server, '/api/tables', { variant: 'big-cross', side: 'fox' });
    for (const [lang, name] of [
      ['en', /^Take the geese seat$/],
      ['ru', /Занять место гусей/],
      ['pl', /gęsi/],
      ['hu', /libák/],
    ] as const) {
      const page = await open(
        { id: created.table.id, url: `${suite.server.url}/t/${created.table.id}?lang=${lang}` },
        null,
        {
          viewport: { width: 360, height: 740 },
          isMobile: true,
          hasTouch: true,
        },
      );
      const take = page.getByRole('button', { name });
      await take.waitFor();
      const box = (await take.boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(740);
      expect(box.height).toBeGreaterThanOrEqual(40);
      // Above the board, not over it: the whole board stays in sight.
      const board = (await page.locator('[data-board]').boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(board.y);
      // The button's words fit inside it.
      expect(await take.evaluate((b) => b.scrollWidth <= b.clientWidth)).toBe(true);
      await page.context().close();
    }
  });

  it('says "Your move" in the title while it is the viewer\'s turn', async () => {
    const t = await table();
    const fox = await open(t, t.fox);
    const geese = await open(t, t.geese);
    await expect.poll(() => fox.title()).toMatch(/^Your move · /);
    expect(await geese.title()).not.toMatch(/^Your move/);
    await play(fox, ['d4', 'd5']);
    await expect.poll(() => geese.title()).toMatch(/^Your move · /);
    await expect.poll(() => fox.title()).not.toMatch(/^Your move/);
  });

  it('plays a sound for a move after a gesture, and none once muted', async () => {
    const t = await table();
    // Count the notes the page starts through Web Audio.
    const counting = () => {
      const counted = window as unknown as { notes: number };
      counted.notes = 0;
      const prototype = AudioScheduledSourceNode.prototype; // where start() lives
      const start = Object.getOwnPropertyDescriptor(prototype, 'start')!.value as (when?: number) => void;
      prototype.start = function (this: OscillatorNode, when?: number) {
        counted.notes++;
        start.call(this, when);
      };
    };
    const fox = await open(t, t.fox, {}, counting);
    const geese = await open(t, t.geese, {}, counting);
    const notes = () => fox.evaluate(() => (window as unknown as { notes: number }).notes);
    await play(fox, ['d4', 'd5']); // the gesture, and the page's own move
    await expect.poll(notes).toBeGreaterThan(0);
    // The geese page has had no gesture yet: browsers would refuse the sound, so it plays none.
    await expect.poll(() => status(geese)).toBe('Your move (geese)');
    expect(await geese.evaluate(() => (window as unknown as { notes: number }).notes)).toBe(0);
    const before = await notes();
    await play(geese, ['c3', 'c4']);
    await expect.poll(notes).toBeGreaterThan(before);
    await fox.getByRole('button', { name: /Sound/ }).click();
    expect(await fox.getByRole('button', { name: /Sound/ }).getAttribute('aria-pressed')).toBe('false');
    const muted = await notes();
    await play(fox, ['d5', 'd6']);
    await expect.poll(() => status(geese)).toBe('Your move (geese)');
    await play(geese, ['e3', 'e4']);
    await expect.poll(() => status(fox)).toBe('Your move (fox)');
    expect(await notes()).toBe(muted);
    // Remembered: after a reload it is still off.
    await fox.reload();
    expect(await fox.getByRole('button', { name: /Sound/ }).getAttribute('aria-pressed')).toBe('false');
  });

  it('makes a second tab of the browser that takes a seat that player too, without a reload', async () => {
    const created = await postJson<Created>(suite.server, '/api/tables', { variant: 'standard', side: 'fox' });
    const url = `${suite.server.url}/t/${created.table.id}?lang=en`;
    const context = await suite.browser.newContext();
    contexts.push(context);
    const first = await context.newPage();
    const second = await context.newPage();
    await first.goto(url);
    await second.goto(url);
    await second.getByRole('button', { name: 'Take the geese seat' }).click();
    await expect.poll(() => second.locator('.you-play').textContent()).toBe('You play the geese.');
    // The other tab learns of the seat from the browser's storage and says hello again with it.
    await expect.poll(() => first.locator('.you-play').textContent()).toBe('You play the geese.');
    expect(await first.getByRole('button', { name: /^Take the/ }).count()).toBe(0);
  });
});
