import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { DIRECTIONS } from './board.js';
import { type Game, makeRecord, newGame, playPath, replayRecord } from './game.js';
import { isJump } from './moves.js';
import { countGeese, FOX, makePosition, piecePoints } from './position.js';
import { VARIANT_SETUPS } from './testing.js';
import { getVariant, type Variant } from './variants.js';

/** The direction of a one-link step, by name. */
function stepDirection(v: Variant, from: number, to: number): string {
  const a = v.board.points[from]!;
  const b = v.board.points[to]!;
  return DIRECTIONS[DIRECTIONS.findIndex((_, d) => v.board.step[from * 8 + d] === to)] ?? `none(${a.name}-${b.name})`;
}

/** Plays a random game: each choice picks one legal move, until the game ends or choices run out. */
function randomGame(
  v: Variant,
  choices: number[],
  check: (before: Game, after: Game, path: readonly number[]) => void,
): Game {
  let game = newGame(v);
  for (const choice of choices) {
    if (game.result) break;
    const path = game.legal[choice % game.legal.length]!;
    const next = playPath(game, path);
    if (!next.ok) throw new Error(next.error.message);
    check(game, next.value, path);
    game = next.value;
  }
  return game;
}

describe.each(VARIANT_SETUPS)('random games of %s %j', (id, options) => {
  const made = getVariant(id, options);
  if (!made.ok) throw new Error(made.error.message);
  const v = made.value;
  const choices = fc.array(fc.nat(), { minLength: 1, maxLength: 300 });

  it('keep the foxes, lose geese only by captures, move geese only their way', () => {
    fc.assert(
      fc.property(choices, (picks) => {
        randomGame(v, picks, (before, after, path) => {
          expect(piecePoints(after.position, FOX)).toHaveLength(v.foxes.length);
          const mover = before.position.turn;
          const captures = mover === 'fox' && isJump(v, path) ? path.length - 1 : 0;
          expect(countGeese(after.position)).toBe(countGeese(before.position) - captures);
          if (mover === 'geese') {
            expect(path).toHaveLength(2);
            expect(v.gooseDirections).toContain(stepDirection(v, path[0]!, path[1]!));
          }
          // Cells hold exactly one thing each, so no two pieces share a point: check the counts add up.
          expect(after.position.cells.filter((c) => c !== 0)).toHaveLength(v.foxes.length + countGeese(after.position));
        });
      }),
      { numRuns: 60, seed: 20261129 },
    );
  });

  it('replay from their record to the same position and result', () => {
    fc.assert(
      fc.property(choices, (picks) => {
        const game = randomGame(v, picks, () => {});
        const replayed = replayRecord(makeRecord(game));
        if (!replayed.ok) throw new Error(replayed.error.message);
        expect(makePosition(v.board, replayed.value.position)).toBe(makePosition(v.board, game.position));
        expect(replayed.value.result).toEqual(game.result);
        expect(replayed.value.moves).toEqual(game.moves);
      }),
      { numRuns: 40, seed: 7 },
    );
  });
});
