import { newGame, playMoveText } from '@fg/rules';
import { describe, expect, it } from 'vitest';

import { Analysis, type AnalysisLine } from './analysis.js';
import { gameAt, variantOf } from './testing.js';

/** Deepens until the analysis is done or `depth` plies are searched; the last line. */
function analyse(analysis: Analysis, depth: number): AnalysisLine {
  let last: AnalysisLine | null = null;
  while (!analysis.done && (last?.depth ?? 0) < depth) last = analysis.deepen(Date.now() + 10_000) ?? last;
  if (!last) throw new Error('no depth completed');
  return last;
}

describe('Analysis', () => {
  it.each([
    ['standard', 'fox:d4 geese:d5,a3,g3,c1 turn:fox', 'fox', 1],
    ['standard', 'fox:c7 geese:e4,b5,e6,d7 turn:geese', 'fox', 2],
    ['raevskak', 'fox:d3 geese:a3,g3,a5,g5,c5 turn:fox', 'fox', 2],
  ] as const)('%s "%s": proves the win for %s in %i, with a line that plays', (id, text, winner, n) => {
    const game = gameAt(id, text);
    const line = analyse(new Analysis(game, 16), 20);
    expect([line.winner, line.winsIn]).toEqual([winner, n]);
    expect(line.foxScore > 0).toBe(winner === 'fox');
    // The line is legal from the position and ends the game in the proven number of plies.
    let g = game;
    for (const move of line.line) {
      const next = playMoveText(g, move);
      expect(next.ok, move).toBe(true);
      if (next.ok) g = next.value;
    }
    expect(g.result?.winner).toBe(winner);
  });

  it('from the start: one line per depth, each a legal sequence, deeper each time', () => {
    const game = newGame(variantOf('standard'));
    const analysis = new Analysis(game, 16);
    const lines = [1, 2, 3, 4].map(() => analysis.deepen(Date.now() + 10_000)!);
    expect(lines.map((l) => l.depth)).toEqual([1, 2, 3, 4]);
    for (const l of lines) {
      expect(l.winner).toBeNull();
      let g = game;
      for (const move of l.line) {
        const next = playMoveText(g, move);
        expect(next.ok, move).toBe(true);
        if (next.ok) g = next.value;
      }
    }
  });

  it.each([
    ['standard', 'start', 'fox'],
    ['standard', 'fox:c7 geese:e4,b5,e6,d7 turn:geese', 'geese'],
  ] as const)('%s %s: three lines a depth, each from another first move, best first for %s', (id, text, mover) => {
    const game = text === 'start' ? newGame(variantOf(id)) : gameAt(id, text);
    const analysis = new Analysis(game, 16, 3);
    const line = analyse(analysis, 4);
    const all = [line, ...line.others];
    expect(all).toHaveLength(3);
    expect(new Set(all.map((l) => l.line[0])).size).toBe(3);
    // The mover's view never rises down the list.
    const view = all.map((l) => (mover === 'fox' ? l.foxScore : -l.foxScore));
    expect(view).toEqual([...view].sort((a, b) => b - a));
    for (const l of all) {
      let g = game;
      for (const move of l.line) {
        const next = playMoveText(g, move);
        expect(next.ok, move).toBe(true);
        if (next.ok) g = next.value;
      }
    }
  });

  it('one line asked: no others', () => {
    const line = analyse(new Analysis(newGame(variantOf('standard')), 16), 3);
    expect(line.others).toEqual([]);
  });

  it('a deadline already past gives null, and the next call still completes the depth', () => {
    const analysis = new Analysis(newGame(variantOf('standard')), 16);
    for (let d = 1; d <= 5; d++) analysis.deepen(Date.now() + 10_000);
    // Depth 6 searches thousands of positions, so the stop (asked every 256) is heard.
    expect(analysis.deepen(0, () => true)).toBeNull();
    expect(analysis.deepen(Date.now() + 10_000)?.depth).toBe(6);
  });

  it('refuses a finished game', () => {
    const game = gameAt('standard', 'fox:d4 geese:a3,g3,c1 turn:geese');
    expect(game.result).not.toBeNull();
    expect(() => new Analysis(game)).toThrow(RangeError);
  });
});
