// Checks of a table with sideways moves at the level of whole geese sets (compact.test.ts and
// bench/sideways-compact-check.ts): every set of a tier in colex order, its row masks, and the geese-to-move
// values of all its fox points at once, one ply of goose moves (sideways steps included) over fox-to-move masks.
import { bitOf, RADIX_WEIGHT, rowOf } from '../canonical.js';
import { choose, GOOSE_DIRS, gooseStep, POINTS, SIDE_DIRS, sideStep } from '../geometry.js';
import { fromMoved, fromMovedDown } from '../kernel-parts.js';

/** Every geese set of k by colex rank: calls `visit` with its points (sorted; the array is reused) and its rank. */
export function forEachSet(k: number, visit: (points: Int32Array, rank: number) => void): void {
  const pts = Int32Array.from({ length: k }, (_, i) => i);
  const total = choose(POINTS, k);
  for (let rank = 0; rank < total; rank++) {
    visit(pts, rank);
    let i = 0;
    while (i < k - 1 && pts[i]! + 1 === pts[i + 1]) i++;
    pts[i]!++;
    for (let q = 0; q < i; q++) pts[q] = q;
  }
}

/** Row masks and key of a set of points. */
export function rows(points: ArrayLike<number>): { sigma: Int32Array; key: number } {
  const sigma = new Int32Array(7);
  let key = 0;
  for (let i = 0; i < points.length; i++) {
    const p = points[i]!;
    sigma[rowOf[p]!] = sigma[rowOf[p]!]! | (1 << bitOf[p]!);
    key += RADIX_WEIGHT[rowOf[p]!]!;
  }
  return { sigma, key };
}

const below = new Int32Array(POINTS); // free points of the set below each point
const moved = new Int32Array(7);

/**
 * The geese-to-move masks [wins, losses] over the free points of the set `points` (sorted; row masks
 * `sigma`, key `key`): a goose move to a set whose fox-to-move mask `foxMasks(sigma', key')` = [wins, losses]
 * says the fox loses wins for the geese; the geese lose when every move leaves the fox winning (or none is left).
 */
export function geeseMasks(
  points: ArrayLike<number>,
  sigma: Int32Array,
  key: number,
  foxMasks: (sigma: Int32Array, key: number) => readonly [number, number],
): [number, number] {
  const k = points.length;
  const full = (1 << (POINTS - k)) - 1;
  for (let p = 0, i = 0; p < POINTS; p++) {
    below[p] = p - i;
    if (i < k && points[i] === p) i++;
  }
  let gw = 0; // some goose move leaves the fox to move lost
  let gl = full; // every goose move leaves the fox to move winning
  for (let i = 0; i < k; i++) {
    const g = points[i]!;
    for (let d = 0; d < GOOSE_DIRS + SIDE_DIRS; d++) {
      const t = d < GOOSE_DIRS ? gooseStep[g * GOOSE_DIRS + d]! : sideStep[g * SIDE_DIRS + d - GOOSE_DIRS]!;
      if (t < 0 || (sigma[rowOf[t]!]! >>> bitOf[t]!) & 1) continue;
      moved.set(sigma);
      moved[rowOf[g]!] = moved[rowOf[g]!]! & ~(1 << bitOf[g]!);
      moved[rowOf[t]!] = moved[rowOf[t]!]! | (1 << bitOf[t]!);
      const [w0, l0] = foxMasks(moved, key - RADIX_WEIGHT[rowOf[g]!]! + RADIX_WEIGHT[rowOf[t]!]!);
      // The moved set's masks over this set's free points: g joins the free points and t leaves them.
      const lo = below[g]!;
      const at = below[t]!;
      const map = (m: number): number => (g < t ? fromMoved(m, lo, at) : fromMovedDown(m, at, lo));
      const here = 1 << at; // the fox cannot stand where the goose goes
      gw |= map(l0) & ~here;
      gl &= map(w0) | here;
    }
  }
  return [gw, gl & ~gw];
}
