import { describe, expect, it } from 'vitest';

import { lineThrough, lineTree, mainLine, movesTo, play, shownVariation, step } from './move-tree';

describe('the move tree', () => {
  const game = lineTree(['d4-d5', 'c3-c4', 'd5-d6']);

  it('holds the game as its main line, shown from the start', () => {
    expect(game.current).toBe(0);
    expect(movesTo(step(game, 'end'))).toEqual(['d4-d5', 'c3-c4', 'd5-d6']);
    expect(movesTo(step(step(game, 'forward'), 'forward'))).toEqual(['d4-d5', 'c3-c4']);
  });

  it('a move off the line is a variation; the line stays first; the same move again goes to it', () => {
    const one = step(game, 'forward');
    const varied = play(one, 'e3-e4');
    expect(movesTo(varied)).toEqual(['d4-d5', 'e3-e4']);
    expect(movesTo(step(step(varied, 'back'), 'end'))).toEqual(['d4-d5', 'c3-c4', 'd5-d6']);
    expect(play(step(varied, 'back'), 'e3-e4').nodes).toHaveLength(varied.nodes.length);
    expect(lineThrough(varied, varied.current).map((id) => varied.nodes[id]!.move)).toEqual(['d4-d5', 'e3-e4']);
  });

  it('names the variation the shown move is on, from the first move off the main line, and none on it', () => {
    const varied = play(play(step(game, 'forward'), 'e3-e4'), 'd5-e5');
    const moves = (ids: readonly number[] | undefined) => ids?.map((id) => varied.nodes[id]!.move);
    expect(moves(mainLine(varied))).toEqual(['d4-d5', 'c3-c4', 'd5-d6']);
    expect(shownVariation(varied)?.ply).toBe(1);
    expect(moves(shownVariation(varied)?.nodes)).toEqual(['e3-e4', 'd5-e5']);
    // Back inside the variation, it is still shown whole; back on the main line there is none.
    expect(moves(shownVariation(step(varied, 'back'))?.nodes)).toEqual(['e3-e4', 'd5-e5']);
    expect(shownVariation(step(step(varied, 'back'), 'back'))).toBeNull();
    expect(shownVariation(step(game, 'end'))).toBeNull();
    expect(shownVariation(lineTree([]))).toBeNull();
  });

  it('back at the root and forward at the end stay put', () => {
    expect(step(game, 'back')).toBe(game);
    const end = step(game, 'end');
    expect(step(end, 'forward')).toBe(end);
  });
});
