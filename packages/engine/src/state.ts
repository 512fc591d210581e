// The search's own copy of a position: cells, foxes, goose count, quiet count and a Zobrist key,
// changed in place by make and restored by unmake, with the keys of every position since the
// game began so that repetition is judged as the rules judge it.
import { EMPTY, FOX, GOOSE, type MoveList, type MoveTables, moveTables, type Position, type Variant } from '@fg/rules';

import { seededRandom } from './random.js';

const MAX_PLIES = 4096; // the game so far plus the search's own line

/** Zobrist numbers of one board size: two 32-bit halves per (piece, point), and for the side. */
interface Zobrist {
  readonly goose: Int32Array; // [lo, hi] per point
  readonly fox: Int32Array;
  readonly side: readonly [number, number];
}

const zobristBySize = new Map<number, Zobrist>();

/** The Zobrist numbers for a board of `size` points, the same in every run. */
function zobrist(size: number): Zobrist {
  const cached = zobristBySize.get(size);
  if (cached) return cached;
  const random = seededRandom(0x5eed + size);
  const word = (): number => (random() * 4294967296) | 0;
  const goose = Int32Array.from({ length: size * 2 }, word);
  const fox = Int32Array.from({ length: size * 2 }, word);
  const z: Zobrist = { goose, fox, side: [word(), word()] };
  zobristBySize.set(size, z);
  return z;
}

/** A mutable position for searching; every make is undone by unmake in reverse order. */
export class SearchState {
  readonly variant: Variant;
  readonly tables: MoveTables;
  readonly cells: Uint8Array;
  readonly foxes: Int8Array; // the foxes' points
  foxTurn: boolean;
  geese: number;
  quiet: number; // moves since a capture or forward goose move (rule 6)
  /** The Zobrist key's two halves: equal for equal pieces and side to move. */
  lo = 0;
  hi = 0;
  /** Plies since the last move that cannot be undone, so repetition looks back no further. */
  reversible = 0;
  private readonly z: Zobrist;
  private readonly canStepBack: boolean;
  private readonly keysLo = new Int32Array(MAX_PLIES);
  private readonly keysHi = new Int32Array(MAX_PLIES);
  private plies = 0; // keys held: the game's positions, then the search line's
  private readonly undo = new Int32Array(MAX_PLIES * 6); // from, to, piece, quiet, reversible, captured
  private readonly captured = new Int8Array(MAX_PLIES * 4);
  private capturedCount = 0;

  constructor(variant: Variant, position: Position) {
    this.variant = variant;
    this.tables = moveTables(variant);
    this.cells = position.cells.slice();
    this.foxTurn = position.turn === 'fox';
    this.quiet = position.quiet;
    this.reversible = 0;
    this.z = zobrist(this.tables.size);
    this.canStepBack = variant.gooseDirectionIndices.some((d) => d >= 3 && d <= 5);
    const foxes: number[] = [];
    let geese = 0;
    this.cells.forEach((c, p) => {
      if (c === FOX) {
        foxes.push(p);
        this.lo ^= this.z.fox[p * 2]!;
        this.hi ^= this.z.fox[p * 2 + 1]!;
      } else if (c === GOOSE) {
        geese++;
        this.lo ^= this.z.goose[p * 2]!;
        this.hi ^= this.z.goose[p * 2 + 1]!;
      }
    });
    if (!this.foxTurn) {
      this.lo ^= this.z.side[0];
      this.hi ^= this.z.side[1];
    }
    this.foxes = Int8Array.from(foxes);
    this.geese = geese;
    this.pushKey();
  }

  private pushKey(): void {
    this.keysLo[this.plies] = this.lo;
    this.keysHi[this.plies] = this.hi;
    this.plies++;
  }

  /** The positions since the game began (search keys beyond them are the search's own line). */
  get ply(): number {
    return this.plies - 1;
  }

