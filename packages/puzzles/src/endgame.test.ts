// Endgame starts: fixed by their number, 4 to 8 geese, the fox among them, never a finished game.
import { countGeese, makePosition, positionOutcome } from '@fg/rules';
import { describe, expect, it } from 'vitest';

import { endgameStart } from './endgame.js';
import { SOLVED } from './testing.js';

describe('endgameStart', () => {
  it('makes the same start from the same number, another from another', () => {
    const text = (n: number): string => makePosition(SOLVED.board, endgameStart(SOLVED, 13, n).position);
    expect(text(7)).toBe(text(7));
    expect(new Set([0, 1, 2, 3, 4, 5, 6, 7].map(text)).size).toBe(8);
    expect(endgameStart(SOLVED, 13, 7)).toMatchObject({ ply: null, source: { kind: 'endgame', id: '7' } });
  });

  it('holds 4 to 8 geese, every count and both sides to move, and no finished game', () => {
    const starts = Array.from({ length: 400 }, (_, n) => endgameStart(SOLVED, 13, n).position);
    expect([...new Set(starts.map(countGeese))].sort()).toEqual([4, 5, 6, 7, 8]);
    expect(new Set(starts.map((p) => p.turn))).toEqual(new Set(['fox', 'geese']));
    expect(starts.filter((p) => positionOutcome(SOLVED, p))).toEqual([]);
  });

  it('never holds more geese than the game starts with', () => {
    const starts = Array.from({ length: 100 }, (_, n) => endgameStart(SOLVED, 6, n).position);
    expect(Math.max(...starts.map(countGeese))).toBe(6);
  });
});
