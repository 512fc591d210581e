import { describe, expect, it } from 'vitest';

import { chooseMove, searchStateOf } from './choose.js';
import { EvalCache, EvalScratch, evaluate } from './evaluate.js';
import { gameAt } from './testing.js';

// Hand-built positions (endings of two variants): small enough for every level to search them out.
const POSITIONS: [string, string][] = [
  ['standard', 'fox:d4 geese:d5,a3,g3,c1 turn:fox'],
  ['standard', 'fox:c7 geese:d7,c6,e7,c5,e5,d5 turn:geese'],
  ['standard', 'fox:d6 geese:d4,a5,b5,e5,d7,e7 turn:fox'],
  ['standard', 'fox:c4 geese:c1,c2,e2,d6 turn:geese'],
  ['two-foxes', 'fox:d4,f5 geese:d3,f3,a4,e4,a5,d5,e5,g5,c6,c7,d7 turn:fox'],
];

describe('EvalCache', () => {
  it.each(POSITIONS)('%s "%s": the evaluation, whether remembered or not', (id, text) => {
    const state = searchStateOf(gameAt(id, text));
    const scratch = new EvalScratch(state.tables.size);
    const cache = new EvalCache(4);
    const plain = evaluate(state, scratch);
    expect(cache.evaluate(state, scratch)).toBe(plain);
    expect(cache.evaluate(state, scratch)).toBe(plain); // the second time from the cache
  });

  it.each(POSITIONS)('%s "%s": levels 1-6 choose the same move with a shared cache', (id, text) => {
    const game = gameAt(id, text);
    const evals = new EvalCache(16);
    for (const level of [1, 2, 3, 4, 5, 6]) {
      const plain = chooseMove(game, { level, seed: level });
      const cached = chooseMove(game, { level, seed: level, evals });
      expect([level, cached.move, cached.score]).toEqual([level, plain.move, plain.score]);
    }
  });
});
