// The inner loop of the solve with sideways goose moves: win, draw or loss. Positions can repeat, so a
// level (the sets of one rank sum, which sideways moves and fox steps never leave) is solved by rounds
// until nothing changes; what is still undecided then is a draw (threefold repetition: docs/rules.md).
// Masks over a set G's free points (bit j = the fox on the j-th free point), as in ../kernel.ts:
//   FW(G), FL(G)  fox to move: the fox wins / loses                   (the table: kept for every set)
//   JW, JNL       some first jump wins / does not lose for the fox: X of G \ q at the landing point
//   GW, GL        geese to move: the geese win / lose; OR / AND over their moves of FL(G') / FW(G')
//   XW, XL        the fox has just jumped (it may stop, or jump on): wins / loses (kept for the tier above)
// A round recomputes each set from the values the level held at the end of the round before (a
// changed set is put aside and written after the round), so the round a value appears in bounds
// the quiet plies (no capture, no forward goose move) that the win or the loss needs inside its level.
import {
  binom,
  BINOM_K,
  GOOSE_DIRS,
  gooseStep,
  lineFrom,
  lineStart,
  lineTo,
  MIN_GEESE,
  nbHi,
  nbLo,
  POINTS,
  rowFirst,
  ROWS,
  SIDE_DIRS,
  sideStep,
} from '../geometry.js';
import { colexParts, fromMoved, indexFreePoints, MirrorRows, movedRank, popcount, reversed } from '../kernel-parts.js';
import { FIXED_ROW, rowSubsets, type Unit } from '../levels.js';

/** The arrays one tier's solve works on. */
export interface WdlArrays {
  readonly k: number;
  readonly sideways: boolean; // false: forward goose moves only (the game of ../kernel.ts, for checks)
  readonly fw: Uint32Array; // by colex rank: fox to move, fox wins
  readonly fl: Uint32Array; // fox to move, fox loses
  readonly xw: Uint32Array | null; // this tier's X for the tier above; null for the top tier
  readonly xl: Uint32Array | null;
  readonly bw: Uint32Array | null; // X of tier k - 1; null when k is the lowest tier (4)
  readonly bl: Uint32Array | null;
  readonly stamp: Uint8Array; // by colex rank: the round of the current level in which the set last changed
  readonly mark?: Uint8Array; // by colex rank: the round a listed set was taken in (rounds from LISTED_FROM)
  readonly gw: Uint32Array; // by place in the current level: geese to move, geese win
  readonly gl: Uint32Array; // geese to move, geese lose
  readonly geese?: { readonly gw: Uint32Array; readonly gl: Uint32Array }; // GW, GL by colex rank too (checks)
}

/** What a round adds to the counts (changes of popcounts, mirror images included). */
export interface WdlCounts {
  foxWins: number;
  foxLosses: number;
  geeseWins: number;
  geeseLosses: number;
  changed: number; // sets whose FW or FL changed (mirror images included)
}

/** Records a round changed, to be written once the round is over: rank, FW, FL per record. */
export class Changes {
  data = new Uint32Array(3 * 1024);
  length = 0; // in words

