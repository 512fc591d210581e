// @vitest-environment node
// The table in real Chromium against the real server: a still board (its top edge measured before
// and after every notice, on a laptop and on a phone), premove, drag and drop, and a page set offline; every
// variant on a 390 px phone (the heading whole, the coordinates inside the frame, the buttons clear of the board);
// Big Cross's rank numbers drawn over the a-file's geese, a tap on one reaching its point.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect, it } from 'vitest';

import { clickPoints, type Created, describeInBrowser, pieceOn, postJson, seatedContext, statusOf } from './harness';

const DESKTOP = { viewport: { width: 1280, height: 900 } } as const;
const PHONE = { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true } as const;
const PHONE_390 = { ...PHONE, viewport: { width: 390, height: 844 } } as const;

describeInBrowser('the table page', (suite) => {
  const contexts: BrowserContext[] = [];

  /** A new standard table with the fox seat taken (the geese seat too unless `waiting`). */
  async function table(waiting = false) {
    const created = await postJson<Created>(suite.server, '/api/tables', { variant: 'standard', side: 'fox' });
    const id = created.table.id;
    const url = `${suite.server.url}/t/${id}?lang=en`;
    const join = () => postJson<{ seat: Created['seat'] }>(suite.server, `/api/tables/${id}/seats`, { side: 'geese' });
    const geese = waiting ? null : (await join()).seat;
    return { id, url, fox: created.seat, geese, join };
  }

  /** A page in its own browser context, holding `seat` (or watching). */
  async function open(
    t: { id: string; url: string },
    seat: Created['seat'] | null,
    options: Parameters<Browser['newContext']>[0] = DESKTOP,
  ): Promise<Page> {
    const context = seat
      ? await seatedContext(suite.browser, t.id, seat, options)
      : await suite.browser.newContext(options);
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(t.url);
    await page.locator('[data-board] svg').waitFor();
    return page;
  }

  const [status, piece, play] = [statusOf, pieceOn, clickPoints];
  /** The board's top edge in the document (scrolling aside), in CSS px. */
  const boardTop = (page: Page) =>
    page.evaluate(() => document.querySelector('[data-board]')!.getBoundingClientRect().top + window.scrollY);
  /** Runs `step`, waits until `shown` holds, and checks the board's top has stayed within 2 px. */
  async function still(page: Page, what: string, step: () => Promise<unknown>, shown: () => Promise<unknown>) {
    const before = await boardTop(page);
    await step();
    await shown();
    const after = await boardTop(page);
    expect(Math.abs(after - before), `${what}: the board moved from ${before} to ${after}`).toBeLessThanOrEqual(2);
  }

  it.each([
    ['a laptop', DESKTOP],
    ['a phone', PHONE],
  ])(
    'keeps the board still on %s while notices come and go',
    async (_, device) => {
      const t = await table(true);
      const fox = await open(t, t.fox, device);
      const watcher = await open(t, null, device);
      await watcher.getByRole('button', { name: 'Take the geese seat' }).waitFor();
      // The join banner goes when the seat is taken by someone else; the fox hears of the friend.
      let geeseSeat: Created['seat'] | null = null;
      await still(
        watcher,
        'join banner gone',
        async () => (geeseSeat = (await t.join()).seat),
        () => watcher.getByRole('button', { name: 'Take the geese seat' }).waitFor({ state: 'detached' }),
      );
      await expect.poll(() => status(fox)).toBe('Your move (fox)');
      const geese = await open(t, geeseSeat, device);
      await still(
        fox,
        'a hint',
        () => play(fox, ['c1']),
        () => fox.getByRole('note').waitFor(),
      );
      await still(
        fox,
        'Cancel beside a picked piece',
        () => play(fox, ['d4']),
        () => fox.getByRole('button', { name: 'Cancel', exact: true }).waitFor(),
      );
      await still(
        fox,
        'the move played',
        () => play(fox, ['d5']),
        () => expect.poll(() => status(geese)).toBe('Your move (geese)'),
      );
      await still(
        fox,
        'a draw offer',
        () => geese.getByRole('button', { name: 'Offer draw' }).click(),
        () => fox.getByRole('button', { name: 'Decline draw' }).waitFor(),
      );
      await still(
        geese,
        'a declined draw offer',
        () => fox.getByRole('button', { name: 'Decline draw' }).click(),
        () =>
          expect
            .poll(() => geese.locator('[data-declined="draw"]').textContent())
            .toBe('Your draw offer was declined.'),
      );
      await play(geese, ['c3', 'c4']);
      await expect.poll(() => status(fox)).toBe('Your move (fox)');
      await still(
        fox,
        'the review bar',
        () => fox.getByRole('button', { name: /^d4-d5/ }).click(),
        () => fox.getByRole('button', { name: 'Back to the game' }).waitFor(),
      );
      await still(
        fox,
        'the review bar gone',
        () => fox.getByRole('button', { name: 'Back to the game' }).click(),
        () => fox.getByRole('button', { name: 'Back to the game' }).waitFor({ state: 'detached' }),
      );
      await still(
        fox,
        'the end',
        () =>
          fox
            .getByRole('button', { name: 'Resign' })
            .click()
            .then(() => fox.getByRole('button', { name: 'Confirm resignation' }).click()),
        () => expect.poll(() => status(fox)).toMatch(/^The geese win/),
      );
    },
    90_000,
  );

  it('clears a stale hint when the game ends', async () => {
    const t = await table();
    const fox = await open(t, t.fox);
    const geese = await open(t, t.geese);
    await play(geese, ['d4']); // the fox: not the geese's to move, and no premove to set
    await expect.poll(() => geese.getByRole('note').textContent()).toBe('Wait: it is not your move.');
    await fox.getByRole('button', { name: 'Resign' }).click();
    await fox.getByRole('button', { name: 'Confirm resignation' }).click();
    await expect.poll(() => status(geese)).toMatch(/^The geese win/);
    expect(await geese.getByRole('note').count()).toBe(0);
  });

  it('sets a premove during the opponent turn, shows it, cancels it by a click elsewhere, and plays it at once', async () => {
    const t = await table();
    const fox = await open(t, t.fox);
    const geese = await open(t, t.geese);
    await play(fox, ['d4', 'd5']);
    await expect.poll(() => status(fox)).toBe('The geese to move');
    // A premove, then a click off the board: gone.
    await play(fox, ['d5', 'd6']);
    expect(await fox.locator('[data-premove="d5"]').count()).toBe(1);
    expect(await fox.locator('[data-premove="d6"]').count()).toBe(1);
    await fox.getByRole('status').click();
    expect(await fox.locator('[data-premove]').count()).toBe(0);
    // Set again; the geese move; the fox's premove is played at once.
    await play(fox, ['d5', 'd6']);
    await play(geese, ['c3', 'c4']);
    await expect.poll(() => piece(geese, 'd6')).toBe('fox');
    await expect.poll(() => status(geese)).toBe('Your move (geese)');
    expect(await fox.locator('[data-premove]').count()).toBe(0);
  });

  it('drags a piece with the mouse, and with touch and pen pointer events, all on one path', async () => {
    const t = await table();
    const fox = await open(t, t.fox);
    const geese = await open(t, t.geese, PHONE);
    const center = async (page: Page, point: string) => {
      const box = (await page.locator(`[data-point="${point}"] .point__hit`).boundingBox())!;
      return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    };
    const from = await center(fox, 'd4');
    const to = await center(fox, 'd5');
    await fox.mouse.move(from.x, from.y);
    await fox.mouse.down();
    await fox.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 4 });
    expect(await fox.locator('.piece-slot--dragged').count()).toBe(1);
    await fox.mouse.move(to.x, to.y, { steps: 4 });
    await fox.mouse.up();
    await expect.poll(() => piece(geese, 'd5')).toBe('fox');
    // The geese drag with a finger: the same pointer events, pointerType touch.
    const drag = async (page: Page, a: string, b: string, pointerType: 'touch' | 'pen') => {
      const [p, q] = [await center(page, a), await center(page, b)];
      // Each event in a frame of its own, as a finger's or a pen's events come (not all in one task).
      await page.evaluate(
        async ({ p, q, pointerType }) => {
          const svg = document.querySelector('[data-board] svg')!;
          const fire = async (target: Element, type: string, x: number, y: number) => {
            const init = { bubbles: true, clientX: x, clientY: y, pointerId: 7, pointerType, isPrimary: true };
            target.dispatchEvent(new PointerEvent(type, init));
            await new Promise((resolve) => requestAnimationFrame(resolve));
          };
          await fire(document.elementFromPoint(p.x, p.y)!, 'pointerdown', p.x, p.y);
          for (let i = 1; i <= 5; i++)
            await fire(svg, 'pointermove', p.x + ((q.x - p.x) * i) / 5, p.y + ((q.y - p.y) * i) / 5);
          await fire(svg, 'pointerup', q.x, q.y);
        },
        { p, q, pointerType },
      );
    };
    await expect.poll(() => status(geese)).toBe('Your move (geese)');
    await drag(geese, 'c3', 'c4', 'touch');
    await expect.poll(() => piece(fox, 'c4')).toBe('goose');
    await expect.poll(() => status(fox)).toBe('Your move (fox)');
    await drag(fox, 'd5', 'd6', 'pen');
    await expect.poll(() => piece(geese, 'd6')).toBe('fox');
  });

  it('shows a page set offline within 5 s, takes no input, and resyncs from a welcome when back', async () => {
    const t = await table();
    const fox = await open(t, t.fox);
    const geese = await open(t, t.geese);
    await play(fox, ['d4', 'd5']);
    await expect.poll(() => status(geese)).toBe('Your move (geese)');
    const link = () => geese.locator('[data-connection]').getAttribute('data-connection');
    expect(await link()).toBe('online');
    await geese.context().setOffline(true);
    const since = Date.now();
    await expect.poll(link, { timeout: 5_000, interval: 100 }).toBe('offline');
    expect(Date.now() - since).toBeLessThan(5_000);
    await geese.getByRole('alert').filter({ hasText: 'Connection lost' }).waitFor();
    // The board is veiled: a click on a goose picks nothing.
    await geese.locator('[data-point="c3"]').click({ force: true });
    expect(await geese.locator('[data-point][aria-pressed="true"]').count()).toBe(0);
    // Meanwhile the fox resigns; back online, the page catches up from its new welcome.
    await fox.getByRole('button', { name: 'Resign' }).click();
    await fox.getByRole('button', { name: 'Confirm resignation' }).click();
    await geese.context().setOffline(false);
    await expect.poll(link, { timeout: 15_000 }).toBe('online');
    await expect.poll(() => status(geese)).toMatch(/^The geese win/);
    expect(await geese.getByRole('alert').filter({ hasText: 'Connection lost' }).count()).toBe(0);
  }, 60_000);

  it.each([
    ['standard', 'Fox and Geese'],
    ['two-foxes', 'Two Foxes'],
    ['big-cross', 'Big Cross'],
    ['raevskak', 'Rævskak'],
  ])(
    'on a 390 px phone, %s: the heading %s whole, coordinates inside the frame, the buttons clear of the board',
    async (variant, name) => {
      const created = await postJson<Created>(suite.server, '/api/tables', { variant, side: 'fox' });
      const id = created.table.id;
      await postJson(suite.server, `/api/tables/${id}/seats`, { side: 'geese' });
      const page = await open({ id, url: `${suite.server.url}/t/${id}?lang=en` }, created.seat, PHONE_390);
      await page.getByRole('button', { name: 'Offer draw' }).waitFor();
      const facts = await page.evaluate(() => {
        const h1 = document.querySelector('h1')!;
        const wood = document.querySelector('.board__wood')!.getBoundingClientRect();
        const texts = [...document.querySelectorAll('.board__coords text')].map((t) => t.getBoundingClientRect());
        const controls = document.querySelector('.controls')!.getBoundingClientRect();
        return {
          heading: h1.innerText,
          cut: h1.scrollWidth > h1.clientWidth,
          coords: texts.length,
          // The least room (px) between a coordinate and the frame's edge: below 0 it is clipped.
          room: Math.round(
            Math.min(
              ...texts.map((r) =>
                Math.min(r.left - wood.left, wood.right - r.right, r.top - wood.top, wood.bottom - r.bottom),
              ),
            ),
          ),
          gap: Math.round(controls.top - wood.bottom),
        };
      });
      expect([facts.heading, facts.cut]).toEqual([name, false]);
      expect(facts.coords).toBeGreaterThan(10);
      expect(facts.room).toBeGreaterThanOrEqual(0);
      expect(facts.gap).toBeGreaterThanOrEqual(8);
      // A touch screen is told to tap, not about arrow keys (the CSS media (hover: none), (pointer: coarse)). A
      // full-page screenshot (fullPage: true) of such a context shows the keys' words: Chromium's capture beyond the
      // viewport turns the touch emulation off while it captures, so every hover/pointer feature reads as a mouse.
      // Phone screenshots are taken of the viewport or of an element.
      expect(await page.locator('.moves__hint').first().innerText()).toBe('Tap a move to look back.');
    },
    60_000,
  );

  it.each([
    ['a 360 px phone', PHONE],
    ['a laptop', DESKTOP],
  ])(
    'Big Cross on %s: the "4" is drawn over the a4 goose with a halo, and a tap on it reaches a4',
    async (_name, options) => {
      const created = await postJson<Created>(suite.server, '/api/tables', { variant: 'big-cross', side: 'fox' });
      const id = created.table.id;
      const page = await open({ id, url: `${suite.server.url}/t/${id}?lang=en` }, created.seat, options);
      expect(await piece(page, 'a4')).toBe('goose');
      const facts = await page.evaluate(() => {
        const four = [...document.querySelectorAll('.board__coords text')].find((t) => t.textContent === '4')!;
        const box = four.getBoundingClientRect();
        const a4 = document.querySelector('[data-point="a4"]')!;
        const goose = a4.querySelector('.piece-slot')!.getBoundingClientRect();
        const style = getComputedStyle(four);
        const [x, y] = [box.left + box.width / 2, box.top + box.height / 2];
        return {
          // The number's box reaches into the goose's: without drawing over it, the goose would hide part of it.
          overlaps: box.right > goose.left && box.bottom > goose.top && box.top < goose.bottom,
          over: (a4.compareDocumentPosition(four) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0,
          halo: [style.stroke.startsWith('url('), style.paintOrder, parseFloat(style.strokeWidth) > 0],
          pointerEvents: style.pointerEvents,
          tapped: document.elementFromPoint(x, y)?.closest('[data-point]')?.getAttribute('data-point'),
          cell: a4.getBoundingClientRect().width,
        };
      });
      expect(facts).toEqual({
        overlaps: true,
        over: true,
        halo: [true, 'stroke', true],
        pointerEvents: 'none',
        tapped: 'a4',
        cell: expect.any(Number),
      });
      // The frame is not widened for it: a point's hit cell stays 40 px on a 360 px phone.
      if (options === PHONE) expect(facts.cell).toBeGreaterThanOrEqual(40);
    },
    60_000,
  );
});
