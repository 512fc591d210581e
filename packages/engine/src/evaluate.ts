// The evaluation: one formula for every variant, read off the board data and the variant's hooks
// (threshold, pen, breakthrough rank, goose directions), never per-board code. Scores are
// centipawn-like: a goose is worth 100.
import { EMPTY, FOX, GOOSE, startPosition, type Variant } from '@fg/rules';

import { SearchState } from './state.js';

/** Reusable arrays for one evaluation at a time. */
export class EvalScratch {
  readonly queue: Int8Array;
  readonly distance: Int16Array;
  readonly seen: Int32Array;
  epoch = 0;

  constructor(size: number) {
    this.queue = new Int8Array(size);
    this.distance = new Int16Array(size);
    this.seen = new Int32Array(size);
  }
}

/** The evaluation's parts, from the fox side's point of view (positive: good for the fox). */
interface EvalParts {
  readonly material: number; // geese taken, and how close the fox is to its threshold
  readonly mobility: number; // fox steps and jumps now
  readonly region: number; // points the foxes can walk to
  readonly exposed: number; // geese that could be jumped from the fox's region
  readonly advancement: number; // geese forward (good for the geese)
  readonly passed: number; // geese ahead of the fox that cannot step back to it
  readonly isolated: number; // geese with no goose beside them
  readonly pen: number; // two-foxes: pen points held by geese
  readonly breakthrough: number; // raevskak: how near the fox is to its winning rank
}

/**
 * The parts of the evaluation. The foxes' region is a walk from the foxes over empty points;
 * a goose is exposed when the points on both sides of it along a line are empty and one of
 * them is in that region, so the fox could come and jump it.
 */
function evalParts(s: SearchState, e: EvalScratch): EvalParts {
  const { cells, tables, variant, foxes } = s;
  const { step, jump, size, rank } = tables;
  const mark = ++e.epoch;
  const { queue, distance, seen } = e;
  let head: number;
  let tail = 0;
  for (let i = 0; i < foxes.length; i++) {
    const f = foxes[i]!;
    seen[f] = mark;
    distance[f] = 0;
    queue[tail++] = f;
  }
  let nearest = 99;
  const target = variant.breakthroughRank;
  // First the points the foxes walk to; then those they reach only by jumping a single goose
  // (a goose with an empty point behind it): they count for the exposed geese and the breakthrough.
  let walked = 0;
  for (let phase = 0; phase < 2; phase++) {
    head = 0;
    while (head < tail) {
      const p = queue[head++]!;
      if (target !== null && rank[p] === target && distance[p]! < nearest) nearest = distance[p]!;
      for (let d = 0; d < 8; d++) {
        let q = step[p * 8 + d]!;
        if (q < 0) continue;
        if (cells[q] === GOOSE) {
          if (phase === 0) continue;
          q = jump[p * 8 + d]!;
        }
        if (q < 0 || seen[q] === mark || cells[q] !== EMPTY) continue;
        seen[q] = mark;
        distance[q] = distance[p]! + 1;
        queue[tail++] = q;
      }
    }
    if (phase === 0) walked = tail;
  }
  // Points near the fox weigh more: a gap the fox is far from may be closed before it gets there.
  // Where geese only go forward, points toward their own side weigh more: they never come back.
  const forwardOnly = !variant.gooseDirectionIndices.some((d) => d >= 3 && d <= 5);
  const top = variant.board.ranks - 1;
  let region = 0;
  // Only the points the foxes walk to: counting those behind a jump as well made any goose move
  // that leaves a single goose look like a lost wall, and the geese wasted their moves on the wings.
  for (let i = foxes.length; i < walked; i++) {
    const p = queue[i]!;
    const d = distance[p]!;
    const near = d <= 2 ? 3 : d <= 4 ? 2 : 1;
    region += forwardOnly ? (near * (2 + top - rank[p]!)) / 2 : near;
  }

  let steps = 0;
  let jumps = 0;
  for (let i = 0; i < foxes.length; i++) {
    const f = foxes[i]! * 8;
    for (let d = 0; d < 8; d++) {
      const q = step[f + d]!;
      if (q < 0) continue;
      if (cells[q] === EMPTY) steps++;
      else if (cells[q] === GOOSE && jump[f + d]! >= 0 && cells[jump[f + d]!] === EMPTY) jumps++;
    }
  }

  // Geese that only go forward cannot come back for a fox they have passed.
  let foxRank = 99;
  for (let i = 0; i < foxes.length; i++) foxRank = Math.min(foxRank, rank[foxes[i]!]!);
  let passed = 0;
  let isolated = 0; // geese with no goose beside them: no part of any wall
  let exposed = 0;
  let ranks = 0;
  let inPen = 0;
  for (let q = 0; q < size; q++) {
    if (cells[q] !== GOOSE) continue;
    ranks += rank[q]!;
    if (forwardOnly && rank[q]! > foxRank) passed++;
    let friends = 0;
    for (let d = 0; d < 8; d++) if (step[q * 8 + d]! >= 0 && cells[step[q * 8 + d]!] === GOOSE) friends++;
    if (friends === 0) isolated++;
    for (let d = 0; d < 4; d++) {
      const a = step[q * 8 + d]!;
      const b = step[q * 8 + d + 4]!;
      if (a < 0 || b < 0 || cells[a] === GOOSE || cells[b] === GOOSE) continue;
      if (cells[a] === FOX || cells[b] === FOX || seen[a] === mark || seen[b] === mark) exposed++;
    }
  }
  if (variant.pen) for (const p of variant.pen) if (cells[p] === GOOSE) inPen++;

  const margin = s.geese - variant.foxWinsBelow; // geese the fox still needs to take, minus one
  const threats = s.foxTurn ? jumps : Math.max(0, jumps - 1); // the geese can cover one threat
  return {
    material: 100 * (variant.geese.length - s.geese) + (margin < 3 ? 120 * (3 - margin) : 0),
    mobility: 6 * steps + 40 * threats,
    region: Math.round(4 * region),
    exposed: 15 * exposed,
    advancement: 0 * ranks,
    passed: 150 * passed,
    isolated: 40 * isolated,
    pen: -25 * inPen,
    breakthrough: target === null || nearest === 99 ? 0 : Math.round(240 / nearest),
  };
}

