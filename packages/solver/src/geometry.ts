// The standard board as the solver sees it: point indices by rank then file (c1 = 0 ... e7 = 32, the
// order of @fg/rules), so that every goose move (N, NE, NW) goes to a higher index; with neighbour
// masks, jump lines and goose steps as flat typed arrays, built once from the rules' board data.
import { CROSS33, getVariant } from '@fg/rules';

/** How many points the board has. */
export const POINTS = CROSS33.points.length; // 33
/** The fewest geese a table holds: with fewer the fox side has won (docs/rules.md section 3). */
export const MIN_GEESE = 4;
/** The rows of the board: rows[r] = [first point index, how many points] of rank r + 1. */
export const ROWS: readonly (readonly [number, number])[] = Array.from({ length: CROSS33.ranks }, (_, r) => {
  const members = CROSS33.points.flatMap((p, i) => (p.rank === r ? [i] : []));
  return [members[0]!, members.length] as const;
});
/** rowFirst[r]: the index of the first point of rank r + 1. */
export const rowFirst = Int32Array.from(ROWS, ([first]) => first);

/** binom[n * BINOM_K + j] = C(n, j) for 0 <= n <= 33, 0 <= j < BINOM_K. */
export const BINOM_K = 19;
/** The binomial coefficients the colex ranks are made of. */
export const binom = new Int32Array((POINTS + 1) * BINOM_K); // C(33, 16) < 2^31
for (let n = 0; n <= POINTS; n++) {
  binom[n * BINOM_K] = 1;
  for (let j = 1; j < BINOM_K; j++)
    binom[n * BINOM_K + j] = n === 0 ? 0 : binom[(n - 1) * BINOM_K + j - 1]! + binom[(n - 1) * BINOM_K + j]!;
}

/** C(n, k). */
export function choose(n: number, k: number): number {
  return k < 0 || k >= BINOM_K || n < 0 ? 0 : binom[n * BINOM_K + k]!;
}

/** nbLo[p] / nbHi[p]: the points linked to p as a 33-bit mask, bits 0-31 and bit 32. */
export const nbLo = new Int32Array(POINTS);
/** Bit 32 (e7) of p's neighbour mask, as 0 or 1. */
export const nbHi = new Int32Array(POINTS);
for (let p = 0; p < POINTS; p++) {
  for (let d = 0; d < 8; d++) {
    const q = CROSS33.step[p * 8 + d]!;
    if (q < 0) continue;
    if (q < 32) nbLo[p]! |= 1 << q;
    else nbHi[p] = 1;
  }
}

/** The jumps over each point q: lineStart[q]..lineStart[q + 1] index lineFrom/lineTo (from -> q -> to). */
export const lineStart = new Int32Array(POINTS + 1);
/** Where a fox jumping over the point stands. */
export const lineFrom = new Int8Array(POINTS * 8);
/** Where it lands. */
export const lineTo = new Int8Array(POINTS * 8);
{
  let n = 0;
  for (let q = 0; q < POINTS; q++) {
    lineStart[q] = n;
    for (let d = 0; d < 8; d++) {
      const from = CROSS33.step[q * 8 + ((d + 4) % 8)]!; // the point behind q, seen from the landing side
      const to = CROSS33.step[q * 8 + d]!;
      if (from < 0 || to < 0) continue;
      // from -> q -> to is a line of two links in direction d (DIRECTIONS puts opposites 4 apart).
      lineFrom[n] = from;
      lineTo[n] = to;
      n++;
    }
  }
  lineStart[POINTS] = n;
}

const standard = getVariant('standard', { sideways: false });
if (!standard.ok) throw new Error(standard.error.message);
/** Directions a goose may move in the solved game: N, NE, NW (standard, sideways false). */
export const GOOSE_DIRS = standard.value.gooseDirectionIndices.length;
/** gooseStep[p * GOOSE_DIRS + i]: where a goose on p goes in its i-th direction, or -1. */
export const gooseStep = new Int8Array(POINTS * GOOSE_DIRS);
for (let p = 0; p < POINTS; p++) {
  standard.value.gooseDirectionIndices.forEach((d, i) => {
    const t = CROSS33.step[p * 8 + d]!;
    if (t >= 0 && t <= p) throw new Error(`goose move ${p} -> ${t} does not raise the point index`);
    gooseStep[p * GOOSE_DIRS + i] = t;
  });
}

const withSideways = getVariant('standard', { sideways: true });
if (!withSideways.ok) throw new Error(withSideways.error.message);
/** Sideways directions a goose may also move in with `sideways: true` (E, W): same rank, next file. */
const SIDE_DIRECTIONS = withSideways.value.gooseDirectionIndices.filter(
  (d) => !standard.value.gooseDirectionIndices.includes(d),
);
/** How many sideways directions there are (2). */
export const SIDE_DIRS = SIDE_DIRECTIONS.length;
/** sideStep[p * SIDE_DIRS + i]: where a goose on p goes in its i-th sideways direction, or -1. */
export const sideStep = new Int8Array(POINTS * SIDE_DIRS);
for (let p = 0; p < POINTS; p++) {
  SIDE_DIRECTIONS.forEach((d, i) => {
    const t = CROSS33.step[p * 8 + d]!;
    // The kernel counts on this: a sideways step keeps the goose's place among the geese.
    if (t >= 0 && Math.abs(t - p) !== 1) throw new Error(`sideways move ${p} -> ${t} is not to a neighbouring index`);
    sideStep[p * SIDE_DIRS + i] = t;
  });
}

/** The colex rank of a sorted k-subset: sum of C(p_i, i + 1). */
export function colexRank(points: ArrayLike<number>): number {
  let r = 0;
  for (let i = 0; i < points.length; i++) r += binom[points[i]! * BINOM_K + i + 1]!;
  return r;
}

/** The k-subset of colex rank r, sorted. */
export function colexUnrank(rank: number, k: number): number[] {
  const out = new Array<number>(k);
  let r = rank;
  for (let i = k; i >= 1; i--) {
    let p = i - 1;
    while (choose(p + 1, i) <= r) p++;
    out[i - 1] = p;
    r -= choose(p, i);
  }
  return out;
}

/** The level of a geese set: the sum of the geese's rank rows; every goose move raises it by one. */
export function levelOf(points: ArrayLike<number>): number {
  let l = 0;
  for (let i = 0; i < points.length; i++) l += CROSS33.points[points[i]!]!.rank;
  return l;
}
