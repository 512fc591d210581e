import { describe, expect, it } from 'vitest';

import { evaluationMarks, verdictMarks } from './game-marks';

describe('marked moves', () => {
  it('marks the moves where the winner changed hands', () => {
    expect([...verdictMarks(['geese', 'geese', 'fox', 'fox', 'geese']).keys()]).toEqual([1, 3]);
  });

  it('marks a draw thrown away, and a win let slip to a draw, as decisive too', () => {
    expect([...verdictMarks([null, null, 'fox', 'fox', null, 'geese']).entries()]).toEqual([
      [1, 'decisive'],
      [3, 'decisive'],
      [4, 'decisive'],
    ]);
  });

  it('marks a fall of a goose or more for the side that moved, not a rise, not a smaller fall', () => {
    // Before moves 0..3 and after the last: the fox's view.
    const scores = [0, 0.2, 1.5, 0.6, 100];
    const movers = ['fox', 'geese', 'fox', 'geese'] as const;
    // Move 1 (geese) lets the fox gain 1.3: marked; move 2 (fox) loses 0.9: not; move 3 (geese) loses the game.
    expect([...evaluationMarks(scores, movers).keys()]).toEqual([1, 3]);
    expect(evaluationMarks([0, undefined], ['geese']).size).toBe(0);
  });
});
