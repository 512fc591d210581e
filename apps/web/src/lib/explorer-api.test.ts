import { getVariant } from '@fg/rules';
import { describe, expect, it } from 'vitest';

import { bestResult, commonestLosing, type ExplorerMove, explorerPath, playersOf } from './explorer-api';

const line = (move: string, games: number, winner?: 'fox' | 'geese' | null): ExplorerMove => ({
  move,
  games,
  fox: games,
  geese: 0,
  draws: 0,
  ...(winner === undefined ? {} : { winner }),
});

describe('explorer address', () => {
  const variant = getVariant('standard', { geese: 13 });
  if (!variant.ok) throw new Error(variant.error.message);

  it.each([
    [null, 'all', '/explorer/standard?geese=13&sideways=false'],
    [
      'fox:d4 geese:c1 turn:fox quiet:0',
      'people',
      '/explorer/standard?geese=13&sideways=false&position=fox%3Ad4+geese%3Ac1+turn%3Afox+quiet%3A0&players=people',
    ],
    [null, 'computer', '/explorer/standard?geese=13&sideways=false&players=computer'],
  ] as const)('position %s, players %s -> %s', (position, players, path) => {
    expect(explorerPath(variant.value, position, players)).toBe(path);
  });

  it.each([
    ['people', 'people'],
    ['computer', 'computer'],
    ['all', 'all'],
    ['bots', 'all'],
    [null, 'all'],
  ] as const)('players=%s reads as %s', (value, players) => {
    expect(playersOf(value)).toBe(players);
  });
});

describe('the verdicts of a position', () => {
  it.each([
    ['a winning move among losing ones: the mover wins', [line('a', 1, 'geese'), line('b', 0, 'fox')], 'fox'],
    ['a drawing move, no winning one: a draw', [line('a', 1, 'geese'), line('b', 0, null)], null],
    ['every move loses: the opponent', [line('a', 1, 'geese'), line('b', 0, 'geese')], 'geese'],
    ['a move without a verdict: not solved', [line('a', 1, 'fox'), line('b', 0)], undefined],
  ] as const)('%s', (_what, moves, best) => {
    expect(bestResult(moves, 'fox')).toBe(best);
  });

  it.each([
    [
      'the most played of the losing moves',
      [line('w', 9, 'fox'), line('l1', 3, 'geese'), line('l2', 5, 'geese')],
      'fox',
      'l2',
    ],
    ['none where every played move keeps the result', [line('w', 9, 'fox'), line('l', 0, 'geese')], 'fox', null],
    ['a draw thrown away by the side that could draw', [line('d', 2, null), line('l', 1, 'geese')], null, 'l'],
    ['none where the mover is lost anyway', [line('l1', 4, 'geese'), line('l2', 1, 'geese')], 'geese', null],
    ['none where unsolved', [line('a', 4)], undefined, null],
  ] as const)('%s', (_what, moves, best, losing) => {
    expect(commonestLosing(moves, 'fox', best)).toBe(losing);
  });
});
