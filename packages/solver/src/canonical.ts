// One geese set of each mirror pair (files a <-> g) and its place among them: the canonical index,
// shared by the solve's arrays and format 2's sets (docs/solution.md, "The canonical index").
// A set is seen row by row (rank 1 = row 0 ... rank 7 = row 6): sigma[r] is the row's subset as a mask
// over its points in file order, and the mirror reverses every row's mask. Sets are grouped in blocks
// by their count vector (geese per row; a block's key is sum of c_r * RADIX_WEIGHT[r]); inside a block
// a set is canonical when every row is its own mirror (a symmetric set) or, going down from row 6,
// the first row that is not is the smaller mask of its pair. Canonical sets are numbered in a block as
// a mixed radix from row 6 down: palindromic rows by their rank among the row's palindromes, the
// deciding row by its pair's rank, the rows below it by their rank among all the row's subsets.
// Pure TypeScript over small typed arrays: the browser computes the same index.
import { ROWS } from './geometry.js';

/** How many rows the board has (7). */
export const ROW_COUNT = ROWS.length;
const rowSize = ROWS.map(([, s]) => s);
/** The key weight of one goose on each row: the radix of row r is its size + 1. */
export const RADIX_WEIGHT = Int32Array.from({ length: ROW_COUNT }, (_, r) =>
  rowSize.slice(0, r).reduce((w, s) => w * (s + 1), 1),
);
/** Keys run below this. */
const KEYS = rowSize.reduce((w, s) => w * (s + 1), 1);

/** revT[r * 128 + m]: row r's mask m mirrored. */
export const revT = new Int32Array(ROW_COUNT * 128);
/** digitT[r * 128 + m]: m's rank among the row's masks with as many bits, in increasing order. */
const digitT = new Int32Array(ROW_COUNT * 128);
/** palT[r * 128 + m]: m's rank among the row's palindromes with as many bits, or -1 when m is not one. */
const palT = new Int32Array(ROW_COUNT * 128);
/** pairT[r * 128 + m]: the rank of the pair {m, mirror(m)} among the row's pairs with as many bits. */
const pairT = new Int32Array(ROW_COUNT * 128);
/** palCount[r * 8 + c], allCount[r * 8 + c]: palindromes and masks of c bits on row r. */
const palCount = new Int32Array(ROW_COUNT * 8);
const allCount = new Int32Array(ROW_COUNT * 8);

/** Bits set in a small mask. */
function bits(m: number): number {
  let c = 0;
  for (let v = m; v; v &= v - 1) c++;
  return c;
}

for (let r = 0; r < ROW_COUNT; r++) {
  const s = rowSize[r]!;
  const pairs = new Int32Array(8);
  for (let m = 0; m < 1 << s; m++) {
    let rev = 0;
    for (let b = 0; b < s; b++) if ((m >>> b) & 1) rev |= 1 << (s - 1 - b);
    const c = bits(m);
    const at = r * 128 + m;
    revT[at] = rev;
    digitT[at] = allCount[r * 8 + c]!++;
    palT[at] = rev === m ? palCount[r * 8 + c]!++ : -1;
    if (m < rev) pairT[at] = pairs[c]!++;
    else if (m > rev) pairT[at] = pairT[r * 128 + rev]!;
  }
}

/** Row and bit of each point, and the point's mirror image. */
export const rowOf = new Int32Array(ROWS.reduce((n, [, s]) => n + s, 0));
/** The point's bit in its row's mask. */
export const bitOf = new Int32Array(rowOf.length);
/** The point seen in the mirror (a <-> g). */
export const mirrorPoint = new Int32Array(rowOf.length);
ROWS.forEach(([first, s], r) => {
  for (let b = 0; b < s; b++) {
    rowOf[first + b] = r;
    bitOf[first + b] = b;
    mirrorPoint[first + b] = first + s - 1 - b;
  }
});

/**
 * Per key (count vector), 8 entries each: cn[key * 8 + r] = canonical tuples of rows 0..r-1,
 * all[key * 8 + r] = every tuple of rows 0..r-1; pal[key * 8 + r] = palindromes of row r;
 * freeOff[key * 8 + r] = free points on the rows below r; blockOffset[key] = where the block starts
 * among its tier's canonical sets; geeseOf[key] = its geese (the tier).
 */
