import type { PuzzleView } from '@fg/protocol';
import { playMoveText } from '@fg/rules';
import { describe, expect, it } from 'vitest';

import { isLineMove, lineAt, puzzleStart } from './puzzle-line';

/** A geese puzzle of the 7-geese test table (as the server's fixtures hold it). */
const PUZZLE: PuzzleView = {
  id: 'geesePz1',
  variant: 'standard',
  options: { geese: 13, sideways: false },
  position: 'fox:e7 geese:c4,c5,d5,e5,c6,d6,c7 turn:geese quiet:0',
  side: 'geese',
  line: ['d5-e6', 'e7-d7', 'c4-d5', 'd7-e7', 'c6-d7'],
  themes: ['fox-trapped', 'quiet-move', 'endgame'],
  rating: { rating: 1500, deviation: 300, volatility: 0.09 },
  plays: 0,
};

describe('puzzle line', () => {
  const start = puzzleStart(PUZZLE)!;

  it.each([
    [0, 'd5-e6', true],
    [0, 'e5-e6', false],
    [2, 'c4-d5', true],
    [4, 'c6-d7', true],
  ])('at ply %i the move %s is the line: %s', (ply, move, expected) => {
    const played = playMoveText(lineAt(start, PUZZLE.line, ply), move);
    expect(played.ok).toBe(true);
    if (played.ok) expect(isLineMove(played.value, PUZZLE.line, ply)).toBe(expected);
  });

  it('plays the line to its end', () => {
    expect(lineAt(start, PUZZLE.line, 5).moves).toHaveLength(5);
    expect(lineAt(start, PUZZLE.line, 5).position.turn).toBe('fox');
  });

  it('reads no start from a position that does not parse', () => {
    expect(puzzleStart({ ...PUZZLE, position: 'nonsense' })).toBeNull();
  });
});
