import { getVariant, type Variant } from '@fg/rules';
import { describe, expect, it } from 'vitest';

import type { Piece } from '../../components/board/Board';
import { move, place, readSetUp, type SetUp, setUpProblem, setUpText } from './position-editor';

const variant = (id: string): Variant => {
  const v = getVariant(id, {});
  if (!v.ok) throw new Error(v.error.message);
  return v.value;
};
const setUp = (pieces: [string, Piece][], turn: SetUp['turn'] = 'fox'): SetUp => ({ pieces: new Map(pieces), turn });

describe('position editor', () => {
  it('keeps the text in step: points in board order, whatever order they were placed in', () => {
    const s = place(place(place(setUp([]), 'g3', 'goose'), 'd4', 'fox'), 'a3', 'goose');
    expect(setUpText(variant('standard'), s)).toBe('fox:d4 geese:a3,g3 turn:fox');
    expect(setUpText(variant('standard'), { ...s, turn: 'geese' })).toBe('fox:d4 geese:a3,g3 turn:geese');
  });

  it.each([
    ['a piece to another point', 'd4', 'd5', 'fox:d5 geese:c1 turn:fox'],
    ['a piece off the board', 'c1', null, 'fox:d4 geese: turn:fox'],
    ['an empty point: nothing', 'e5', 'e6', 'fox:d4 geese:c1 turn:fox'],
    ['onto itself: nothing', 'd4', 'd4', 'fox:d4 geese:c1 turn:fox'],
  ] as const)('moves %s', (_, from, to, text) => {
    const s = setUp([
      ['d4', 'fox'],
      ['c1', 'goose'],
    ]);
    expect(setUpText(variant('standard'), move(s, from, to))).toBe(text);
  });

  it('reads a text back into pieces, and says why a text does not read', () => {
    const read = readSetUp(variant('standard'), 'fox:d4 geese:a3,g3 turn:geese');
    expect(read).toEqual(
      setUp(
        [
          ['a3', 'goose'],
          ['d4', 'fox'],
          ['g3', 'goose'],
        ],
        'geese',
      ),
    );
    expect(readSetUp(variant('standard'), 'fox:z9 geese: turn:fox')).toEqual({
      error: 'point z9 is off the cross33 board',
    });
  });

  it.each([
    ['standard', [], { code: 'foxes', need: 1, count: 0 }],
    [
      'standard',
      [
        ['d4', 'fox'],
        ['d5', 'fox'],
      ],
      { code: 'foxes', need: 1, count: 2 },
    ],
    ['two-foxes', [['d4', 'fox']], { code: 'foxes', need: 2, count: 1 }],
    [
      'standard',
      [
        ['d4', 'fox'],
        ...['a3', 'b3', 'c3', 'e3', 'f3', 'g3', 'a4', 'b4', 'c4', 'e4', 'f4', 'g4', 'c1', 'd1'].map((p) => [
          p,
          'goose',
        ]),
      ],
      { code: 'geese', max: 13, count: 14 },
    ],
    ['standard', [['d4', 'fox']], null],
  ] as [string, [string, Piece][], unknown][])('%s %j: %j', (id, pieces, problem) => {
    expect(setUpProblem(variant(id), setUp(pieces))).toEqual(problem);
  });
});
