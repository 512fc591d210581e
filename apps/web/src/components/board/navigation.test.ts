import { CROSS33 } from '@fg/rules';
import { describe, expect, it } from 'vitest';

import { ARROW_STEPS, nextPoint } from './navigation';

const at = (name: string) => CROSS33.points[CROSS33.pointIndex(name)]!;

describe('nextPoint', () => {
  it.each([
    ['d4', 'ArrowUp', 'd5'],
    ['d4', 'ArrowRight', 'e4'],
    ['d7', 'ArrowUp', null],
    ['a4', 'ArrowLeft', null],
    ['c6', 'ArrowLeft', 'b5'], // no b6: the nearest point ahead, one rank off the line
    ['c1', 'ArrowDown', null],
    ['g5', 'ArrowUp', 'e6'],
  ])('from %s with %s goes to %s', (from, key, to) => {
    expect(nextPoint(CROSS33.points, at(from), ARROW_STEPS[key]!)?.name ?? null).toBe(to);
  });
});
