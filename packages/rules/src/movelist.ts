// Fast move generation for searches: a variant's lookup tables as typed arrays, built once, and a
// flat move list that generation fills without allocating per move. generateMoves and every search
// (perft, the engine) stand on this one generator; applyMove reads its tables.
import { EMPTY, FOX, GOOSE } from './position.js';
import type { Variant } from './variants.js';

/** A variant's move tables, built once per variant. */
export interface MoveTables {
  readonly size: number; // how many points the board has
  readonly step: Int8Array; // step[p * 8 + d]: the point linked to p in direction d, or -1
  readonly jump: Int8Array; // jump[p * 8 + d]: the landing point of a jump from p in direction d, or -1
  readonly gooseSteps: Int8Array; // gooseSteps[p * gooseDirs + i]: a goose's i-th step from p, or -1
  readonly gooseDirs: number; // how many directions geese move in
  readonly between: Int8Array; // between[a * size + b]: the point a jump from a to b passes over, or -1
  readonly rank: Int8Array; // rank[p]: the rank index of point p (0 = rank 1)
  readonly mandatory: boolean; // capture is mandatory
}

const tablesCache = new WeakMap<Variant, MoveTables>();

/** The move tables of a variant, built on first use. */
export function moveTables(variant: Variant): MoveTables {
  const cached = tablesCache.get(variant);
  if (cached) return cached;
  const { board } = variant;
  const size = board.points.length;
  const dirs = variant.gooseDirectionIndices;
  const gooseSteps = new Int8Array(size * dirs.length);
  const between = new Int8Array(size * size).fill(-1);
  for (let p = 0; p < size; p++) {
    dirs.forEach((d, i) => (gooseSteps[p * dirs.length + i] = board.step[p * 8 + d]!));
    for (let d = 0; d < 8; d++) {
      const to = board.jump[p * 8 + d]!;
      if (to >= 0) between[p * size + to] = board.step[p * 8 + d]!;
    }
  }
  const tables: MoveTables = {
    size,
    step: board.step,
    jump: board.jump,
    gooseSteps,
    gooseDirs: dirs.length,
    between,
    rank: Int8Array.from(board.points, (p) => p.rank),
    mandatory: variant.capture === 'mandatory',
  };
  tablesCache.set(variant, tables);
  return tables;
}

/** A reusable list of moves: the paths stored back to back in one typed array. */
export class MoveList {
  /** The points of every path, back to back. */
  points = new Int8Array(256);
  /** ends[i]: where move i's path ends in `points` (it starts where move i - 1 ends). */
  ends = new Int32Array(64);
  /** How many moves the list holds. */
  count = 0;
  private used = 0;

  /** Empties the list, keeping its memory. */
  clear(): void {
    this.count = 0;
    this.used = 0;
  }

  /** Where move i's path starts in `points`. */
  start(i: number): number {
    return i === 0 ? 0 : this.ends[i - 1]!;
  }

  /** How many points move i's path has (2 for a step). */
  length(i: number): number {
    return this.ends[i]! - this.start(i);
  }

  /** Move i's path as a fresh array of point indices, of exactly its length (a pushed-to array reserves 17). */
  path(i: number): number[] {
    const start = this.start(i);
    const path = new Array<number>(this.ends[i]! - start);
    for (let k = 0; k < path.length; k++) path[k] = this.points[start + k]!;
    return path;
  }

  /** Appends a path given as the first `length` points of `path`. */
  push(path: ArrayLike<number>, length: number): void {
    if (this.used + length > this.points.length) {
      const grown = new Int8Array(Math.max(this.points.length * 2, this.used + length));
      grown.set(this.points);
      this.points = grown;
    }
    if (this.count === this.ends.length) {
      const grown = new Int32Array(this.ends.length * 2);
      grown.set(this.ends);
      this.ends = grown;
    }
    for (let k = 0; k < length; k++) this.points[this.used + k] = path[k]!;
    this.used += length;
    this.ends[this.count++] = this.used;
  }

  /** Appends a two-point step. */
  pushStep(from: number, to: number): void {
    this.scratch[0] = from;
    this.scratch[1] = to;
    this.push(this.scratch, 2);
  }

  private readonly scratch = new Int8Array(2);
}

/** Appends every jump chain of the fox at path[len - 1]: every prefix, or only maximal ones. */
function listChains(t: MoveTables, cells: Uint8Array, path: Int8Array, len: number, list: MoveList): void {
  const at = path[len - 1]!;
  let extended = false;
  for (let d = 0; d < 8; d++) {
    const to = t.jump[at * 8 + d]!;
    if (to < 0) continue;
    const over = t.step[at * 8 + d]!;
    if (cells[over] !== GOOSE || cells[to] !== EMPTY) continue;
    extended = true;
    // Jumped geese leave at once, so a chain may come back over its own earlier points.
    cells[over] = EMPTY;
    cells[at] = EMPTY;
    cells[to] = FOX;
    path[len] = to;
    if (!t.mandatory) list.push(path, len + 1);
    listChains(t, cells, path, len + 1, list);
    cells[to] = EMPTY;
    cells[at] = FOX;
    cells[over] = GOOSE;
  }
  if (t.mandatory && !extended && len > 1) list.push(path, len);
}

const chainPath = new Int8Array(64); // a chain removes a goose per jump, so it is shorter than this

/**
 * Fills `list` with every legal move of the side to move (ignoring whether the game has ended):
 * geese by point then direction; for the fox side its steps, then its chains, or only the
 * maximal chains when capture is mandatory and some fox can jump. `cells` is restored on return.
 */
export function listMoves(t: MoveTables, cells: Uint8Array, foxTurn: boolean, list: MoveList): void {
  list.clear();
  const n = t.size;
  if (!foxTurn) {
    const { gooseSteps, gooseDirs } = t;
    for (let p = 0; p < n; p++) {
      if (cells[p] !== GOOSE) continue;
      for (let i = 0; i < gooseDirs; i++) {
        const to = gooseSteps[p * gooseDirs + i]!;
        if (to >= 0 && cells[to] === EMPTY) list.pushStep(p, to);
      }
    }
    return;
  }
  if (t.mandatory) {
    for (let p = 0; p < n; p++) {
      if (cells[p] !== FOX) continue;
      chainPath[0] = p;
      listChains(t, cells, chainPath, 1, list);
    }
    if (list.count > 0) return;
  }
  for (let p = 0; p < n; p++) {
    if (cells[p] !== FOX) continue;
    for (let d = 0; d < 8; d++) {
      const to = t.step[p * 8 + d]!;
      if (to >= 0 && cells[to] === EMPTY) list.pushStep(p, to);
    }
  }
  if (t.mandatory) return;
  for (let p = 0; p < n; p++) {
    if (cells[p] !== FOX) continue;
    chainPath[0] = p;
    listChains(t, cells, chainPath, 1, list);
  }
}