  /** Puts one changed record aside. */
  push(rank: number, fw: number, fl: number): void {
    if (this.length + 3 > this.data.length) {
      const grown = new Uint32Array(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    this.data[this.length++] = rank;
    this.data[this.length++] = fw;
    this.data[this.length++] = fl;
  }
}

/** Writes a round's changes into the tier's arrays and stamps the sets with the round. */
export function applyChanges(a: Pick<WdlArrays, 'fw' | 'fl' | 'stamp'>, data: Uint32Array, round: number): void {
  for (let i = 0; i + 2 < data.length; i += 3) {
    const rank = data[i]!;
    a.fw[rank] = data[i + 1]!;
    a.fl[rank] = data[i + 2]!;
    a.stamp[rank] = round;
  }
}

const pts = new Int32Array(POINTS);
const occ = new Uint8Array(POINTS);
const freeBelow = new Int32Array(POINTS);
const freePts = new Int32Array(POINTS);
const pre = new Int32Array(POINTS + 1); // pre[i] = sum over j < i of C(p_j, j + 1)
const shifted = new Int32Array(POINTS + 1); // shifted[i] = sum over j >= i of C(p_j, j)

const rows = new MirrorRows(); // the row blocks of the sets being solved, for mirror images

/** Whether a sideways move leads from the set in `pts` to a set stamped with `round`. */
function neighbourChanged(a: WdlArrays, rank: number, round: number): boolean {
  const k = a.k;
  for (let i = 0; i < k; i++) {
    const g = pts[i]!;
    const base = rank - binom[g * BINOM_K + i + 1]!;
    for (let d = 0; d < SIDE_DIRS; d++) {
      const t = sideStep[g * SIDE_DIRS + d]!;
      // A sideways step keeps the goose's place among the geese: only its own term changes.
      if (t >= 0 && occ[t] === 0 && a.stamp[base + binom[t * BINOM_K + i + 1]!] === round) return true;
    }
  }
  return false;
}

/** Points (bits 0-31, and bit 32 as a flag) of the free-point mask `m`. */
let pointsLo = 0;
let pointsHi = 0;
function toPoints(m: number): void {
  pointsLo = 0;
  pointsHi = 0;
  for (let v = m; v !== 0; v &= v - 1) {
    const p = freePts[31 - Math.clz32(v & -v)]!;
    if (p < 32) pointsLo |= 1 << p;
    else pointsHi = 1;
  }
}

/**
 * Solves the set held in `pts[0..k)` (sorted) with colex rank `rank` in round `round`; `mirror` is
 * the rank of its mirror image (the same records mirrored) or -1 when it is its own; `place` is its
 * place in the level. Round 1 takes every sideways move's result as unknown and writes in place
 * (it reads nothing of its own level); later rounds recompute only sets next to a set the round
 * before changed (`listed`: known to be, else checked here), and put their changes aside.
 */
function solveSet(
  a: WdlArrays,
  rank: number,
  mirror: number,
  place: number,
  round: number,
  counts: WdlCounts,
  changes: Changes,
  listed = false,
): void {
  if (round > 1 && !listed && (!a.sideways || !neighbourChanged(a, rank, round - 1))) return;
  const k = a.k;
  const full = (1 << (POINTS - k)) - 1;
  indexFreePoints(occ, freeBelow, freePts);
  colexParts(pts, k, pre, shifted);

  // J: every first jump, over each goose q, to the landing point's X in the tier below.
  let jw = 0;
  let jnl = 0;
  const bw = a.bw;
  const bl = a.bl;
  for (let i = 0; i < k; i++) {
    const q = pts[i]!;
    let xw = 0;
    let xl = 0;
    let loaded = false;
    for (let l = lineStart[q]!, end = lineStart[q + 1]!; l < end; l++) {
      const f = lineFrom[l]!;
      const r = lineTo[l]!;
      if ((occ[f]! | occ[r]!) !== 0) continue;
      if (!loaded) {
        // Fewer than 4 geese left: the fox has won (geese-reduced).
        const below = pre[i]! + shifted[i + 1]!;
        xw = bw === null ? -1 : bw[below]!;
        xl = bl === null ? 0 : bl[below]!;
        loaded = true;
      }
      const bit = freeBelow[r]! + (r > q ? 1 : 0);
      if ((xw >>> bit) & 1) jw |= 1 << freeBelow[f]!;
      if (((xl >>> bit) & 1) === 0) jnl |= 1 << freeBelow[f]!;
    }
  }

  // Geese to move: GW = some move to a set where the fox to move loses; GNL = some move to a set
  // where it does not win. A move to the fox's point is no move (the bit of t is left out).
  let gw = 0;
  let gnl = 0;
  const fw = a.fw;
  const fl = a.fl;
  for (let i = 0; i < k; i++) {
    const g = pts[i]!;
    const base = rank - binom[g * BINOM_K + i + 1]!;
    for (let d = 0; d < GOOSE_DIRS; d++) {
      const t = gooseStep[g * GOOSE_DIRS + d]!;
      if (t < 0 || occ[t] !== 0) continue;
      const r2 = movedRank(pts, k, i, base, t);
      const lo = freeBelow[g]!;
      const b = freeBelow[t]!;
      const notT = ~(1 << b) & full;
      gw |= fromMoved(fl[r2]!, lo, b) & notT;
      gnl |= ~fromMoved(fw[r2]!, lo, b) & notT;
    }
    if (!a.sideways) continue;
    for (let d = 0; d < SIDE_DIRS; d++) {
      const t = sideStep[g * SIDE_DIRS + d]!;
      if (t < 0 || occ[t] !== 0) continue;
      // t and g are neighbouring indices: G' has the same free-point order, g in the place of t.
      const notT = ~(1 << freeBelow[t]!) & full;
      if (round === 1) {
        gnl |= notT; // not known yet: not lost
        continue;
      }
      const r2 = base + binom[t * BINOM_K + i + 1]!;
      gw |= fl[r2]! & notT;
      gnl |= ~fw[r2]! & notT;
    }
  }
  const gl = ~gnl & full;

  // Fox to move: a winning jump or a step to a point where the geese lose; not lost when a jump or
  // a step does not lose. No move at all: lost (the fox is trapped).
  toPoints(gl);
  const glLo = pointsLo;
  const glHi = pointsHi;
  toPoints(~gw & full);
  const gnwLo = pointsLo;
  const gnwHi = pointsHi;
  let fwm = jw;
  let fnl = jnl;
  for (let m = full; m !== 0; m &= m - 1) {
    const j = 31 - Math.clz32(m & -m);
    const p = freePts[j]!;
    const lo = nbLo[p]!;
    const hi = nbHi[p]!;
    if ((lo & glLo) !== 0 || (hi & glHi) !== 0) fwm |= 1 << j;
    if ((lo & gnwLo) !== 0 || (hi & gnwHi) !== 0) fnl |= 1 << j;
  }
  const flm = ~fnl & full;

  const weight = mirror === -1 ? 1 : 2;
  counts.geeseWins += weight * (popcount(gw) - popcount(a.gw[place]!));
  counts.geeseLosses += weight * (popcount(gl) - popcount(a.gl[place]!));
  a.gw[place] = gw;
  a.gl[place] = gl;
  if (a.geese) {
    a.geese.gw[rank] = gw;
    a.geese.gl[rank] = gl;
    if (mirror !== -1) {
      a.geese.gw[mirror] = rows.mirror(gw);
      a.geese.gl[mirror] = rows.mirror(gl);
    }
  }
  if (a.xw !== null) {
    const xw = gl | jw;
    const xl = gw & ~jnl;
    a.xw[rank] = xw;
    a.xl![rank] = xl;
    if (mirror !== -1) {
      a.xw[mirror] = rows.mirror(xw);
      a.xl![mirror] = rows.mirror(xl);
    }
  }
  const oldW = round === 1 ? 0 : fw[rank]!;
  const oldL = round === 1 ? 0 : fl[rank]!;
  counts.foxWins += weight * (popcount(fwm) - popcount(oldW));
  counts.foxLosses += weight * (popcount(flm) - popcount(oldL));
  if (round === 1) {
    const stamp = (fwm | flm) !== 0 ? 1 : 0;
    fw[rank] = fwm;
    fl[rank] = flm;
    a.stamp[rank] = stamp;
    if (mirror !== -1) {
      fw[mirror] = rows.mirror(fwm);
      fl[mirror] = rows.mirror(flm);
      a.stamp[mirror] = stamp;
    }
    if (stamp) counts.changed += weight;
  } else if (fwm !== oldW || flm !== oldL) {
    changes.push(rank, fwm, flm);
    if (mirror !== -1) changes.push(mirror, rows.mirror(fwm), rows.mirror(flm));
    counts.changed += weight;
  }
}

const choice = new Int32Array(ROWS.length); // the subset index chosen on each row
const lists: (readonly number[])[] = new Array<readonly number[]>(ROWS.length);

/**
 * Runs round `round` over every set of one unit, whose first set has place `first` in the level;
 * returns how many sets the unit holds.
 */
export function solveUnitRound(
  a: WdlArrays,
  unit: Unit,
  first: number,
  round: number,
  counts: WdlCounts,
  changes: Changes,
): number {
  if (a.k < MIN_GEESE || (a.bw === null) !== (a.k === MIN_GEESE)) throw new Error(`tier ${a.k}: bad arrays`);
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
      const firstPoint = rowFirst[row]!;
      const size = ROWS[row]![1];
      const chosen = lists[row]![choice[row]!]!;
      let i = k;
      for (let m = chosen; m !== 0; m &= m - 1) {
        const p = firstPoint + 31 - Math.clz32(m & -m);
        pts[k] = p;
        occ[p] = 1;
        rank = (rank + binom[p * BINOM_K + k + 1]!) | 0;
        k++;
      }
      for (let m = reversed[size * 128 + chosen]!; m !== 0; m &= m - 1) {
        const p = firstPoint + 31 - Math.clz32(m & -m);
        mirror = (mirror + binom[p * BINOM_K + ++i]!) | 0;
      }
    }
    // Of a set and its mirror image, the one of lower rank is solved; a symmetric set by itself.
    if (rank <= mirror) solveSet(a, rank, rank === mirror ? -1 : mirror, first + sets, round, counts, changes);
    for (let i = 0; i < k; i++) occ[pts[i]!] = 0;
    sets++;
    let row = 0;
    while (row < ROWS.length && ++choice[row]! === lists[row]!.length) choice[row++] = 0;
    if (row === ROWS.length) return sets;
  }
}

