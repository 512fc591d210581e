import { generateMoves, makeMoveText, newGame, playPath, startPosition, VARIANT_IDS } from '@fg/rules';
import { describe, expect, it } from 'vitest';

import { chooseMove, chooseMoveForRecord, evaluateGame, searchStateOf } from './choose.js';
import { LEVELS } from './levels.js';
import { Searcher } from './search.js';
import { TranspositionTable } from './table.js';
import { gameAt, solve, variantOf } from './testing.js';

// Hand-built and generated endings; `n` > 0: the side to move wins in n of its moves, n < 0:
// loses in -n. Each n is also checked by the brute-force solver below (a second method).
const ENDINGS: [string, string, number][] = [
  ['standard', 'fox:d4 geese:d5,a3,g3,c1 turn:fox', 1],
  ['standard', 'fox:c7 geese:d7,c6,e7,c5,e5,d5 turn:geese', 1],
  ['standard', 'fox:d6 geese:e2,a3,a4,c4 turn:fox', 2],
  ['standard', 'fox:d6 geese:d4,a5,b5,e5,d7,e7 turn:fox', 3],
  ['standard', 'fox:c7 geese:e4,b5,e6,d7 turn:geese', -2],
  ['standard', 'fox:c4 geese:c1,c2,e2,d6 turn:geese', -3],
  ['two-foxes', 'fox:d4,f5 geese:d3,f3,a4,e4,a5,d5,e5,g5,c6,c7,d7 turn:fox', 1],
  ['two-foxes', 'fox:g5,c7 geese:d2,a4,b4,d4,b5,e5,f5,d7,e7 turn:fox', 2],
  ['two-foxes', 'fox:b5,e6 geese:c1,d1,a3,a4,c4,f4,c5,e5,g5 turn:geese', -1],
  ['two-foxes', 'fox:c1,g3 geese:d1,d3,b4,e4,a5,d5,f5,d6,e7 turn:geese', -3],
  ['big-cross', 'fox:e9 geese:d9,f9,d8,e8,f8,d7,f7,e6 turn:geese', 1],
  ['big-cross', 'fox:e5 geese:c5,f6,e7,d9 turn:fox', 2],
  ['big-cross', 'fox:c5 geese:f4,e5,b6,f9 turn:fox', 3],
  ['big-cross', 'fox:e6 geese:e1,c6,d6,f9 turn:geese', -2],
  ['raevskak', 'fox:d3 geese:a3,g3,a5,g5,c5 turn:fox', 2],
  ['raevskak', 'fox:d4 geese:a3,g3,a5,g5,c5,e5 turn:fox', 3],
  ['raevskak', 'fox:b4 geese:d3,g4,c5,d5,c7 turn:geese', -2],
  ['raevskak', 'fox:c4 geese:e2,a5,e5,c6,d6 turn:geese', -3],
];

describe('exact wins and losses in N', () => {
  it.each(ENDINGS)('%s "%s": %i', (id, text, n) => {
    const game = gameAt(id, text);
    expect(solve(game.variant, game.position, 3)).toBe(n);
    const choice = chooseMove(game, { level: 8, timeMs: 1500, seed: 1 });
    expect([choice.winsIn, choice.losesIn]).toEqual(n > 0 ? [n, null] : [null, -n]);
    const played = playPath(game, choice.path);
    expect(played.ok).toBe(true);
    // A winning move keeps the win one move shorter: after it, the opponent loses in n - 1.
    if (n > 0 && played.ok) {
      const after = played.value;
      expect(after.result ? 0 : -solve(after.variant, after.position, 3)).toBe(n - 1);
    }
  });

  it('takes the winning capture in one', () => {
    const choice = chooseMove(gameAt('standard', 'fox:d4 geese:d5,a3,g3,c1 turn:fox'), { level: 8, seed: 1 });
    expect(choice.move).toBe('d4xd6');
    expect(choice.winsIn).toBe(1);
  });

  it('traps the fox in one', () => {
    const choice = chooseMove(gameAt('standard', 'fox:c7 geese:d7,c6,e7,c5,e5,d5 turn:geese'), { level: 8, seed: 1 });
    expect(choice.move).toBe('d5-d6');
  });
});

