// A plain retrograde analysis of the game with sideways moves, written apart from the kernel to check it:
// every position on its own (no masks over free points, no levels, no rounds, no mirror), its
// successors counted, the ends propagated back through predecessors one by one; what is never
// reached is a draw. Tier by tier (a capture leaves the tier for good). Small tiers only: 6 geese
// hold 73 million position slots.
import {
  choose,
  GOOSE_DIRS,
  gooseStep,
  lineFrom,
  lineStart,
  lineTo,
  MIN_GEESE,
  nbHi,
  nbLo,
  POINTS,
  SIDE_DIRS,
  sideStep,
} from '../geometry.js';

/** Not decided: a draw once the analysis is over. */
export const DRAW = 0;
/** The side to move wins. */
export const WIN = 1;
/** The side to move loses. */
export const LOSS = 2;

/** One tier's values for the side to move, at [colex rank * 33 + fox point] (0 where the fox would stand on a goose). */
export interface ExplicitTier {
  readonly k: number;
  readonly fox: Uint8Array; // fox to move
  readonly geese: Uint8Array; // geese to move
}

const linked = (a: number, b: number): boolean => (b < 32 ? ((nbLo[a]! >>> b) & 1) === 1 : nbHi[a] === 1);

/** The colex rank of the set marked in `set`. */
function rankOf(set: Uint8Array): number {
  let r = 0;
  let i = 0;
  for (let p = 0; p < POINTS; p++) if (set[p]) r += choose(p, ++i);
  return r;
}

/** The colex rank of the k points at members[at..] with t taken out and g put in. */
function rankWith(members: Int8Array, at: number, k: number, t: number, g: number): number {
  let r = 0;
  let i = 0;
  let placed = false;
  for (let m = 0; m < k; m++) {
    const p = members[at + m]!;
    if (!placed && g < p) {
      r += choose(g, ++i);
      placed = true;
    }
    if (p !== t) r += choose(p, ++i);
  }
  return placed ? r : r + choose(g, i + 1);
}