const rowOf = new Int32Array(POINTS);
ROWS.forEach(([first, size], row) => {
  for (let p = first; p < first + size; p++) rowOf[p] = row;
});
/** subsetIndex[m]: the place of row mask m among the masks of its size (rowSubsets order, the same for every row length). */
const subsetIndex = new Int32Array(128);
{
  const seen = new Int32Array(8);
  for (let m = 0; m < 128; m++) {
    let c = 0;
    for (let b = m; b; b &= b - 1) c++;
    subsetIndex[m] = seen[c]!++;
  }
}
const rowMask = new Int32Array(ROWS.length);
const nextMask = new Int32Array(ROWS.length);

/** The key of a row-count vector in LevelPlan.bases. */
export function countsKey(counts: ArrayLike<number>): number {
  let key = 0;
  for (let row = ROWS.length - 1; row >= 0; row--) key = key * 8 + counts[row]!;
  return key;
}

/**
 * Solves, in round `round` (3 or later), the sets a sideways move joins to the sets of
 * `changed[from..to)` (the ranks the round before changed, mirror images included), each once:
 * `mark` (by rank, shared by the threads) records the round a set was taken in.
 */
export function solveNeighbours(
  a: WdlArrays,
  plan: { readonly firsts: Int32Array; readonly bases: ReadonlyMap<number, number> },
  changed: Int32Array,
  from: number,
  to: number,
  round: number,
  mark: Uint8Array,
  counts: WdlCounts,
  changes: Changes,
): void {
  const k = a.k;
  for (let c = from; c < to; c++) {
    // The changed set's geese, row by row.
    rowMask.fill(0);
    let r = changed[c]!;
    let p = POINTS - 1;
    for (let i = k; i >= 1; i--) {
      while (binom[p * BINOM_K + i]! > r) p--;
      rowMask[rowOf[p]!]! |= 1 << (p - rowFirst[rowOf[p]!]!);
      r -= binom[p * BINOM_K + i]!;
      p--;
    }
    for (let row = 0; row < ROWS.length; row++) {
      const size = ROWS[row]![1];
      const m = rowMask[row]!;
      for (let b = 0; b < size; b++) {
        if (((m >>> b) & 1) === 0) continue;
        for (const t of [b - 1, b + 1]) {
          if (t < 0 || t >= size || ((m >>> t) & 1) === 1) continue;
          nextMask.set(rowMask);
          nextMask[row] = (m & ~(1 << b)) | (1 << t);
          solveMasks(a, plan, round, mark, counts, changes);
        }
      }
    }
  }
}