describe('levels', () => {
  it.each(LEVELS.map((level, i) => [i + 1, level.timeMs] as const))(
    'level %i answers from a middle game within its %i ms (plus scheduling slack)',
    (level, timeMs) => {
      const game = gameAt('standard', 'fox:d5 geese:c1,d1,e1,c2,d2,e2,a3,b3,c3,d3,e3,f3,g3 turn:fox');
      const choice = chooseMove(game, { level, seed: 3 });
      expect(generateMoves(game.variant, game.position).map((m) => makeMoveText(game.variant.board, m))).toContain(
        choice.move,
      );
      expect(choice.ms).toBeLessThanOrEqual(timeMs + 1000);
    },
  );

  it.each(LEVELS.filter((level) => level.maxNodes < Infinity).map((level) => level.maxNodes))(
    'a node budget of %i gives the same move, depth and positions every time (no clock involved)',
    (maxNodes) => {
      const game = gameAt(
        'two-foxes',
        'fox:d6,e7 geese:c1,d1,e1,c2,d2,e2,a3,b3,c3,d3,e3,f3,g3,a4,b4,c4,d4,e4,f4,g4 turn:fox',
      );
      const [a, b] = [1, 2].map(() =>
        new Searcher(searchStateOf(game), new TranspositionTable(18)).run({
          maxDepth: 64,
          maxNodes,
          deadline: Number.MAX_SAFE_INTEGER,
          contempt: 50,
        }),
      );
      expect([b!.best, b!.score, b!.depth, b!.nodes]).toEqual([a!.best, a!.score, a!.depth, maxNodes]);
    },
  );

  it('plays the same move for the same seed', () => {
    const game = newGame(variantOf('standard'));
    const moves = [1, 2, 3].map(() => chooseMove(game, { level: 1, seed: 42 }).move);
    expect(new Set(moves).size).toBe(1);
  });

  it('rejects a level outside 1-8 and a finished game', () => {
    const game = newGame(variantOf('standard'));
    expect(() => chooseMove(game, { level: 9 })).toThrow('bad level 9; expected a whole number 1-8');
    const over = gameAt('standard', 'fox:d4 geese:a3,g3,c1 turn:fox');
    expect(() => chooseMove(over, { level: 1 })).toThrow('the game is over (fox geese-reduced)');
  });

  it('stops when told through a shared flag', () => {
    const stopFlag = new Int32Array(new SharedArrayBuffer(4));
    Atomics.store(stopFlag, 0, 1);
    const game = newGame(variantOf('standard'));
    const choice = chooseMove(game, { level: 8, stopFlag });
    expect(choice.ms).toBeLessThan(1000);
    expect(playPath(game, choice.path).ok).toBe(true);
  });
});

describe('chooseMoveForRecord', () => {
  it('replays the record and answers for its side to move', () => {
    const answer = chooseMoveForRecord({ variant: 'standard', moves: ['d4-d5', 'c3-c4'] }, { level: 2, seed: 1 });
    if (!answer.ok) throw new Error(answer.error.message);
    expect(answer.value.path.length).toBeGreaterThanOrEqual(2);
    expect(answer.value.points[0]).toBe('d5');
  });

  it.each([
    [{ variant: 'chess', moves: [] }, 'unknown-variant'],
    [{ variant: 'standard', moves: ['d4-d6'] }, 'illegal-move'],
    [{ variant: 'standard', start: 'fox:d4 geese:a3,g3,c1 turn:fox', moves: [] }, 'game-over'],
  ])('%j: %s', (record, code) => {
    const answer = chooseMoveForRecord(record, { level: 1 });
    expect(answer.ok ? null : answer.error.code).toBe(code);
  });
});

describe('evaluateGame', () => {
  it('names the side that wins by force', () => {
    const won = evaluateGame(gameAt('standard', 'fox:d6 geese:d4,a5,b5,e5,d7,e7 turn:fox'), { timeMs: 2000 });
    expect([won.winner, won.winsIn, won.foxScore > 0]).toEqual(['fox', 3, true]);
    expect(won.best).toMatch(/^d6[x-]/); // the fox's move that wins
    const lost = evaluateGame(gameAt('standard', 'fox:c7 geese:e4,b5,e6,d7 turn:geese'), { timeMs: 2000 });
    expect([lost.winner, lost.losesIn, lost.foxScore > 0]).toEqual(['fox', 2, true]);
  });

  it.each(VARIANT_IDS)('%s: the start is undecided', (id) => {
    const v = variantOf(id);
    const a = evaluateGame(newGame(v, startPosition(v)), { maxDepth: 3 });
    expect([a.winner, a.winsIn, a.losesIn, a.depth]).toEqual([null, null, null, 3]);
  });
});
