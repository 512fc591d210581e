import { describe, expect, it } from 'vitest';

import { isSecondOfPair, lineMoveNumber, moveNumber, moveNumberText, movesPlayed } from './move-number';

describe('move numbers in pairs', () => {
  it.each([
    [0, 1, false, '1.'],
    [1, 1, true, '1…'],
    [2, 2, false, '2.'],
    [3, 2, true, '2…'],
    [66, 34, false, '34.'],
  ])('the move at ply %i is %i (second: %s), written %s', (ply, number, second, text) => {
    expect(moveNumber(ply)).toBe(number);
    expect(isSecondOfPair(ply)).toBe(second);
    expect(moveNumberText(ply)).toBe(text);
  });
});

describe('a line numbered from where it starts', () => {
  it.each([
    [1, ['1…', '2.', null, '3.']],
    [2, ['2.', null, '3.', null]],
  ])('from ply %i', (firstPly, numbers) => {
    expect([0, 1, 2, 3].map((i) => lineMoveNumber(firstPly, firstPly + i))).toEqual(numbers);
  });
});

describe('the moves played, counted as the list numbers them', () => {
  it.each([
    [0, 0],
    [1, 1],
    [2, 1],
    [43, 22],
    [44, 22],
  ])('%i plies: %i moves', (plies, moves) => {
    expect(movesPlayed(plies)).toBe(moves);
    // The list's last number agrees.
    if (plies > 0) expect(moveNumber(plies - 1)).toBe(moves);
  });
});