  /** How often the current position has stood, this time included, since the last irreversible move. */
  occurrences(): number {
    let n = 1;
    const last = this.plies - 1;
    for (let back = 2; back <= this.reversible && back <= last; back += 2) {
      if (this.keysLo[last - back] === this.lo && this.keysHi[last - back] === this.hi) n++;
    }
    return n;
  }

  /** Plays move i of `list` (a legal move of the side to move). */
  make(list: MoveList, i: number): void {
    this.makePoints(list.points, list.start(i), list.ends[i]!);
  }

  /** Plays the path held in pts[start..end) (a legal move of the side to move). */
  makePoints(pts: ArrayLike<number>, start: number, end: number): void {
    const { cells, z, tables } = this;
    const from = pts[start]!;
    const to = pts[end - 1]!;
    const piece = cells[from]!;
    const u = (this.plies - 1) * 6;
    let taken = 0;
    for (let k = start + 1; k < end; k++) {
      const over = tables.between[pts[k - 1]! * tables.size + pts[k]!]!;
      if (over < 0) continue;
      cells[over] = EMPTY;
      this.lo ^= z.goose[over * 2]!;
      this.hi ^= z.goose[over * 2 + 1]!;
      this.captured[this.capturedCount++] = over;
      taken++;
    }
    this.undo[u] = from;
    this.undo[u + 1] = to;
    this.undo[u + 2] = piece;
    this.undo[u + 3] = this.quiet;
    this.undo[u + 4] = this.reversible;
    this.undo[u + 5] = taken;
    cells[from] = EMPTY;
    cells[to] = piece;
    const keys = piece === FOX ? z.fox : z.goose;
    this.lo ^= keys[from * 2]! ^ keys[to * 2]! ^ z.side[0];
    this.hi ^= keys[from * 2 + 1]! ^ keys[to * 2 + 1]! ^ z.side[1];
    if (piece === FOX) {
      const f = this.foxes.indexOf(from);
      this.foxes[f] = to;
    }
    this.geese -= taken;
    const forward = piece === GOOSE && tables.rank[to]! > tables.rank[from]!;
    this.quiet = taken > 0 || forward ? 0 : this.quiet + 1;
    this.reversible = taken > 0 || (forward && !this.canStepBack) ? 0 : this.reversible + 1;
    this.foxTurn = !this.foxTurn;
    this.pushKey();
  }

  /** Takes back the last move made. */
  unmake(): void {
    this.plies--;
    const { cells } = this;
    const u = (this.plies - 1) * 6;
    const from = this.undo[u]!;
    const to = this.undo[u + 1]!;
    const piece = this.undo[u + 2]!;
    const taken = this.undo[u + 5]!;
    this.quiet = this.undo[u + 3]!;
    this.reversible = this.undo[u + 4]!;
    cells[to] = EMPTY;
    cells[from] = piece;
    if (piece === FOX) {
      const f = this.foxes.indexOf(to);
      this.foxes[f] = from;
    }
    for (let k = 0; k < taken; k++) {
      const over = this.captured[--this.capturedCount]!;
      cells[over] = GOOSE;
    }
    this.geese += taken;
    this.foxTurn = !this.foxTurn;
    this.lo = this.keysLo[this.plies - 1]!;
    this.hi = this.keysHi[this.plies - 1]!;
  }

  /** Rules 1-3: the winner by the pieces alone (FOX or GOOSE), or 0 while the game goes on. */
  materialWinner(): number {
    const v = this.variant;
    if (this.geese < v.foxWinsBelow) return FOX;
    if (v.pen) {
      let full = true;
      for (const p of v.pen) {
        if (this.cells[p] !== GOOSE) {
          full = false;
          break;
        }
      }
      if (full) return GOOSE;
    }
    if (v.breakthroughRank !== null) {
      for (let i = 0; i < this.foxes.length; i++) {
        if (this.tables.rank[this.foxes[i]!] === v.breakthroughRank) return FOX;
      }
    }
    return 0;
  }
}