/** Solves the set whose row masks are in `nextMask` (or its mirror image, whichever has the lower rank), unless taken already this round. */
function solveMasks(
  a: WdlArrays,
  plan: { readonly firsts: Int32Array; readonly bases: ReadonlyMap<number, number> },
  round: number,
  mark: Uint8Array,
  counts: WdlCounts,
  changes: Changes,
): void {
  let rank = 0;
  let mirror = 0;
  let i = 0;
  let j = 0;
  for (let row = 0; row < ROWS.length; row++) {
    const first = rowFirst[row]!;
    const size = ROWS[row]![1];
    for (let m = nextMask[row]!; m !== 0; m &= m - 1) rank += binom[(first + 31 - Math.clz32(m & -m)) * BINOM_K + ++i]!;
    for (let m = reversed[size * 128 + nextMask[row]!]!; m !== 0; m &= m - 1)
      mirror += binom[(first + 31 - Math.clz32(m & -m)) * BINOM_K + ++j]!;
  }
  const own = rank <= mirror;
  const canonical = own ? rank : mirror;
  if (Atomics.exchange(mark, canonical, round) === round) return;
  // The canonical set's points, its free-point segments, and its place in the level.
  let k = 0;
  let key = 0;
  for (let row = ROWS.length - 1; row >= 0; row--) {
    const m = nextMask[row]!;
    let c = 0;
    for (let v = m; v; v &= v - 1) c++;
    key = key * 8 + c;
  }
  const base = plan.bases.get(key)!;
  let off = 0;
  let place = 0;
  let stride = 1;
  let fixedIndex = 0;
  for (let row = 0; row < ROWS.length; row++) {
    const first = rowFirst[row]!;
    const size = ROWS[row]![1];
    const m = own ? nextMask[row]! : reversed[size * 128 + nextMask[row]!]!;
    let c = 0;
    for (let v = m; v !== 0; v &= v - 1) {
      const p = first + 31 - Math.clz32(v & -v);
      pts[k++] = p;
      occ[p] = 1;
      c++;
    }
    rows.off[row] = off;
    rows.len[row] = size - c;
    off += size - c;
    if (row === FIXED_ROW) fixedIndex = subsetIndex[m]!;
    else {
      place += subsetIndex[m]! * stride;
      stride *= rowSubsets(row, c).length;
    }
  }
  place += plan.firsts[base + fixedIndex]!;
  solveSet(a, canonical, rank === mirror ? -1 : own ? mirror : rank, place, round, counts, changes, true);
  for (let n = 0; n < k; n++) occ[pts[n]!] = 0;
}
