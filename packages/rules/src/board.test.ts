import { describe, expect, it } from 'vitest';

import { type Board, CROSS33, CROSS45, DIRECTIONS } from './board.js';

const linked = (board: Board, a: string, b: string): boolean =>
  board.links.some((l) => {
    const [p, q] = [board.points[l.from]!.name, board.points[l.to]!.name];
    return (p === a && q === b) || (p === b && q === a);
  });

const neighbours = (board: Board, name: string): string[] => {
  const p = board.pointIndex(name);
  return DIRECTIONS.flatMap((d, i) => {
    const q = board.step[p * 8 + i]!;
    return q < 0 ? [] : [`${d}:${board.points[q]!.name}`];
  });
};

describe('cross33', () => {
  it('has 33 points and 52 orthogonal plus 40 diagonal links', () => {
    expect(CROSS33.points).toHaveLength(33);
    const diagonal = CROSS33.links.filter((l) => l.direction.length === 2);
    expect(CROSS33.links.length - diagonal.length).toBe(52);
    expect(diagonal).toHaveLength(40);
  });

  it('orders points by rank, then file', () => {
    expect(CROSS33.points.slice(0, 7).map((p) => p.name)).toEqual(['c1', 'd1', 'e1', 'c2', 'd2', 'e2', 'a3']);
    expect(CROSS33.points.at(-1)!.name).toBe('e7');
  });

  it.each([
    ['c5', 'b4', true],
    ['c6', 'b5', false],
    ['d4', 'e5', true],
    ['d4', 'c3', true],
    ['c3', 'b2', false],
    ['a3', 'b4', true],
    ['d4', 'd6', false],
  ])('link %s-%s is %s', (a, b, expected) => {
    expect(linked(CROSS33, a, b)).toBe(expected);
  });

  it('gives d4 all eight neighbours and c7 three', () => {
    expect(neighbours(CROSS33, 'd4')).toEqual(['N:d5', 'NE:e5', 'E:e4', 'SE:e3', 'S:d3', 'SW:c3', 'W:c4', 'NW:c5']);
    expect(neighbours(CROSS33, 'c7')).toEqual(['E:d7', 'SE:d6', 'S:c6']);
  });

  it('jumps only along straight lines of links', () => {
    const p = CROSS33.pointIndex('d4');
    const land = (d: number): string | undefined => CROSS33.points[CROSS33.jump[p * 8 + d]!]?.name;
    // NE, SE, SW and NW would land on f6, f2, b2 and b6, which are not points.
    expect(DIRECTIONS.map((_, d) => land(d) ?? '-')).toEqual(['d6', '-', 'f4', '-', 'd2', '-', 'b4', '-']);
  });
});

describe('cross45', () => {
  it('has 45 points and 72 orthogonal plus 28 diagonal links', () => {
    expect(CROSS45.points).toHaveLength(45);
    const diagonal = CROSS45.links.filter((l) => l.direction.length === 2);
    expect(CROSS45.links.length - diagonal.length).toBe(72);
    expect(diagonal).toHaveLength(28);
  });

  it.each([
    ['e5', ['N:e6', 'E:f5', 'S:e4', 'W:d5']],
    ['d5', ['N:d6', 'NE:e6', 'E:e5', 'SE:e4', 'S:d4', 'SW:c4', 'W:c5', 'NW:c6']],
    ['e1', ['N:e2', 'E:f1', 'W:d1']],
    ['d1', ['N:d2', 'NE:e2', 'E:e1']],
  ])('%s has neighbours %j', (point, expected) => {
    expect(neighbours(CROSS45, point)).toEqual(expected);
  });

  it('draws diagonals only through points with odd file + rank', () => {
    const parities = CROSS45.links
      .filter((l) => l.direction.length === 2)
      .flatMap((l) => [l.from, l.to].map((p) => (CROSS45.points[p]!.file + CROSS45.points[p]!.rank) % 2));
    expect(new Set(parities)).toEqual(new Set([1]));
  });
});
