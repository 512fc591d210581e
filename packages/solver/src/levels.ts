// The geese sets of one tier grouped by level (the sum of the geese's rank rows). A goose move raises
// the level by one and a capture leaves the tier, so the sets of one level depend only on the level
// above and the tier below: they can be solved in any order, by several threads at once. A level is
// cut into units (a row count per rank and a choice of geese on rank 3) that threads claim in turn.
import { ROWS } from './geometry.js';

/** One unit of work: how many geese stand on each rank, and which subset of rank 3 they take. */
export interface Unit {
  readonly counts: readonly number[]; // geese per rank row, rows 0..6
  readonly fixed: number; // index of the subset of row FIXED_ROW
}

/** The row whose subset is fixed within a unit (rank 3, seven points: up to 35 units a row count). */
export const FIXED_ROW = 2;

/** subsets[size][n]: every n-subset of `size` row positions as bitmasks, in increasing order. */
const subsets: number[][][] = [];
for (const size of new Set(ROWS.map(([, s]) => s))) {
  const bySize: number[][] = Array.from({ length: size + 1 }, () => []);
  for (let m = 0; m < 1 << size; m++) {
    let c = 0;
    for (let b = m; b; b &= b - 1) c++;
    bySize[c]!.push(m);
  }
  subsets[size] = bySize;
}

/** The n-subsets of a row as bitmasks over the row's points (bit 0 = its first point). */
export function rowSubsets(row: number, n: number): readonly number[] {
  return subsets[ROWS[row]![1]]![n]!;
}

/** Every row-count vector with `k` geese at level `level`. */
function countVectors(k: number, level: number): number[][] {
  const out: number[][] = [];
  const counts = new Array<number>(ROWS.length).fill(0);
  const walk = (row: number, left: number, levelLeft: number): void => {
    if (row === ROWS.length) {
      if (left === 0 && levelLeft === 0) out.push(counts.slice());
      return;
    }
    const size = ROWS[row]![1];
    for (let n = 0; n <= Math.min(size, left); n++) {
      if (n * row > levelLeft) break;
      counts[row] = n;
      walk(row + 1, left - n, levelLeft - n * row);
    }
    counts[row] = 0;
  };
  walk(0, k, level);
  return out;
}

/** The units of one level of tier k, in a fixed order every thread agrees on. */
export function levelUnits(k: number, level: number): Unit[] {
  const units: Unit[] = [];
  for (const counts of countVectors(k, level)) {
    const n = rowSubsets(FIXED_ROW, counts[FIXED_ROW]!).length;
    for (let fixed = 0; fixed < n; fixed++) units.push({ counts, fixed });
  }
  return units;
}

/** The highest level a set of k geese can reach (every goose as high up as it goes). */
export function maxLevel(k: number): number {
  let level = 0;
  let left = k;
  for (let row = ROWS.length - 1; row >= 0 && left > 0; row--) {
    const n = Math.min(ROWS[row]![1], left);
    level += n * row;
    left -= n;
  }
  return level;
}

/** The lowest level of a set of k geese. */
export function minLevel(k: number): number {
  let level = 0;
  let left = k;
  for (let row = 0; row < ROWS.length && left > 0; row++) {
    const n = Math.min(ROWS[row]![1], left);
    level += n * row;
    left -= n;
  }
  return level;
}

/** How many sets a unit holds. */
export function unitSize(unit: Unit): number {
  let n = 1;
  unit.counts.forEach((c, row) => {
    if (row !== FIXED_ROW) n *= rowSubsets(row, c).length;
  });
  return n;
}
