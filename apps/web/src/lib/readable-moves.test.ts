// Keep lists as people read them: chains by their longest forms, grouped under their first jump.
import { describe, expect, it } from 'vitest';

import { readableMoves } from './readable-moves';

describe('readableMoves', () => {
  it.each<[string, string[], { first: string; moves: string[] }[]]>([
    [
      'steps stay as they are',
      ['d4-c4', 'd4-d5'],
      [
        { first: 'd4-c4', moves: ['d4-c4'] },
        { first: 'd4-d5', moves: ['d4-d5'] },
      ],
    ],
    [
      'a chain drops its prefixes',
      ['g4xe4', 'g4xe4xe6', 'g4xe4xe2', 'g4-g5'],
      [
        { first: 'g4xe4', moves: ['g4xe4xe6', 'g4xe4xe2'] },
        { first: 'g4-g5', moves: ['g4-g5'] },
      ],
    ],
    [
      'the long chain of the review: eight hops and their prefixes, one group',
      [
        'd6xb4',
        'd6xb4xd2',
        'd6xb4xd2xd4',
        'd6xb4xd2xd4xd6',
        'd6xb4xd2xd4xd6xf4',
        'd6xb4xd2xd4xd6xf4xd4',
        'd6xb4xd2xd4xd6xf4xd4xb4',
        'd6xb4xb6',
      ],
      [{ first: 'd6xb4', moves: ['d6xb4xd2xd4xd6xf4xd4xb4', 'd6xb4xb6'] }],
    ],
    [
      'a jump with no longer form',
      ['c3xe3', 'c3xc5xe5'],
      [
        { first: 'c3xe3', moves: ['c3xe3'] },
        { first: 'c3xc5', moves: ['c3xc5xe5'] },
      ],
    ],
    ['nothing', [], []],
  ])('%s', (_what, moves, expected) => {
    expect(readableMoves(moves)).toEqual(expected);
  });
});
