// The canonical index: one set of each mirror pair, numbered 0..canonicalSets(k) - 1 without gaps, the
// mirror image finding the same number flipped; and the masks seen in the mirror.
import { describe, expect, it } from 'vitest';

import {
  bitOf,
  canonicalIndex,
  canonicalIndexAbove,
  canonicalSets,
  keyOf,
  lowDigits,
  mirrorFreeMask,
  mirrorPoint,
  rowOf,
} from './canonical.js';
import { choose, colexUnrank, POINTS } from './geometry.js';

/** The row masks of a set of points. */
function rows(points: readonly number[]): Int32Array {
  const sigma = new Int32Array(7);
  for (const p of points) sigma[rowOf[p]!] = sigma[rowOf[p]!]! | (1 << bitOf[p]!);
  return sigma;
}

/** Sets of k geese that are their own mirror image, counted row by row (each row a palindrome). */
function symmetricSets(k: number): number {
  let ways = [1]; // ways[n]: symmetric choices of n geese on the rows so far
  for (const size of [3, 3, 7, 7, 7, 3, 3]) {
    const row = new Array<number>(size + 1).fill(0);
    for (let m = 0; m < 1 << size; m++) {
      let rev = 0;
      for (let b = 0; b < size; b++) if ((m >>> b) & 1) rev |= 1 << (size - 1 - b);
      if (rev === m) row[m.toString(2).replaceAll('0', '').length]!++;
    }
    const next = new Array<number>(ways.length + size).fill(0);
    ways.forEach((w, a) => row.forEach((r, b) => (next[a + b]! += w * r)));
    ways = next;
  }
  return ways[k] ?? 0;
}

describe('the canonical index', () => {
  it.each([4, 5, 6])('numbers one set of each mirror pair of tier %i without gaps', (k) => {
    const seen = new Uint8Array(canonicalSets(k));
    let wrong = 0;
    for (let rank = 0; rank < choose(POINTS, k); rank++) {
      const set = colexUnrank(rank, k);
      const sigma = rows(set);
      const mirror = rows(set.map((p) => mirrorPoint[p]!));
      const key = keyOf(sigma);
      const c = canonicalIndex(sigma, key);
      const m = canonicalIndex(mirror, key);
      if (c >>> 1 !== m >>> 1) wrong++;
      const symmetric = sigma.every((row, r) => row === mirror[r]);
      if (symmetric ? (c | m) & 1 : (c & 1) === (m & 1)) wrong++;
      if ((c & 1) === 0) seen[c >>> 1]!++;
    }
    expect(wrong).toBe(0);
    expect(seen.every((n) => n === 1)).toBe(true);
  });

  it('keeps half of every tier and the symmetric sets whole', () => {
    const counts = Array.from({ length: 14 }, (_, i) => canonicalSets(i + 4));
    expect(counts).toEqual(Array.from({ length: 14 }, (_, i) => (choose(POINTS, i + 4) + symmetricSets(i + 4)) / 2));
    expect([canonicalSets(13), canonicalSets(16), canonicalSets(17)]).toEqual([286619399, 583454751, 583454751]);
  });

  it.each([5, 8, 12])(
    'finds the index of every set a goose changes rows from as the whole computation does (tier %i)',
    (k) => {
      // Every set of tier 5; a stride through the larger tiers. Each goose in turn taken off (a capture) or
      // moved to each free point of its own row or a higher one: the rows below the goose's are the set's.
      const low = new Float64Array(8);
      const lowFlip = new Float64Array(8);
      const step = Math.max(1, Math.floor(choose(POINTS, k) / 2000));
      let checked = 0;
      let wrong = 0;
      for (let rank = 0; rank < choose(POINTS, k); rank += step) {
        const set = colexUnrank(rank, k);
        const sigma = rows(set);
        lowDigits(sigma, keyOf(sigma), low, lowFlip);
        for (const g of set) {
          const from = rowOf[g]!;
          const others = set.filter((p) => p !== g);
          const changed = [
            others,
            ...Array.from({ length: POINTS }, (_, t) => t)
              .filter((t) => rowOf[t]! >= from && !set.includes(t))
              .map((t) => [...others, t]),
          ];
          for (const points of changed) {
            const moved = rows(points);
            const key = keyOf(moved);
            if (canonicalIndexAbove(moved, key, from, low, lowFlip) !== canonicalIndex(moved, key)) wrong++;
            checked++;
          }
        }
      }
      expect(wrong).toBe(0);
      expect(checked).toBeGreaterThan(20000);
    },
  );

  it('mirrors a mask over the free points row by row', () => {
    // Geese on c1, a3 and g3: the free points are d1 e1 | c2 d2 e2 | b3 c3 d3 e3 f3 | then rows 4-7 whole.
    const sigma = rows([0, 6, 12]);
    const key = keyOf(sigma);
    expect(mirrorFreeMask(0b1, key)).toBe(0b10); // d1 -> e1 seen from the other side
    expect(mirrorFreeMask(0b100, key)).toBe(0b10000); // c2 -> e2
    expect(mirrorFreeMask(0b100000, key)).toBe(1 << 9); // b3 -> f3
    expect(mirrorFreeMask(1 << 29, key)).toBe(1 << 27); // e7 -> c7
  });
});
