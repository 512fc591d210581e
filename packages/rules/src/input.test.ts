import { describe, expect, it } from 'vitest';

import { newGame } from './game.js';
import { movablePoints, moveInput } from './input.js';
import { parsePosition } from './position.js';
import { getVariant } from './variants.js';

const game = (id: string, text: string) => {
  const v = getVariant(id);
  if (!v.ok) throw new Error();
  const p = parsePosition(v.value, text);
  if (!p.ok) throw new Error(p.error.message);
  return newGame(v.value, p.value);
};

describe('move input for a board UI', () => {
  const optional = game('standard', 'fox:d4 geese:d5,e5,e4,a3 turn:fox');
  const mandatory = game('two-foxes', 'fox:d4,a5 geese:c1,d1,e1,c2,d2,e2,c4,e4,d5,e5 turn:fox');

  it.each([
    ['optional: the pieces that can move', optional, [], ['d4'], false],
    ['optional: steps and first jumps', optional, ['d4'], ['c3', 'c4', 'c5', 'd3', 'd6', 'e3', 'f4'], false],
    ['optional: a chain may stop after a jump', optional, ['d4', 'd6'], ['f4'], true],
    ['optional: the chain back to its start', optional, ['d4', 'd6', 'f4'], ['d4'], true],
    ['optional: the chain ends', optional, ['d4', 'd6', 'f4', 'd4'], [], true],
    ['optional: a step is complete', optional, ['d4', 'c4'], [], true],
    ['mandatory: only the jumping fox', mandatory, [], ['d4'], false],
    ['mandatory: no stop mid-chain', mandatory, ['d4', 'd6'], ['f4'], false],
    ['mandatory: the end of the chain', mandatory, ['d4', 'd6', 'f4', 'd4', 'b4'], [], true],
    ['an illegal pick', optional, ['d4', 'd7'], [], false],
    ['a point off the board', optional, ['a1'], [], false],
  ])('%s', (_, g, picked, targets, complete) => {
    expect(moveInput(g, picked)).toEqual({ targets, complete });
  });

  it('lists the geese that can move', () => {
    expect(movablePoints(game('standard', 'fox:d4 geese:c1,a3,c7,g5 turn:geese'))).toEqual(['a3', 'c1']);
  });
});