/** Solves tiers 4..upTo; `sideways` lets the geese step E and W too. */
export function explicitSolve(upTo: number, sideways: boolean): ExplicitTier[] {
  // The geese's steps from each point, and the points a goose could have come from to each point.
  const to: number[][] = Array.from({ length: POINTS }, () => []);
  const from: number[][] = Array.from({ length: POINTS }, () => []);
  for (let g = 0; g < POINTS; g++) {
    const steps = [...Array(GOOSE_DIRS).keys()].map((d) => gooseStep[g * GOOSE_DIRS + d]!);
    if (sideways) steps.push(...[...Array(SIDE_DIRS).keys()].map((d) => sideStep[g * SIDE_DIRS + d]!));
    for (const t of steps.filter((t) => t >= 0)) {
      to[g]!.push(t);
      from[t]!.push(g);
    }
  }
  const neighbours = Array.from({ length: POINTS }, (_, a) => [...Array(POINTS).keys()].filter((b) => linked(a, b)));
  // The jumps from each point: [over, to] pairs.
  const jumps: number[][] = Array.from({ length: POINTS }, () => []);
  for (let q = 0; q < POINTS; q++)
    for (let l = lineStart[q]!; l < lineStart[q + 1]!; l++) jumps[lineFrom[l]!]!.push(q, lineTo[l]!);

  const tiers: ExplicitTier[] = [];
  const set = new Uint8Array(POINTS);
  const target = new Uint8Array(POINTS);
  for (let k = MIN_GEESE; k <= upTo; k++) {
    const sets = choose(POINTS, k);
    const size = sets * POINTS;
    const fox = new Uint8Array(size);
    const geese = new Uint8Array(size);
    const foxLeft = new Uint8Array(size); // undecided successors inside the tier
    const geeseLeft = new Uint8Array(size);
    const foxSafe = new Uint8Array(size); // 1: a capture leads to a draw, so the fox cannot lose
    const queue = new Int32Array(2 * size); // index * 2 + (0 fox to move, 1 geese to move)
    const members = new Int8Array(sets * k); // each set's points
    let tail = 0;

    // The captures from `at` with `left` geese on `set`, every chain prefix: win, or draw, for the fox.
    let win: boolean;
    let draw: boolean;
    const chains = (at: number, left: number): void => {
      const list = jumps[at]!;
      for (let j = 0; j < list.length && !win; j += 2) {
        const q = list[j]!;
        const r = list[j + 1]!;
        if (!set[q] || set[r]) continue;
        set[q] = 0;
        // Fewer than 4 geese left: the fox has won (geese-reduced).
        const v = left - 1 < MIN_GEESE ? LOSS : tiers[left - 1 - MIN_GEESE]!.geese[rankOf(set) * POINTS + r]!;
        if (v === LOSS) win = true;
        else if (v === DRAW) draw = true;
        chains(r, left - 1);
        set[q] = 1;
      }
    };

    // The sets in colex order: 0..k-1 first.
    const pts = [...Array(k).keys()];
    for (let rank = 0; rank < sets; rank++) {
      set.fill(0);
      for (let i = 0; i < k; i++) {
        set[pts[i]!] = 1;
        members[rank * k + i] = pts[i]!;
      }
      // The geese's moves, and how many of them go to each point (a fox there blocks them).
      let allMoves = 0;
      target.fill(0);
      for (const g of pts)
        for (const t of to[g]!)
          if (!set[t]) {
            allMoves++;
            target[t]!++;
          }
      for (let f = 0; f < POINTS; f++) {
        if (set[f]) continue;
        const i = rank * POINTS + f;
        // Fox to move: steps stay in the tier; captures leave it.
        let steps = 0;
        const near = neighbours[f]!;
        for (let j = 0; j < near.length; j++) if (!set[near[j]!]) steps++;
        win = false;
        draw = false;
        // A capture needs a goose next to the fox.
        if (steps < near.length) chains(f, k);
        if (win) fox[i] = WIN;
        else if (steps === 0 && !draw) fox[i] = LOSS; // trapped, or every capture loses
        if (fox[i]) queue[tail++] = i * 2;
        foxLeft[i] = steps;
        foxSafe[i] = draw ? 1 : 0;
        // Geese to move: every move stays in the tier.
        const moves = allMoves - target[f]!;
        geeseLeft[i] = moves;
        if (moves === 0) {
          geese[i] = LOSS; // stalemated
          queue[tail++] = i * 2 + 1;
        }
      }
      let j = 0;
      while (j < k - 1 && pts[j]! + 1 === pts[j + 1]) j++;
      pts[j]!++;
      for (let m = 0; m < j; m++) pts[m] = m;
    }

    // A loss makes every predecessor a win; a win takes one undecided successor from each.
    for (let head = 0; head < tail; head++) {
      const item = queue[head]!;
      const i = item >> 1;
      const rank = Math.floor(i / POINTS);
      const f = i - rank * POINTS;
      set.fill(0);
      for (let m = 0; m < k; m++) set[members[rank * k + m]!] = 1;
      if (item & 1) {
        // Geese to move at (G, f): the fox has just stepped to f.
        const lost = geese[i] === LOSS;
        for (const p of neighbours[f]!) {
          const q = rank * POINTS + p;
          if (fox[q] || set[p]) continue;
          if (lost) fox[q] = WIN;
          else if (--foxLeft[q]! > 0 || foxSafe[q]) continue;
          else fox[q] = LOSS;
          queue[tail++] = q * 2;
        }
      } else {
        // Fox to move at (G', f): a goose has just moved g -> t.
        const lost = fox[i] === LOSS;
        for (let m = 0; m < k; m++) {
          const t = members[rank * k + m]!;
          for (const g of from[t]!) {
            if (set[g] || g === f) continue;
            const q = rankWith(members, rank * k, k, t, g) * POINTS + f;
            if (geese[q]) continue;
            if (lost) geese[q] = WIN;
            else if (--geeseLeft[q]! > 0) continue;
            else geese[q] = LOSS;
            queue[tail++] = q * 2 + 1;
          }
        }
      }
    }
    tiers.push({ k, fox, geese });
  }
  return tiers;
}
