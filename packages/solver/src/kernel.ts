// The inner loop of the solve: the verdicts of one geese set G for every fox point at once, as masks
// over G's free points (bit j = the j-th free point in index order; 33 - k <= 29 bits, so one uint32).
//   X(G)  fox at f has just jumped and may stop or jump on: fox wins      (kept for the tier above)
//   J(G)  = OR over jumps f over q to r: X(G \ q)[r], or true when fewer than 4 geese would be left
//   GW(G) geese to move, fox at f: geese win = OR over goose moves g -> t (t != f): NOT FW(G')[f];
//         false when the geese have no move (they are stalemated: the fox wins)
//   FW(G) fox to move at f: fox wins = J(G)[f] OR some step f -> f' to a free point with NOT GW(G)[f']
//   X(G)  = NOT GW(G) OR J(G)
// G' (a goose move) lies one level up in the same tier, G \ q in the tier below: both are solved.
import {
  binom,
  BINOM_K,
  GOOSE_DIRS,
  gooseStep,
  lineFrom,
  lineStart,
  lineTo,
  MIN_GEESE,
  POINTS,
  rowFirst,
  ROWS,
} from './geometry.js';
import {
  colexParts,
  foxWins,
  fromMoved,
  indexFreePoints,
  MirrorRows,
  movedRank,
  popcount,
  reversed,
} from './kernel-parts.js';
import { FIXED_ROW, rowSubsets, type Unit } from './levels.js';

/** The verdict arrays of one tier, indexed by colex rank, and the X masks of the tier below. */
export interface TierArrays {
  readonly k: number;
  readonly fw: Uint32Array;
  readonly gw: Uint32Array;
  readonly x: Uint32Array | null; // null for the top tier: nothing above needs it
  readonly below: Uint32Array | null; // X of tier k - 1; null when k is the lowest tier (4)
}

/** Win counts that one pass adds up (popcounts of FW and GW over free points). */
export interface Counts {
  foxWins: number; // fox to move, fox wins
  geeseWins: number; // geese to move, geese win
}

const pts = new Int32Array(POINTS);
const occ = new Uint8Array(POINTS);
const freeBelow = new Int32Array(POINTS);
const freePts = new Int32Array(POINTS);
const pre = new Int32Array(POINTS + 1); // pre[i] = sum over j < i of C(p_j, j + 1)
const shifted = new Int32Array(POINTS + 1); // shifted[i] = sum over j >= i of C(p_j, j)

const rows = new MirrorRows(); // the row blocks of the unit's sets, for mirror images

/**
 * Solves the set held in `pts[0..k)` (sorted) with colex rank `rank`; when `mirror` is not -1 it is
 * the rank of the set's mirror image, whose records are the same masks mirrored (the game is
 * symmetric under a <-> g), so both are written and the mirror need not be solved again.
 */
function solveSet(a: TierArrays, rank: number, mirror: number, counts: Counts): void {
  const k = a.k;
  const n = POINTS - k;
  const full = (1 << n) - 1;
  indexFreePoints(occ, freeBelow, freePts);
  colexParts(pts, k, pre, shifted);

  // J: every first jump, over each goose q.
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
        x = below === null ? -1 : below[pre[i]! + shifted[i + 1]!]!;
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
    const base = rank - binom[g * BINOM_K + i + 1]!;
    for (let d = 0; d < GOOSE_DIRS; d++) {
      const t = gooseStep[g * GOOSE_DIRS + d]!;
      if (t < 0 || occ[t] !== 0) continue;
      const r2 = movedRank(pts, k, i, base, t);
      const b = freeBelow[t]!;
      gwm |= ~fromMoved(fw[r2]!, freeBelow[g]!, b) & ~(1 << b) & full;
    }
  }

  // FW: a jump that wins, or a step to a point where the geese to move lose.
  const lose = ~gwm & full;
  const fwm = foxWins(jm, lose, full, freePts);
  fw[rank] = fwm;
  a.gw[rank] = gwm;
  if (a.x !== null) a.x[rank] = lose | jm;
  const times = mirror === -1 ? 1 : 2;
  counts.foxWins += times * popcount(fwm);
  counts.geeseWins += times * popcount(gwm);
  if (mirror !== -1) {
    fw[mirror] = rows.mirror(fwm);
    a.gw[mirror] = rows.mirror(gwm);
    if (a.x !== null) a.x[mirror] = rows.mirror(lose | jm);
  }
}

const choice = new Int32Array(ROWS.length); // the subset index chosen on each row
const lists: (readonly number[])[] = new Array<readonly number[]>(ROWS.length);

/** Solves every set of one unit; returns how many sets it held. */
export function solveUnit(a: TierArrays, unit: Unit, counts: Counts): number {
  if (a.k < MIN_GEESE || (a.below === null) !== (a.k === MIN_GEESE)) throw new Error(`tier ${a.k}: bad arrays`);
  for (let row = 0; row < ROWS.length; row++) {
    const all = rowSubsets(row, unit.counts[row]!);
    lists[row] = row === FIXED_ROW ? [all[unit.fixed]!] : all;
    choice[row] = 0;
  }
  rows.place(unit.counts);
  let sets = 0;
  for (;;) {
    let k = 0;
    let rank = 0;
    let mirror = 0;
    for (let row = 0; row < ROWS.length; row++) {
      const first = rowFirst[row]!;
      const size = ROWS[row]![1];
      const chosen = lists[row]![choice[row]!]!;
      let i = k;
      for (let m = chosen; m !== 0; m &= m - 1) {
        const p = first + 31 - Math.clz32(m & -m);
        pts[k] = p;
        occ[p] = 1;
        rank = (rank + binom[p * BINOM_K + k + 1]!) | 0;
        k++;
      }
      for (let m = reversed[size * 128 + chosen]!; m !== 0; m &= m - 1) {
        const p = first + 31 - Math.clz32(m & -m);
        mirror = (mirror + binom[p * BINOM_K + ++i]!) | 0;
      }
    }
    // Of a set and its mirror image, the one of lower rank is solved; a symmetric set by itself.
    if (rank <= mirror) solveSet(a, rank, rank === mirror ? -1 : mirror, counts);
    for (let i = 0; i < k; i++) occ[pts[i]!] = 0;
    sets++;
    // The lowest row turns fastest: neighbouring sets then differ in their low colex terms, and so do
    // the sets they look up, which keeps the lookups of consecutive sets close together in memory.
    let row = 0;
    while (row < ROWS.length && ++choice[row]! === lists[row]!.length) choice[row++] = 0;
    if (row === ROWS.length) return sets;
  }
}
