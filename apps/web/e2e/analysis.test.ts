// @vitest-environment node
// The analysis board in real headless Chromium against the real server: the engine's evaluation
// and line from the worker, moves played and stepped through with the keys, a position set up by
// text, the solution's verdict (its answer stood in by a route), and "Analyse this game" on a
// finished table with the losing mistake marked.
import { getVariant, isJump, makeMoveText, newGame, playPath } from '@fg/rules';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';

import { type Created, describeInBrowser, pageErrors, postJson, seatedContext } from './harness';

const standard = getVariant('standard', {});
if (!standard.ok) throw new Error(standard.error.message);
const STANDARD = standard.value;
const names = (path: readonly number[]): string[] => path.map((p) => STANDARD.board.points[p]!.name);

/** The evaluation shown, once the engine has said something. */
async function shownEval(page: Page): Promise<number> {
  const score = page.locator('[data-eval]');
  await score.waitFor();
  return Number(await score.getAttribute('data-eval'));
}

/** The marked moves of a list: [move text, mark], in order. */
const markedMoves = (page: Page, list: string) =>
  page
    .locator(`${list} [data-mark]`)
    .evaluateAll((moves) => moves.map((m) => [m.querySelector('code')?.textContent, m.getAttribute('data-mark')]));

const movesShown = (page: Page) => page.locator('.analysis-moves .moves__list li code').allTextContents();

/** The blunder line as move text, for a table's game opened in the analysis page. */
function blunderMoves(): string[] {
  return blunderLine().map((path) =>
    makeMoveText(
      STANDARD.board,
      path.map((n) => STANDARD.board.pointIndex(n)),
    ),
  );
}

/** A fox move, then a geese move that leaves a goose to be jumped, then the fox's jump. */
function blunderLine(): string[][] {
  const start = newGame(STANDARD);
  for (const fox of start.legal) {
    const afterFox = playPath(start, fox);
    if (!afterFox.ok) continue;
    for (const goose of afterFox.value.legal) {
      const afterGoose = playPath(afterFox.value, goose);
      if (!afterGoose.ok) continue;
      const jump = afterGoose.value.legal.find((m) => isJump(STANDARD, m));
      if (jump) return [names(fox), names(goose), names(jump)];
    }
  }
  throw new Error('no blunder found');
}

