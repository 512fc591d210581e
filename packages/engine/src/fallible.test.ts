import { listMoves, MoveList, newGame, playPath } from '@fg/rules';
import { describe, expect, it } from 'vitest';

import { searchStateOf } from './choose.js';
import { fallibleChoice } from './fallible.js';
import { Searcher } from './search.js';
import { TranspositionTable } from './table.js';
import { gameAt, variantOf } from './testing.js';

const FOREVER = { deadline: Number.MAX_SAFE_INTEGER };

/** The root's moves in the generator's order, as the searches index them. */
function rootMoves(game: Parameters<typeof searchStateOf>[0]): MoveList {
  const s = searchStateOf(game);
  const list = new MoveList();
  listMoves(s.tables, s.cells, s.foxTurn, list);
  return list;
}

// Positions with an undecided value a few plies deep, of each variant.
const POSITIONS: [string, string][] = [
  ['standard', 'fox:d5 geese:c1,d1,e1,c2,d2,e2,a3,b3,c3,d3,e3,f3,g3 turn:geese'],
  ['two-foxes', 'fox:d6,e7 geese:c1,d1,e1,c2,d2,e2,a3,b3,c3,d3,e3,f3,g3,a4,b4,c4,d4,e4,f4,g4 turn:geese'],
  ['big-cross', 'fox:e6 geese:d1,e1,f1,d2,e2,f2,d3,e3,f3,a4,b4,c4,d4,e4,f4,g4,h4,i4 turn:geese'],
  ['raevskak', 'fox:d5 geese:c1,d1,e1,c2,d2,e2,a3,b3,c3,d3,e3,f3,g3 turn:geese'],
];

describe('fallibleChoice', () => {
  it.each(POSITIONS)('%s: with no weight on the average reply it is plain minimax (%s)', (id, text) => {
    const game = gameAt(id, text);
    for (const depth of [2, 3]) {
      const plain = new Searcher(searchStateOf(game), new TranspositionTable(16)).run({
        ...FOREVER,
        maxDepth: depth,
        exactRoot: true,
      });
      const state = searchStateOf(game);
      const mixed = fallibleChoice(
        new Searcher(state, new TranspositionTable(16)),
        state,
        { ...FOREVER, maxDepth: depth },
        0,
      );
      expect(mixed && [mixed.value, mixed.depth, plain.rootScores[mixed.best]]).toEqual([
        plain.score,
        depth,
        plain.score,
      ]);
    }
  });

  it.each(POSITIONS)('%s: with all the weight on the average reply it is the mean of the replies (%s)', (id, text) => {
    const game = gameAt(id, text);
    const state = searchStateOf(game);
    const choice = fallibleChoice(
      new Searcher(state, new TranspositionTable(16)),
      state,
      { ...FOREVER, maxDepth: 3 },
      1,
    );
    if (!choice) throw new Error('no choice');
    // A second method: play the move and each reply on the rules' own game, then a one-ply search.
    const moved = playPath(game, rootMoves(game).path(choice.best));
    if (!moved.ok) throw new Error(moved.error.message);
    const values = moved.value.legal.map((reply) => {
      const after = playPath(moved.value, reply);
      if (!after.ok) throw new Error(after.error.message);
      return new Searcher(searchStateOf(after.value), new TranspositionTable(16)).run({ ...FOREVER, maxDepth: 1 })
        .score;
    });
    expect([choice.depth, choice.value]).toEqual([3, values.reduce((a, b) => a + b, 0) / values.length]);
  });

  it('leaves the position as it was when stopped', () => {
    const game = newGame(variantOf('standard'));
    const state = searchStateOf(game);
    const before = [state.lo, state.hi, state.ply];
    const choice = fallibleChoice(new Searcher(state), state, { maxDepth: 64, deadline: 0, maxNodes: 500 }, 0.5);
    expect([state.lo, state.hi, state.ply]).toEqual(before);
    expect(choice === null || choice.best >= 0).toBe(true);
  });
});
