// The solver's move tables against @fg/rules: from thousands of random positions, the same
// successor positions; and the colex rank arithmetic the kernel does in place.
import { applyMove, countGeese, FOX, generateMoves, getVariant, GOOSE, piecePoints, type Position } from '@fg/rules';
import { describe, expect, it } from 'vitest';

import { choose, colexRank, colexUnrank, levelOf, POINTS } from './geometry.js';
import { levelUnits, maxLevel, minLevel, unitSize } from './levels.js';
import { type SolverPosition, successors } from './successors.js';

const variant = (() => {
  const v = getVariant('standard', { geese: 17 });
  if (!v.ok) throw new Error(v.error.message);
  return v.value;
})();

/** A seeded generator, so that a failure can be replayed. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const key = (p: SolverPosition): string => `${p.geese.join(',')} ${p.fox} ${p.turn}`;
const fromRules = (p: Position): SolverPosition => ({
  geese: piecePoints(p, GOOSE),
  fox: piecePoints(p, FOX)[0]!,
  turn: p.turn,
});

describe('the solver generates the successors the rules library does', () => {
  it.each([
    [1, 4, 1000],
    [2, 9, 1000],
    [3, 13, 1500],
    [4, 17, 1000],
  ])('seed %i: %i geese, %i random positions', (seed, k, count) => {
    const next = random(seed);
    let moves = 0;
    for (let n = 0; n < count; n++) {
      const cells = new Uint8Array(POINTS);
      const points = [...Array(POINTS).keys()].sort(() => next() - 0.5);
      for (const p of points.slice(0, k)) cells[p] = GOOSE;
      cells[points[k]!] = FOX;
      const position: Position = { cells, turn: next() < 0.5 ? 'fox' : 'geese', quiet: 0 };
      const expected = new Set(
        generateMoves(variant, position).map((m) => key(fromRules(applyMove(variant, position, m)))),
      );
      const got = successors(fromRules(position)).map(key);
      expect(new Set(got).size).toBe(got.length);
      expect(new Set(got)).toEqual(expected);
      moves += got.length;
      expect(countGeese(position)).toBe(k);
    }
    expect(moves).toBeGreaterThan(count);
  });
});

const sidewaysVariant = (() => {
  const v = getVariant('standard', { geese: 17, sideways: true });
  if (!v.ok) throw new Error(v.error.message);
  return v.value;
})();

describe('with sideways moves, the solver generates the successors the rules library does', () => {
  it.each([
    [5, 4, 1000],
    [6, 9, 1000],
    [7, 13, 1500],
    [8, 17, 1000],
  ])('seed %i: %i geese, %i random positions', (seed, k, count) => {
    const next = random(seed);
    let sideways = 0;
    for (let n = 0; n < count; n++) {
      const cells = new Uint8Array(POINTS);
      const points = [...Array(POINTS).keys()].sort(() => next() - 0.5);
      for (const p of points.slice(0, k)) cells[p] = GOOSE;
      cells[points[k]!] = FOX;
      const position: Position = { cells, turn: next() < 0.5 ? 'fox' : 'geese', quiet: 0 };
      const expected = new Set(
        generateMoves(sidewaysVariant, position).map((m) => key(fromRules(applyMove(sidewaysVariant, position, m)))),
      );
      const got = successors(fromRules(position), true).map(key);
      expect(new Set(got).size).toBe(got.length);
      expect(new Set(got)).toEqual(expected);
      sideways += got.length - successors(fromRules(position)).length;
    }
    expect(sideways).toBeGreaterThan(count / 2); // the sideways moves were there to compare
  });
});

describe('colex ranks', () => {
  it.each([4, 6, 13, 17])('%i geese: unrank then rank is the identity, and sets stay sorted', (k) => {
    const next = random(k);
    for (let n = 0; n < 2000; n++) {
      const rank = Math.floor(next() * choose(POINTS, k));
      const set = colexUnrank(rank, k);
      expect(colexRank(set)).toBe(rank);
      expect(set.every((p, i) => i === 0 || set[i - 1]! < p)).toBe(true);
    }
  });

  it('a goose move raises the rank and the level by one', () => {
    const next = random(99);
    for (let n = 0; n < 2000; n++) {
      const set = colexUnrank(Math.floor(next() * choose(POINTS, 13)), 13);
      const cells = new Uint8Array(POINTS);
      for (const p of set) cells[p] = GOOSE;
      cells[[...Array(POINTS).keys()].find((p) => cells[p] === 0)!] = FOX;
      for (const s of successors({
        geese: set,
        fox: piecePoints({ cells, turn: 'geese', quiet: 0 }, FOX)[0]!,
        turn: 'geese',
      })) {
        expect(colexRank(s.geese)).toBeGreaterThan(colexRank(set));
        expect(levelOf(s.geese)).toBe(levelOf(set) + 1);
      }
    }
  });

  it.each([4, 6, 8])('the units of every level of tier %i hold each set once', (k) => {
    let total = 0;
    for (let level = maxLevel(k); level >= minLevel(k); level--)
      for (const u of levelUnits(k, level)) total += unitSize(u);
    expect(total).toBe(choose(POINTS, k));
  });
});
