// What the solve's inner loops share (kernel.ts, halved-kernel.ts, sideways/kernel.ts; sideways/one-ply.ts's
// checks too): masks over a geese set's free points (bit j = the j-th free point in index order), how a mask of a
// set after a goose move maps back onto the set before it, a set's mirror image (files a <-> g), and colex ranks.
import { binom, BINOM_K, nbHi, nbLo, POINTS, ROWS } from './geometry.js';

/** Bits set in a 32-bit word. */
export function popcount(v: number): number {
  v -= (v >>> 1) & 0x55555555;
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) & 0xff;
}

/** Fills `freeBelow[p]` (free points before p) and `freePts` (the free points in order, then scratch) from `occ`. */
export function indexFreePoints(occ: Uint8Array, freeBelow: Int32Array, freePts: Int32Array): void {
  let c = 0;
  for (let p = 0; p < POINTS; p++) {
    // Without a branch on occ (a coin toss the CPU mispredicts): p is written at c always, and kept by
    // moving on only when p is free.
    freeBelow[p] = c;
    freePts[c] = p;
    c += occ[p]! ^ 1;
  }
}

/**
 * A mask over G' = G - g + t's free points as bits over G's, where `lo` and `b` are g's and t's places
 * among G's free points (t above g): G' index j + 1 is G index j for the points strictly between g and
 * t; the same index elsewhere. The bit of t (a goose in G') is left clear.
 */
export function fromMoved(m: number, lo: number, b: number): number {
  const lowMask = (1 << lo) - 1;
  return (m & lowMask) | ((m >>> 1) & ((1 << b) - 1) & ~lowMask) | (m & ~((2 << b) - 1));
}

/**
 * The same for a goose that moves down, from g to t below it (a sideways step back): `b` and `hi` are t's and
 * g's places among G's free points; G' index j - 1 is G index j for the points strictly between t and g.
 */
export function fromMovedDown(m: number, b: number, hi: number): number {
  return (m & ((1 << b) - 1)) | ((m << 1) & ((1 << hi) - 1) & ~((2 << b) - 1)) | (m & ~((1 << hi) - 1));
}

/**
 * The colex rank of the set in `pts[0..k)` after its i-th goose (at g, rank term removed in `base`)
 * moves forward to t: the geese between g and t each move down one place.
 */
export function movedRank(pts: Int32Array, k: number, i: number, base: number, t: number): number {
  let r2 = base;
  let j = i + 1;
  while (j < k && pts[j]! < t) {
    r2 += binom[pts[j]! * BINOM_K + j]! - binom[pts[j]! * BINOM_K + j + 1]!;
    j++;
  }
  return r2 + binom[t * BINOM_K + j]!;
}

/**
 * Fills the colex parts of the set in `pts[0..k)` that a capture needs: `pre[i]` = the sum over j < i
 * of C(p_j, j + 1), `shifted[i]` = the sum over j >= i of C(p_j, j); without goose i the set's rank is
 * pre[i] + shifted[i + 1].
 */
export function colexParts(pts: Int32Array, k: number, pre: Int32Array, shifted: Int32Array): void {
  pre[0] = 0;
  for (let i = 0; i < k; i++) pre[i + 1] = pre[i]! + binom[pts[i]! * BINOM_K + i + 1]!;
  shifted[k] = 0;
  for (let i = k - 1; i >= 0; i--) shifted[i] = shifted[i + 1]! + binom[pts[i]! * BINOM_K + i]!;
}

/** reversed[len * 128 + v]: the low `len` bits of v in reverse order (a row segment seen in the mirror). */
export const reversed = new Int32Array(8 * 128);
for (let len = 0; len <= 7; len++) {
  for (let v = 0; v < 1 << len; v++) {
    let r = 0;
    for (let b = 0; b < len; b++) if ((v >>> b) & 1) r |= 1 << (len - 1 - b);
    reversed[len * 128 + v] = r;
  }
}

/** Each row's block of free points in the sets being solved: where it starts and how long it is. */
export class MirrorRows {
  readonly off = new Int32Array(ROWS.length);
  readonly len = new Int32Array(ROWS.length);

  /** Sets the blocks for sets with `counts[row]` geese on each row. */
  place(counts: ArrayLike<number>): void {
    let off = 0;
    for (let row = 0; row < ROWS.length; row++) {
      this.off[row] = off;
      this.len[row] = ROWS[row]![1] - counts[row]!;
      off += this.len[row]!;
    }
  }

  /** A mask over G's free points as the same verdicts over mirror(G)'s: each row's block reversed. */
  mirror(m: number): number {
    let out = 0;
    for (let row = 0; row < ROWS.length; row++) {
      const len = this.len[row]!;
      const off = this.off[row]!;
      out |= reversed[len * 128 + ((m >>> off) & ((1 << len) - 1))]! << off;
    }
    return out;
  }
}

/**
 * FW over G's free points (`full` all of them): a winning jump (`jumps`), or a step to a neighbouring free
 * point where the geese to move lose (`lose`).
 */
export function foxWins(jumps: number, lose: number, full: number, freePts: Int32Array): number {
  let loseLo = 0;
  let loseHi = 0;
  for (let m = lose; m !== 0; m &= m - 1) {
    const p = freePts[31 - Math.clz32(m & -m)]!;
    if (p < 32) loseLo |= 1 << p;
    else loseHi = 1;
  }
  let fwm = jumps;
  for (let m = ~jumps & full; m !== 0; m &= m - 1) {
    const j = 31 - Math.clz32(m & -m);
    const p = freePts[j]!;
    if ((nbLo[p]! & loseLo) !== 0 || (nbHi[p]! & loseHi) !== 0) fwm |= 1 << j;
  }
  return fwm;
}
