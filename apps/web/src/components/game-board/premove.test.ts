import { getVariant, newGame, playMoveText } from '@fg/rules';
import { movablePoints, moveInput } from '@fg/rules';
import { describe, expect, it } from 'vitest';

import { premoveGame, premoveOutcome } from './premove';

const standard = () => {
  const variant = getVariant('standard', { geese: 13 });
  if (!variant.ok) throw new Error('no standard');
  return newGame(variant.value);
};
const play = (...moves: string[]) =>
  moves.reduce((game, text) => {
    const next = playMoveText(game, text);
    if (!next.ok) throw new Error(next.error.message);
    return next.value;
  }, standard());

describe('premove', () => {
  it('is entered against the position with the player to move', () => {
    const game = standard(); // the fox to move
    const asGeese = premoveGame(game, 'geese');
    expect(asGeese.position.turn).toBe('geese');
    expect(movablePoints(asGeese)).toContain('c3');
    expect(moveInput(asGeese, ['c3']).targets).toEqual(['b4', 'c4']);
  });

  it.each([
    ['a legal step is played', ['c3', 'c4'], { kind: 'move', path: ['c3', 'c4'] }],
    ['a step onto a point now taken is dropped', ['d3', 'd4'], { kind: 'illegal' }],
    ['a step of a goose that is gone is dropped', ['b4', 'b5'], { kind: 'illegal' }],
  ] as const)('%s', (_, path, outcome) => {
    const game = play('d4-d5'); // the fox moved: the geese to move
    const after = play('d4-d5', 'd3-d4', 'd5-e5'); // geese d3-d4, fox back: geese again
    expect(premoveOutcome(path[0] === 'd3' ? after : game, path)).toEqual(outcome);
  });

  it('plays nothing once the game is over', () => {
    expect(
      premoveOutcome({ ...play('d4-d5'), result: { winner: 'fox', reason: 'trapped' } } as never, ['c3', 'c4']),
    ).toEqual({ kind: 'illegal' });
  });
});
