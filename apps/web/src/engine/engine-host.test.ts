// @vitest-environment node
// The worker protocol as the worker runs it: a position in, evaluations and lines out, a newer
// request cancelling the older one, a review of every position, the computer's move.
import { getVariant, newGame, playMoveText } from '@fg/rules';
import { describe, expect, it } from 'vitest';

import { engineHost } from './engine-host';
import type { EngineAnswer } from './protocol';

const standard = { variant: 'standard', moves: [] as string[] };
const wonForFox = { variant: 'standard', start: 'fox:d4 geese:d5,a3,g3,c1 turn:fox', moves: [] as string[] };

/** A host whose answers are collected, with a promise for the answer a test waits for. */
function host() {
  const answers: EngineAnswer[] = [];
  const waiters: [(a: EngineAnswer) => boolean, () => void][] = [];
  const receive = engineHost((answer) => {
    answers.push(answer);
    for (const [test, resolve] of waiters) if (test(answer)) resolve();
  });
  const until = (test: (a: EngineAnswer) => boolean): Promise<void> =>
    answers.some(test) ? Promise.resolve() : new Promise((resolve) => waiters.push([test, resolve]));
  return { receive, answers, until };
}

describe('the engine worker protocol', () => {
  it('a position in: lines out, one per depth, deeper each time, evaluations from the fox side', async () => {
    const h = host();
    void h.receive({ type: 'analyse', id: 1, record: standard, timeMs: 3000 });
    await h.until((a) => a.type === 'line' && a.depth >= 4);
    void h.receive({ type: 'stop' });
    const lines = h.answers.filter((a) => a.type === 'line');
    expect(lines.map((l) => l.depth).slice(0, 4)).toEqual([1, 2, 3, 4]);
    const variant = getVariant('standard');
    if (!variant.ok) throw new Error(variant.error.message);
    const game = newGame(variant.value);
    for (const line of lines) {
      expect(line.id).toBe(1);
      expect(typeof line.foxScore).toBe('number');
      expect(line.winner).toBeNull();
      // The line starts with a legal move of the side to move.
      expect(playMoveText(game, line.line[0]!).ok).toBe(true);
    }
  });

  it('proves a win: the winner, "wins in", a decided score, then done', async () => {
    const h = host();
    await h.receive({ type: 'analyse', id: 7, record: wonForFox });
    const last = h.answers.filter((a) => a.type === 'line').at(-1)!;
    expect(last).toMatchObject({ id: 7, winner: 'fox', winsIn: 1, foxScore: 100, line: ['d4xd6'] });
    expect(h.answers.at(-1)).toEqual({ type: 'done', id: 7 });
  });

  it('a new position cancels the search of the old one: no answer of the old id after the new one starts', async () => {
    const h = host();
    const first = h.receive({ type: 'analyse', id: 1, record: standard, timeMs: 20_000 });
    await h.until((a) => a.type === 'line' && a.id === 1);
    const second = h.receive({ type: 'analyse', id: 2, record: wonForFox });
    await Promise.all([first, second]);
    const firstOfTwo = h.answers.findIndex((a) => a.id === 2);
    expect(firstOfTwo).toBeGreaterThan(0);
    // At most the slice already running when the new request came finishes for id 1.
    expect(h.answers.slice(firstOfTwo).filter((a) => a.id === 1)).toEqual([]);
    expect(h.answers.filter((a) => a.id === 1 && a.type === 'done')).toEqual([]);
    expect(h.answers.at(-1)).toEqual({ type: 'done', id: 2 });
  });

  it('a stop ends the search without a done', async () => {
    const h = host();
    const run = h.receive({ type: 'analyse', id: 3, record: standard, timeMs: 20_000 });
    await h.until((a) => a.type === 'line');
    await h.receive({ type: 'stop' });
    await run;
    expect(h.answers.some((a) => a.type === 'done')).toBe(false);
  });

  it('reviews every position of a game, the finished last one as its winner', async () => {
    const h = host();
    const record = { variant: 'standard', start: 'fox:d4 geese:d5,a3,g3,c1 turn:fox', moves: ['d4xd6'] };
    await h.receive({ type: 'review', id: 4, record, timeMs: 50 });
    const reviewed = h.answers.filter((a) => a.type === 'reviewed');
    expect(reviewed.map((r) => [r.ply, r.winner, r.foxScore])).toEqual([
      [0, 'fox', 100],
      [1, 'fox', 100],
    ]);
    expect(h.answers.at(-1)).toEqual({ type: 'done', id: 4 });
  });

  it("chooses the computer's move at a level, and answers a bad record with an error", async () => {
    const h = host();
    await h.receive({ type: 'choose', id: 5, record: wonForFox, level: 8 });
    expect(h.answers).toEqual([{ type: 'chosen', id: 5, move: 'd4xd6' }]);
    await h.receive({ type: 'analyse', id: 6, record: { variant: 'standard', moves: ['a1-a2'] } });
    expect(h.answers.at(-1)).toMatchObject({ type: 'error', id: 6 });
  });
});
