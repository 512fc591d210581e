import { describe, expect, it } from 'vitest';

import { lineOf, SOLVED } from './testing.js';
import { detectThemes } from './themes.js';

describe('detectThemes', () => {
  it.each([
    ['a chain of two captures', 'fox:d3 geese:d1,e1,d4,d6,a5 turn:fox', ['d3xd5xd7'], 30, ['jump-chain', 'endgame']],
    ['one capture is no chain', 'fox:d3 geese:d1,e1,d4,d6,a5 turn:fox', ['d3xd5'], 30, ['endgame']],
    [
      'the geese shut the fox in',
      'fox:c7 geese:c5,e5,c6,d6,e6,e7 turn:geese',
      ['e6-d7'],
      40,
      ['fox-trapped', 'quiet-move', 'endgame'],
    ],
    [
      'the fox leaves the geese no move',
      'fox:d5 geese:a5,g5,c7,d7,e7 turn:fox',
      ['d5-d4'],
      60,
      ['geese-stalemated', 'quiet-move', 'endgame'],
    ],
    ['a step while a capture is there is not quiet', 'fox:d3 geese:d1,e1,d4,a5 turn:fox', ['d3-c3'], 60, ['endgame']],
    [
      'a goose left to be taken',
      'fox:d5 geese:d1,e1,a3,c3 turn:geese',
      ['c3-c4'],
      60,
      ['quiet-move', 'sacrifice', 'endgame'],
    ],
    ['a goose kept safe', 'fox:d5 geese:d1,e1,a3,c3 turn:geese', ['a3-a4'], 60, ['quiet-move', 'endgame']],
    [
      'a hanging goose moved away: not quiet, no sacrifice',
      'fox:d5 geese:d1,e1,a3,c4 turn:geese',
      ['c4-b5'],
      60,
      ['endgame'],
    ],
    ['nine geese: no endgame', 'fox:d5 geese:c1,d1,e1,c2,d2,e2,a3,b3,c3 turn:geese', ['a3-a4'], 30, ['quiet-move']],
    [
      'within the first ten moves: an opening',
      'fox:d5 geese:c1,d1,e1,c2,d2,e2,a3,b3,c3 turn:geese',
      ['a3-a4'],
      19,
      ['quiet-move', 'opening'],
    ],
    [
      'a position from no game is no opening',
      'fox:d5 geese:c1,d1,e1,c2,d2,e2,a3,b3,c3 turn:geese',
      ['a3-a4'],
      null,
      ['quiet-move'],
    ],
  ])('%s', (_name, text, moves, ply, themes) => {
    expect(detectThemes({ variant: SOLVED, line: lineOf(text, moves), ply })).toEqual(themes);
  });

  it('looks at every solver move of a longer line: a chain on the second', () => {
    const line = lineOf('fox:c3 geese:d1,e1,c4,d6,a5 turn:fox', ['c3-b3', 'd1-d2', 'b3xd5xd7']);
    expect(detectThemes({ variant: SOLVED, line, ply: null })).toContain('jump-chain');
  });
});
