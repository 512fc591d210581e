// The moves of a table's game where the perfect-play winner changed.
import { describe, expect, it } from 'vitest';

import { decisiveMoves } from './use-decisive-moves';

describe('decisiveMoves', () => {
  it('each move after which the winner differs', () => {
    expect([...decisiveMoves(['fox', 'fox', 'geese', 'geese', 'fox'])]).toEqual([1, 3]);
    expect([...decisiveMoves(['fox'])]).toEqual([]);
    expect([...decisiveMoves([null, null, 'geese', 'fox', null])]).toEqual([1, 2, 3]); // a draw is a verdict too
  });
});
