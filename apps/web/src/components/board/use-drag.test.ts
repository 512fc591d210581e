// The board's drag geometry: where a dragged piece lands, and what a drag picks.
import { describe, expect, it } from 'vitest';

import { dragStartPick, pointAt } from './use-drag';

describe('drag geometry', () => {
  const spots = new Map([
    ['d4', { x: 3, y: 3 }],
    ['d5', { x: 3, y: 2 }],
  ]);
  it.each([
    [{ x: 3.2, y: 2.7 }, 'd4'],
    [{ x: 2.6, y: 2.1 }, 'd5'],
    [{ x: 4.6, y: 3 }, null],
  ] as const)('drops at %j on %s', (spot, point) => {
    expect(pointAt(spots, spot)).toBe(point);
  });
  it.each([
    [[], 'd4', 'd4'], // a fresh drag picks its piece
    [['d4'], 'd4', null], // already picked
    [['d6', 'd4'], 'd4', null], // the piece where a chain has got to
    [['c3'], 'd4', 'd4'], // another piece: picked instead
  ] as const)('with %j picked, a drag from %s picks %s', (picked, from, pick) => {
    expect(dragStartPick(picked, from)).toBe(pick);
  });
});
