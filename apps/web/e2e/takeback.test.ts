// @vitest-environment node
// Takeback, rematch decline and the clock's start across two browsers against the real server: the
// player who moved proposes a takeback, the other sees Accept / Decline; a decline is told in words, an
// accept undoes the move on both boards; a rematch can be declined, and the asker is told.
import type { BrowserContext, Page } from 'playwright-core';
import { expect, it } from 'vitest';

import { clickPoints, type Created, describeInBrowser, pieceOn, postJson, seatedContext, statusOf } from './harness';

describeInBrowser('takeback and rematch decline, two browsers', (suite) => {
  const contexts: BrowserContext[] = [];

  /** Both players of a new standard table, each in a browser of its own. */
  async function players(body: object = {}): Promise<{ fox: Page; geese: Page }> {
    const created = await postJson<Created>(suite.server, '/api/tables', { variant: 'standard', side: 'fox', ...body });
    const id = created.table.id;
    const joined = await postJson<{ seat: Created['seat'] }>(suite.server, `/api/tables/${id}/seats`, {
      side: 'geese',
    });
    const open = async (seat: Created['seat']) => {
      const context = await seatedContext(suite.browser, id, seat, { viewport: { width: 1280, height: 900 } });
      contexts.push(context);
      const page = await context.newPage();
      await page.goto(`${suite.server.url}/t/${id}?lang=en`);
      await page.locator('[data-board] svg').waitFor();
      return page;
    };
    return { fox: await open(created.seat), geese: await open(joined.seat) };
  }

  const [status, piece, play] = [statusOf, pieceOn, clickPoints];
  const moves = (page: Page) => page.locator('.moves__move').count();

  it('declines a takeback in words, then accepts one: the move is undone on both boards', async () => {
    const { fox, geese } = await players();
    await play(fox, ['d4', 'd5']);
    await expect.poll(() => status(geese)).toBe('Your move (geese)');
    await fox.getByRole('button', { name: 'Propose takeback' }).click();
    await geese.getByRole('button', { name: 'Accept takeback' }).waitFor();
    expect(await geese.locator('.notice--offer').textContent()).toBe('The fox asks to take back its last move.');
    expect(await fox.getByText('Takeback proposed; waiting for an answer.').count()).toBe(1);
    await geese.getByRole('button', { name: 'Decline takeback' }).click();
    await expect
      .poll(() => fox.locator('[data-declined="takeback"]').textContent())
      .toBe('Your takeback request was declined.');
    // A desktop with a mouse is told about the arrow keys.
    expect(await fox.locator('.moves__hint').first().innerText()).toBe(
      'Click a move, or use the ← → keys, to look back.',
    );
    // The one who declined is spoken to, not about.
    expect(await geese.locator('[data-declined="takeback"]').textContent()).toBe('You declined the takeback.');
    expect(await piece(fox, 'd5')).toBe('fox');
    // One request a move: the button rests until the geese move; then the fox's request undoes both moves.
    expect(await fox.getByRole('button', { name: 'Propose takeback' }).isDisabled()).toBe(true);
    // A page opened after the decline knows it from the table's view: once welcomed (Offer draw live), the
    // button still rests.
    await fox.reload();
    await expect.poll(() => fox.getByRole('button', { name: 'Offer draw' }).isEnabled()).toBe(true);
    expect(await fox.getByRole('button', { name: 'Propose takeback' }).isDisabled()).toBe(true);
    await play(geese, ['c3', 'c4']);
    await expect.poll(() => status(fox)).toBe('Your move (fox)');
    await fox.getByRole('button', { name: 'Propose takeback' }).click();
    await geese.getByRole('button', { name: 'Accept takeback' }).click();
    for (const page of [fox, geese]) {
      await expect.poll(() => piece(page, 'd4')).toBe('fox');
      expect(await piece(page, 'd5')).toBeNull();
      expect(await piece(page, 'c3')).toBe('goose');
      expect(await moves(page)).toBe(0);
    }
    await expect.poll(() => status(fox)).toBe('Your move (fox)');
    await play(fox, ['d4', 'e4']);
    await expect.poll(() => piece(geese, 'e4')).toBe('fox');
  }, 60_000);

  it('declines a rematch: the asker is told, and may ask again; a draw declined before the end is no longer news', async () => {
    const { fox, geese } = await players();
    await play(fox, ['d4', 'd5']);
    await expect.poll(() => status(geese)).toBe('Your move (geese)');
    await fox.getByRole('button', { name: 'Offer draw' }).click();
    await geese.getByRole('button', { name: 'Decline draw' }).click();
    await expect.poll(() => fox.locator('[data-declined="draw"]').count()).toBe(1);
    await fox.getByRole('button', { name: 'Resign' }).click();
    await fox.getByRole('button', { name: 'Confirm resignation' }).click();
    await expect.poll(() => status(geese)).toMatch(/^The geese win/);
    expect(await fox.locator('[data-declined]').count()).toBe(0);
    expect(await geese.locator('[data-declined]').count()).toBe(0);
    await geese.getByRole('button', { name: 'Rematch' }).click();
    await fox.getByRole('button', { name: 'Decline rematch' }).click();
    await expect
      .poll(() => geese.locator('[data-declined="rematch"]').textContent())
      .toBe('Your rematch request was declined.');
    await expect.poll(() => geese.getByRole('button', { name: 'Rematch' }).isEnabled()).toBe(true);
    expect(await fox.getByRole('button', { name: 'Decline rematch' }).count()).toBe(0);
    expect(await fox.locator('[data-declined="rematch"]').textContent()).toBe('You declined the rematch.');
  }, 60_000);

  it('keeps the clocks still until each side has moved, and says so', async () => {
    const { fox, geese } = await players({ clock: { initial: 60, increment: 2 } });
    await fox.getByText('No clock runs until each side has made its first move.').waitFor();
    await fox.waitForTimeout(1500);
    expect(await fox.locator('[data-clock="fox"]').textContent()).toBe('1:00');
    await play(fox, ['d4', 'd5']);
    await expect.poll(() => status(geese)).toBe('Your move (geese)');
    await geese.waitForTimeout(1500);
    expect(await geese.locator('[data-clock="geese"]').textContent()).toBe('1:00');
    await play(geese, ['c3', 'c4']);
    // From ply 2 the side to move's clock runs.
    await expect.poll(() => fox.locator('[data-clock="fox"]').textContent(), { timeout: 5_000 }).not.toBe('1:00');
    expect(await fox.getByText('No clock runs until each side has made its first move.').count()).toBe(0);
  }, 60_000);
});
