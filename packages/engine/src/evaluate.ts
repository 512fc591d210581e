// The evaluation: one formula for every variant, read off the board data and the variant's hooks
// (threshold, pen, breakthrough rank, goose directions), never per-board code. Scores are
// centipawn-like: a goose is worth 100.
import { EMPTY, FOX, GOOSE } from '@fg/rules';

import type { SearchState } from './state.js';

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
export interface EvalParts {
  readonly material: number; // geese taken, and how close the fox is to its threshold
  readonly mobility: number; // fox steps and jumps now
  readonly region: number; // points the foxes can walk to
  readonly exposed: number; // geese that could be jumped from the fox's region
  readonly advancement: number; // geese forward (good for the geese)
  readonly pen: number; // two-foxes: pen points held by geese
  readonly breakthrough: number; // raevskak: how near the fox is to its winning rank
}

/**
 * The parts of the evaluation. The foxes' region is a walk from the foxes over empty points;
 * a goose is exposed when the points on both sides of it along a line are empty and one of
 * them is in that region, so the fox could come and jump it.
 */
export function evalParts(s: SearchState, e: EvalScratch): EvalParts {
  const { cells, tables, variant, foxes } = s;
  const { step, jump, size, rank } = tables;
  const mark = ++e.epoch;
  const { queue, distance, seen } = e;
  let head = 0;
  let tail = 0;
  for (let i = 0; i < foxes.length; i++) {
    const f = foxes[i]!;
    seen[f] = mark;
    distance[f] = 0;
    queue[tail++] = f;
  }
  let nearest = 99;
  const target = variant.breakthroughRank;
  while (head < tail) {
    const p = queue[head++]!;
    if (target !== null && rank[p] === target && distance[p]! < nearest) nearest = distance[p]!;
    for (let d = 0; d < 8; d++) {
      const q = step[p * 8 + d]!;
      if (q < 0 || seen[q] === mark || cells[q] !== EMPTY) continue;
      seen[q] = mark;
      distance[q] = distance[p]! + 1;
      queue[tail++] = q;
    }
  }
  const region = tail - foxes.length;

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

  let exposed = 0;
  let ranks = 0;
  let inPen = 0;
  for (let q = 0; q < size; q++) {
    if (cells[q] !== GOOSE) continue;
    ranks += rank[q]!;
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
    region: 3 * region,
    exposed: 10 * exposed,
    advancement: -3 * ranks,
    pen: -25 * inPen,
    breakthrough: target === null || nearest === 99 ? 0 : Math.round(240 / nearest),
  };
}

/** The evaluation from the side to move's point of view. */
export function evaluate(s: SearchState, e: EvalScratch): number {
  const p = evalParts(s, e);
  const fox = p.material + p.mobility + p.region + p.exposed + p.advancement + p.pen + p.breakthrough;
  return s.foxTurn ? fox : -fox;
}
