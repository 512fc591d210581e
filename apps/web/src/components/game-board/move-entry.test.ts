import { type Game, getVariant, newGame, parsePosition, playMoveText } from '@fg/rules';
import { describe, expect, it } from 'vitest';

import { repeatsThirdTime } from './move-entry';

/** A standard game with sideways goose moves from a small position, after the given moves. */
function gameAfter(moves: readonly string[]): Game {
  const variant = getVariant('standard', { sideways: true });
  if (!variant.ok) throw new Error(variant.error.message);
  const start = parsePosition(variant.value, 'fox:d4 geese:a3,c1,d1,e1 turn:fox');
  if (!start.ok) throw new Error(start.error.message);
  return moves.reduce(
    (game, text) => {
      const next = playMoveText(game, text);
      if (!next.ok) throw new Error(next.error.message);
      return next.value;
    },
    newGame(variant.value, start.value),
  );
}

const SHUFFLE = ['d4-d5', 'a3-b3', 'd5-d4', 'b3-a3', 'd4-d5', 'a3-b3', 'd5-d4'];

describe('repeatsThirdTime', () => {
  it.each([
    ['the start position back for the second time', 3, false],
    ['the start position back for the third time', 7, true],
  ])('warns only for a third occurrence: %s', (_, played, warns) => {
    expect(repeatsThirdTime(gameAfter(SHUFFLE.slice(0, played)), ['b3', 'a3'])).toBe(warns);
  });

  it('does not warn for a new position', () => {
    expect(repeatsThirdTime(gameAfter(SHUFFLE), ['c1', 'c2'])).toBe(false);
  });
});
