// The inner loop of the mirror-halved solve (format 2): the same verdict masks as kernel.ts, but the
// arrays hold one set of each mirror pair at its canonical index (canonical.ts), so a lookup finds
// the canonical form of the set it wants and mirrors the mask it reads when that set was the mirror
// image. Half the memory of kernel.ts's arrays: 17 geese fit in 7 GB. No GW array: GW(G) is needed
// only by FW(G) and X(G) of the same set.
import {
  canonicalIndex,
  canonicalIndexAbove,
  lowDigits,
  mirrorFreeMask,
  RADIX_WEIGHT,
  revT,
  ROW_COUNT,
} from './canonical.js';
import { GOOSE_DIRS, gooseStep, lineFrom, lineStart, lineTo, MIN_GEESE, POINTS, rowFirst, ROWS } from './geometry.js';
import type { Counts } from './kernel.js';
import { foxWins, fromMoved, indexFreePoints, popcount } from './kernel-parts.js';
import { FIXED_ROW, rowSubsets, type Unit } from './levels.js';

/** The arrays of one tier by canonical index, and the X masks of the tier below. */
export interface HalvedArrays {
  readonly k: number;
  readonly fw: Uint32Array;
  readonly x: Uint32Array | null; // null for the top tier: nothing above needs it
  readonly below: Uint32Array | null; // X of tier k - 1; null when k is the lowest tier (4)
}

const sigma = new Int32Array(ROW_COUNT); // the set being solved, row by row
const moved = new Int32Array(ROW_COUNT); // the set after a goose move or a capture
const pts = new Int32Array(POINTS);
const rowOfGoose = new Int32Array(POINTS);
const occ = new Uint8Array(POINTS);
const freeBelow = new Int32Array(POINTS);
const freePts = new Int32Array(POINTS);
const low = new Float64Array(ROW_COUNT + 1); // the set's low digits (lowDigits), shared by every lookup of it
const lowFlip = new Float64Array(ROW_COUNT + 1);

/** Solves the canonical set in `sigma` (key `key`, geese in `pts[0..k)`) at canonical index `index`. */
function solveSet(a: HalvedArrays, key: number, index: number, symmetric: boolean, counts: Counts): void {
  const k = a.k;
  const n = POINTS - k;
  const full = (1 << n) - 1;
  indexFreePoints(occ, freeBelow, freePts);
  for (let r = 0; r < ROW_COUNT; r++) moved[r] = sigma[r]!;
  lowDigits(sigma, key, low, lowFlip);

  // J: every first jump, over each goose q: X of the set without q, in the tier below.
  let jm = 0;
  const below = a.below;
  for (let i = 0; i < k; i++) {
    const q = pts[i]!;
    let x = 0;
    let loaded = false;
    for (let l = lineStart[q]!, end = lineStart[q + 1]!; l < end; l++) {
      const f = lineFrom[l]!;
      const r = lineTo[l]!;
      if ((occ[f]! | occ[r]!) !== 0) continue;
      if (!loaded) {
        if (below === null) x = -1;
        else {
          const row = rowOfGoose[i]!;
          moved[row] = sigma[row]! & ~(1 << (q - rowFirst[row]!));
          const keyBelow = key - RADIX_WEIGHT[row]!;
          const cb = canonicalIndexAbove(moved, keyBelow, row, low, lowFlip);
          x = below[cb >>> 1]!;
          if (cb & 1) x = mirrorFreeMask(x, keyBelow);
          moved[row] = sigma[row]!;
        }
        loaded = true;
      }
      if ((x >>> (freeBelow[r]! + (r > q ? 1 : 0))) & 1) jm |= 1 << freeBelow[f]!;
    }
  }

  // GW: every goose move g -> t; FW(G') is over G' = G - g + t's free points, mapped back to G's.
  let gwm = 0;
  const fw = a.fw;
  for (let i = 0; i < k && gwm !== full; i++) {
    const g = pts[i]!;
    const row = rowOfGoose[i]!;
    for (let d = 0; d < GOOSE_DIRS; d++) {
      const t = gooseStep[g * GOOSE_DIRS + d]!;
      if (t < 0 || occ[t] !== 0) continue;
      const up = row + 1; // every goose move goes up one rank
      moved[row] = sigma[row]! & ~(1 << (g - rowFirst[row]!));
      moved[up] = sigma[up]! | (1 << (t - rowFirst[up]!));
      const keyMoved = key - RADIX_WEIGHT[row]! + RADIX_WEIGHT[up]!;
      const cm = canonicalIndexAbove(moved, keyMoved, row, low, lowFlip);
      moved[row] = sigma[row]!;
      moved[up] = sigma[up]!;
      let m = fw[cm >>> 1]!;
      if (cm & 1) m = mirrorFreeMask(m, keyMoved);
      const b = freeBelow[t]!;
      gwm |= ~fromMoved(m, freeBelow[g]!, b) & ~(1 << b) & full;
    }
  }

  // FW: a jump that wins, or a step to a point where the geese to move lose.
  const lose = ~gwm & full;
  const fwm = foxWins(jm, lose, full, freePts);
  fw[index] = fwm;
  if (a.x !== null) a.x[index] = lose | jm;
  const times = symmetric ? 1 : 2; // the mirror image's positions count too
  counts.foxWins += times * popcount(fwm);
  counts.geeseWins += times * popcount(gwm);
}

const choice = new Int32Array(ROWS.length);
const lists: (readonly number[])[] = new Array<readonly number[]>(ROWS.length);

/** Solves every canonical set of one unit; returns how many sets (canonical or not) it held. */
export function solveHalvedUnit(a: HalvedArrays, unit: Unit, counts: Counts): number {
  if (a.k < MIN_GEESE || (a.below === null) !== (a.k === MIN_GEESE)) throw new Error(`tier ${a.k}: bad arrays`);
  let key = 0;
  for (let row = 0; row < ROWS.length; row++) {
    const all = rowSubsets(row, unit.counts[row]!);
    lists[row] = row === FIXED_ROW ? [all[unit.fixed]!] : all;
    choice[row] = 0;
    key += unit.counts[row]! * RADIX_WEIGHT[row]!;
  }
  let sets = 0;
  for (;;) {
    for (let row = 0; row < ROWS.length; row++) sigma[row] = lists[row]![choice[row]!]!;
    // Canonical (canonicalIndex's test, without its index for the half that is not): every row its own
    // mirror, or the highest row that is not the smaller mask of its pair.
    let top = ROWS.length - 1;
    while (top >= 0 && revT[top * 128 + sigma[top]!] === sigma[top]) top--;
    if (top < 0 || sigma[top]! < revT[top * 128 + sigma[top]!]!) {
      const c = canonicalIndex(sigma, key);
      let k = 0;
      const symmetric = top < 0;
      for (let row = 0; row < ROWS.length; row++) {
        const first = rowFirst[row]!;
        const m = sigma[row]!;
        for (let b = m; b !== 0; b &= b - 1) {
          const p = first + 31 - Math.clz32(b & -b);
          pts[k] = p;
          rowOfGoose[k] = row;
          occ[p] = 1;
          k++;
        }
      }
      solveSet(a, key, c >>> 1, symmetric, counts);
      for (let i = 0; i < k; i++) occ[pts[i]!] = 0;
    }
    sets++;
    let row = 0;
    while (row < ROWS.length && ++choice[row]! === lists[row]!.length) choice[row++] = 0;
    if (row === ROWS.length) return sets;
  }
}