const cn = new Float64Array(KEYS * 8);
const all = new Float64Array(KEYS * 8);
const pal = new Float64Array(KEYS * 8);
/** Free points on the rows below r, for the set's count vector: freeOff[key * 8 + r]. */
export const freeOff = new Int32Array(KEYS * 8);
/** Where each block starts among its tier's canonical sets. */
const blockOffset = new Float64Array(KEYS);
/** The geese of a key. */
export const geeseOf = new Int32Array(KEYS);
/** canonicalCount[k]: the canonical sets of k geese. */
const canonicalCount = new Float64Array(34);
for (let key = 0; key < KEYS; key++) {
  let rest = key;
  let a = 1;
  let c = 1;
  let free = 0;
  let k = 0;
  for (let r = 0; r < ROW_COUNT; r++) {
    const radix = rowSize[r]! + 1;
    const count = rest % radix;
    rest = Math.floor(rest / radix);
    const at = key * 8 + r;
    cn[at] = c;
    all[at] = a;
    freeOff[at] = free;
    const p = palCount[r * 8 + count]!;
    const n = allCount[r * 8 + count]!;
    pal[at] = p;
    c = p * c + ((n - p) / 2) * a;
    a *= n;
    free += rowSize[r]! - count;
    k += count;
  }
  cn[key * 8 + 7] = c;
  all[key * 8 + 7] = a;
  freeOff[key * 8 + 7] = free;
  geeseOf[key] = k;
  blockOffset[key] = canonicalCount[k]!;
  canonicalCount[k] = canonicalCount[k]! + c;
}

/** How many canonical sets tier k has (about half of C(33, k)). */
export function canonicalSets(k: number): number {
  return canonicalCount[k]!;
}

/** The key of a set given as row masks. */
export function keyOf(sigma: ArrayLike<number>): number {
  let key = 0;
  for (let r = 0; r < ROW_COUNT; r++) key += bits(sigma[r]!) * RADIX_WEIGHT[r]!;
  return key;
}

/** The low digits of no rows, for canonicalIndex: every row is walked. */
const NO_DIGITS = new Float64Array(1);

/**
 * The canonical index of the set with row masks `sigma` and key `key` (of it or of its mirror image,
 * whichever is canonical), times 2, plus 1 when it was the mirror image: `index = c >>> 1`,
 * `flipped = c & 1` (below 2^31 for every tier: 583,454,751 canonical sets at most).
 */
export function canonicalIndex(sigma: ArrayLike<number>, key: number): number {
  return canonicalIndexAbove(sigma, key, 0, NO_DIGITS, NO_DIGITS);
}

/**
 * The low digits of a set (row masks `sigma`, key `key`) for canonicalIndexAbove: `low[r]` = the sum over
 * rows i < r of the row's digit times its radix weight, `lowFlip[r]` the same for the mirror image.
 */
export function lowDigits(sigma: ArrayLike<number>, key: number, low: Float64Array, lowFlip: Float64Array): void {
  const base = key * 8;
  low[0] = 0;
  lowFlip[0] = 0;
  for (let i = 0; i < ROW_COUNT; i++) {
    const m = sigma[i]!;
    const weight = all[base + i]!;
    low[i + 1] = low[i]! + digitT[i * 128 + m]! * weight;
    lowFlip[i + 1] = lowFlip[i]! + digitT[i * 128 + revT[i * 128 + m]!]! * weight;
  }
}

/**
 * canonicalIndex(sigma, key) for a set whose rows below `from` are those of the set lowDigits was given
 * (a goose move or a capture changes only rows from `from` up): the rows below take their digits from
 * `low`/`lowFlip` instead of the table, as the radix weights of those rows depend on them alone.
 */
export function canonicalIndexAbove(
  sigma: ArrayLike<number>,
  key: number,
  from: number,
  low: Float64Array,
  lowFlip: Float64Array,
): number {
  const base = key * 8;
  let idx = blockOffset[key]!;
  let r = ROW_COUNT - 1;
  for (; r >= 0; r--) {
    const p = palT[r * 128 + sigma[r]!]!;
    if (p < 0) break;
    idx += p * cn[base + r]!;
  }
  if (r < 0) return 2 * idx;
  const m = sigma[r]!;
  const flip = m > revT[r * 128 + m]!;
  idx += pal[base + r]! * cn[base + r]! + pairT[r * 128 + m]! * all[base + r]!;
  const lo = r < from ? r : from;
  for (let i = r - 1; i >= lo; i--) {
    const mi = flip ? revT[i * 128 + sigma[i]!]! : sigma[i]!;
    idx += digitT[i * 128 + mi]! * all[base + i]!;
  }
  idx += flip ? lowFlip[lo]! : low[lo]!;
  return 2 * idx + (flip ? 1 : 0);
}

/** freeRev[len * 128 + v]: the low `len` bits of v reversed. */
const freeRev = new Int32Array(8 * 128);
for (let len = 0; len <= 7; len++)
  for (let v = 0; v < 1 << len; v++) {
    let out = 0;
    for (let b = 0; b < len; b++) if ((v >>> b) & 1) out |= 1 << (len - 1 - b);
    freeRev[len * 128 + v] = out;
  }

/** A mask over a set's free points (bit j = the j-th free point in index order) as seen in the mirror. */
export function mirrorFreeMask(mask: number, key: number): number {
  let out = 0;
  const base = key * 8;
  for (let r = 0; r < ROW_COUNT; r++) {
    const off = freeOff[base + r]!;
    const len = freeOff[base + r + 1]! - off;
    if (len === 0) continue;
    out |= freeRev[len * 128 + ((mask >>> off) & ((1 << len) - 1))]! << off;
  }
  return out;
}
