import { generateMoves, makeMoveText, newGame, playPath, type Position, positionOutcome } from '@fg/rules';
import { VARIANT_SETUPS } from '@fg/rules/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { chooseMove } from './choose.js';
import { variantOf } from './testing.js';

describe('the engine never plays an illegal move', () => {
  it.each(VARIANT_SETUPS)('%s %j: random positions, every level', (id, options) => {
    const v = variantOf(id, options);
    const size = v.board.points.length;
    const positions = fc
      .record({
        points: fc.shuffledSubarray(
          Array.from({ length: size }, (_, i) => i),
          { minLength: v.foxes.length + 1, maxLength: v.foxes.length + v.geese.length },
        ),
        foxTurn: fc.boolean(),
        quiet: fc.integer({ min: 0, max: 99 }),
        level: fc.integer({ min: 1, max: 8 }),
        seed: fc.integer({ min: 0, max: 2 ** 31 }),
      })
      .map(({ points, foxTurn, quiet, level, seed }) => {
        const cells = new Uint8Array(size);
        points.forEach((p, i) => (cells[p] = i < v.foxes.length ? 2 : 1));
        const position: Position = { cells, turn: foxTurn ? 'fox' : 'geese', quiet };
        return { position, level, seed };
      })
      .filter(({ position }) => positionOutcome(v, position) === null);
    fc.assert(
      fc.property(positions, ({ position, level, seed }) => {
        const game = newGame(v, position);
        const choice = chooseMove(game, { level, seed, timeMs: 40 });
        const legal = generateMoves(v, position).map((m) => makeMoveText(v.board, m));
        expect(legal).toContain(choice.move);
        expect(playPath(game, choice.path).ok).toBe(true);
      }),
      { numRuns: 60, seed: 20261130 },
    );
  });
});