/**
 * Evaluations remembered by position key (the search's 64-bit Zobrist key, side to move included): many
 * searches of one position and its neighbours (the puzzle builder runs six levels on each puzzle) evaluate
 * the same positions again. Direct-mapped: a new entry replaces the old one in its slot.
 */
export class EvalCache {
  private readonly los: Int32Array;
  private readonly his: Int32Array;
  private readonly values: Int32Array;
  private readonly used: Uint8Array;
  private readonly mask: number;

  constructor(bits = 20) {
    const size = 1 << bits;
    this.los = new Int32Array(size);
    this.his = new Int32Array(size);
    this.values = new Int32Array(size);
    this.used = new Uint8Array(size);
    this.mask = size - 1;
  }

  /** The evaluation of the state's position from its side to move's view, computed once per key. */
  evaluate(s: SearchState, e: EvalScratch): number {
    const slot = (s.lo ^ Math.imul(s.hi, 0x9e3779b1)) & this.mask;
    if (this.used[slot] === 1 && this.los[slot] === s.lo && this.his[slot] === s.hi) return this.values[slot]!;
    const value = evaluate(s, e);
    this.used[slot] = 1;
    this.los[slot] = s.lo;
    this.his[slot] = s.hi;
    this.values[slot] = value;
    return value;
  }
}

/** The evaluation from the side to move's point of view. */
export function evaluate(s: SearchState, e: EvalScratch): number {
  const p = evalParts(s, e);
  const fox =
    p.material + p.mobility + p.region + p.exposed + p.advancement + p.passed + p.isolated + p.pen + p.breakthrough;
  return s.foxTurn ? fox : -fox;
}

const startValues = new WeakMap<Variant, number>();

/**
 * The evaluation of the variant's start, from the fox side's view: what the evaluation gives
 * a side at an even start, so that a draw can be weighed against it (the terms do not sum to
 * zero there: the geese's wall leaves the fox room it must still lose).
 */
export function startValue(variant: Variant): number {
  let value = startValues.get(variant);
  if (value === undefined) {
    const s = new SearchState(variant, startPosition(variant));
    const own = evaluate(s, new EvalScratch(s.tables.size));
    value = s.foxTurn ? own : -own;
    startValues.set(variant, value);
  }
  return value;
}