describeInBrowser('the analysis board in the browser', (suite) => {
  it('evaluates the start in a worker, plays any legal move, steps back and forward with the keys', async () => {
    const page = await suite.browser.newPage({ viewport: { width: 1200, height: 900 } });
    const errors = pageErrors(page);
    await page.goto(`${suite.server.url}/analysis/standard?geese=13&sideways=false&lang=en`);
    expect(Number.isFinite(await shownEval(page))).toBe(true);
    await page.locator('.eval__line code').first().waitFor();
    // The page's own thread has no engine: the search runs in a worker.
    expect(
      await page.evaluate(() => performance.getEntriesByType('resource').some((r) => r.name.includes('engine.worker'))),
    ).toBe(true);

    const [fox, goose] = blunderLine();
    for (const point of fox!) await page.locator(`[data-point="${point}"]`).click();
    for (const point of goose!) await page.locator(`[data-point="${point}"]`).click();
    await expect
      .poll(() => movesShown(page))
      .toEqual([
        makeMoveText(
          STANDARD.board,
          fox!.map((n) => STANDARD.board.pointIndex(n)),
        ),
        makeMoveText(
          STANDARD.board,
          goose!.map((n) => STANDARD.board.pointIndex(n)),
        ),
      ]);
    // The fox can now take a goose: the evaluation says so (from the fox's side).
    await expect.poll(() => shownEval(page), { timeout: 10_000 }).toBeGreaterThan(0.5);
    // The last click left the focus on a board point: the keys still step through the moves (arrows move between
    // points only when the keyboard brought the focus there).
    expect(await page.evaluate(() => document.activeElement?.hasAttribute('data-point'))).toBe(true);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => page.getByRole('status').textContent()).toContain('1 move played');
    await page.keyboard.press('Home');
    await expect.poll(() => page.getByRole('status').textContent()).toContain('0 moves played');
    await page.keyboard.press('End');
    // Two plies are one move: the count follows the move list's numbers.
    await expect.poll(() => page.getByRole('status').textContent()).toContain('1 move played');
    // The shown line is in the address: a reload (or the link sent to a friend) shows the same position.
    await page.keyboard.press('ArrowLeft');
    const first = makeMoveText(
      STANDARD.board,
      fox!.map((n) => STANDARD.board.pointIndex(n)),
    );
    await expect.poll(() => new URL(page.url()).searchParams.get('line')).toBe(first);
    await page.reload();
    await expect.poll(() => page.getByRole('status').textContent()).toContain('1 move played');
    expect(await movesShown(page)).toEqual([first]);
    // Tab brings the focus to the board: then the arrows move between its points and leave the moves alone.
    await page.locator('[data-point][tabindex="0"]').focus();
    const before = await page.evaluate(() => document.activeElement?.getAttribute('data-point'));
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-point'))).not.toBe(before);
    expect(await page.getByRole('status').textContent()).toContain('1 move played');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('sets up a position by text; a proven win reads "wins in"; the solution gives the verdict and keep moves', async () => {
    const page = await suite.browser.newPage({ viewport: { width: 360, height: 740 } });
    // The solver's endpoints answer as docs/protocol.md says (stand-ins: no table is installed here).
    await page.route('**/api/variants', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { variants: { id: string; solved?: object[] }[] };
      for (const v of body.variants) if (v.id === 'standard') v.solved = [{ geese: 13, sideways: false }];
      await route.fulfill({ response, json: body });
    });
    await page.route('**/api/solution/standard?*', (route) =>
      route.fulfill({ contentType: 'application/json', body: JSON.stringify({ winner: 'fox', keep: ['d4xd6'] }) }),
    );
    await page.goto(`${suite.server.url}/analysis/standard?lang=pl`);
    // A position that cannot be set up says why, in the page's language, and the board stays as it was.
    await page.getByLabel('Pozycja').fill('fox:d4 geese:d5,z9 turn:fox');
    // The form at the screen's bottom, as a phone's player scrolls to it; the reason then appears below the fold.
    await page.getByRole('button', { name: 'Ustaw' }).evaluate((button) => button.scrollIntoView({ block: 'end' }));
    await page.getByLabel('Pozycja').press('Enter');
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('Tej pozycji nie można ustawić: ');
    // On a phone the reason is brought into view (it used to appear below the screen's bottom).
    await expect
      .poll(
        async () => {
          const box = await page.getByRole('alert').boundingBox();
          return box !== null && box.y >= 0 && box.y + box.height <= 740 + 1; // a pixel for the fraction of a rounded scroll
        },
        { timeout: 10_000 },
      ) // a loaded machine scrolls late
      .toBe(true);
    await page.goto(`${suite.server.url}/analysis/standard?lang=en`);
    await page.getByLabel('Position').fill('fox:d4 geese:d5,a3,g3,c1 turn:fox');
    await page.getByRole('button', { name: 'Set up' }).click();
    await expect
      .poll(() => page.locator('.eval__score strong').textContent(), { timeout: 10_000 })
      .toBe('The fox wins in 1 move');
    expect(await shownEval(page)).toBe(100);
    await expect.poll(() => page.locator('[data-verdict]').getAttribute('data-verdict')).toBe('fox');
    expect(await page.locator('[data-verdict] code').textContent()).toBe('d4xd6');
    await page.close();
  });

  it('"Analyse this game" on a finished table opens its moves with the losing mistake marked', async () => {
    const created = await postJson<Created>(suite.server, '/api/tables', { variant: 'standard', side: 'fox' });
    const id = created.table.id;
    const second = await postJson<{ seat: Created['seat'] }>(suite.server, `/api/tables/${id}/seats`, {});
    const foxContext = await seatedContext(suite.browser, id, created.seat, {
      viewport: { width: 1200, height: 900 },
      serviceWorkers: 'allow', // the page is reloaded offline below, from the worker
    });
    const geeseContext = await seatedContext(suite.browser, id, second.seat, {
      viewport: { width: 1000, height: 800 },
    });
    const fox = await foxContext.newPage();
    const geese = await geeseContext.newPage();
    await Promise.all([
      fox.goto(`${suite.server.url}/t/${id}?lang=en`),
      geese.goto(`${suite.server.url}/t/${id}?lang=en`),
    ]);
    const line = blunderLine();
    const players = [fox, geese, fox];
    for (const [i, path] of line.entries()) {
      const page = players[i]!;
      await expect.poll(() => page.getByRole('status').textContent()).toMatch(/^Your move/);
      for (const point of path) await page.locator(`[data-point="${point}"]`).click();
    }
    await expect.poll(() => geese.getByRole('status').textContent()).toMatch(/^Your move/);
    await geese.getByRole('button', { name: 'Resign' }).click();
    await geese.getByRole('button', { name: 'Confirm resignation' }).click();
    // The table page judges the finished game as the analysis does (here the test server has no solution: the engine
    // to a fixed depth, the same on every page).
    const tableMarks = fox.locator('.review-panel__source[data-marks="engine"][data-complete="true"]');
    await tableMarks.waitFor({ timeout: 30_000 });
    const onTable = await markedMoves(fox, '.moves__list');
    await fox.getByRole('button', { name: 'Analyse this game' }).click();
    await fox.waitForURL(/\/analysis\/standard\?/);
    await expect.poll(() => movesShown(fox)).toHaveLength(3);
    // No solution here: the engine marks the geese's move that let a goose be taken.
    const marks = fox.locator('[data-marks="engine"][data-complete="true"]');
    await marks.waitFor({ timeout: 30_000 });
    const inAnalysis = await markedMoves(fox, '.analysis-moves .moves__list');
    const blunder = makeMoveText(
      STANDARD.board,
      line[1]!.map((n) => STANDARD.board.pointIndex(n)),
    );
    expect(inAnalysis).toContainEqual([blunder, 'mistake']);
    expect(inAnalysis).toEqual(onTable);
    // The same moves without table=, and offline (the app from its service worker, no server to ask): the same marks.
    const address = new URL(fox.url());
    address.searchParams.delete('table');
    await fox.goto(address.toString());
    await fox.locator('[data-marks="engine"][data-complete="true"]').waitFor({ timeout: 30_000 });
    expect(await markedMoves(fox, '.analysis-moves .moves__list')).toEqual(onTable);
    await foxContext.setOffline(true);
    await fox.reload();
    await fox.locator('[data-marks="engine"][data-complete="true"]').waitFor({ timeout: 30_000 });
    expect(await markedMoves(fox, '.analysis-moves .moves__list')).toEqual(onTable);
    await foxContext.close();
    await geeseContext.close();
  });

  it('asks nothing of the solution where the game is not solved: the engine marks it, and nothing answers 404', async () => {
    const page = await suite.browser.newPage({ viewport: { width: 1200, height: 900 } });
    const asked: string[] = [];
    const errors: string[] = [];
    page.on('request', (request) => asked.push(new URL(request.url()).pathname));
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    const moves = blunderMoves();
    await page.goto(`${suite.server.url}/analysis/standard?moves=${moves.join(',')}&table=V1StGXR8_Z&lang=en`);
    await page.locator('[data-marks="engine"]').waitFor();
    // The download panel may ask whether the server offers a table (/api/solution/status); no verdict is asked.
    const verdicts = (path: string) =>
      path.endsWith('/verdicts') || (path.includes('/api/solution/') && path !== '/api/solution/status');
    expect(asked.filter(verdicts)).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('marks the decisive mistake from the solution where the game is solved, with or without table=', async () => {
    const page = await suite.browser.newPage({ viewport: { width: 1200, height: 900 } });
    // A solution for standard 13 as the server names it (`solved`), then the verdicts endpoint as docs/protocol.md
    // says: the winner before each move and after the last.
    await page.route('**/api/variants', async (route) => {
      const { variants } = (await (await route.fetch()).json()) as { variants: { id: string }[] };
      const solved = (v: { id: string }) =>
        v.id === 'standard' ? { ...v, solved: [{ geese: 13, sideways: false }] } : v;
      await route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({ variants: variants.map(solved) }),
      });
    });
    // The solution's facts of the game (docs/protocol.md "The solution of a game"): the geese's move throws their win
    // away. Every legal move is listed as the table would; only the moves played matter here.
    const moves = blunderMoves();
    const winners = ['geese', 'geese', 'fox', 'fox'];
    await page.route('**/api/solution/standard/game?*', (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({
          plies: winners.map((winner, i) => ({
            winner,
            moves: i < moves.length ? [{ move: moves[i], winner: winners[i + 1], keep: 1, replies: 4 }] : [],
          })),
        }),
      }),
    );
    for (const address of [`table=V1StGXR8_Z&`, '']) {
      await page.goto(`${suite.server.url}/analysis/standard?moves=${moves.join(',')}&${address}lang=en`);
      await page.locator('[data-marks="solution"][data-complete="true"]').waitFor({ timeout: 30_000 });
      const decisive = await page.locator('.analysis-moves [data-mark="decisive"] code').allTextContents();
      expect(decisive).toEqual([moves[1]]);
      // The review opens on the decisive mistake, with its sentence.
      expect(await page.locator('.analysis-moves [aria-current="step"] code').textContent()).toBe(moves[1]);
      expect(await page.locator('[data-sentence="decisive"]').textContent()).toContain(
        `${moves[1]} lets the fox win: the geese can no longer stop it.`,
      );
    }
    await page.close();
  });
});
