// The transposition table: one slot per key's low bits, checked by both key halves, holding the
// depth, the score's bound, the score and the best move's index in the position's move list
// (the generator's order is fixed, so an index names the same move for the same position).

/** The score is exact, a lower bound (failed high) or an upper bound (failed low). */
export const EXACT = 1;
/** The score is at least the stored one. */
export const LOWER = 2;
/** The score is at most the stored one. */
export const UPPER = 3;

/** A fixed-size table of search results keyed by Zobrist key. */
export class TranspositionTable {
  private readonly mask: number;
  private readonly keyLo: Int32Array;
  private readonly keyHi: Int32Array;
  private readonly depths: Int8Array;
  private readonly flags: Uint8Array;
  private readonly scores: Int32Array;
  private readonly moves: Int16Array;

  /** A table of 2^bits slots (each 16 bytes). */
  constructor(bits = 18) {
    const size = 1 << bits;
    this.mask = size - 1;
    this.keyLo = new Int32Array(size);
    this.keyHi = new Int32Array(size);
    this.depths = new Int8Array(size);
    this.flags = new Uint8Array(size);
    this.scores = new Int32Array(size);
    this.moves = new Int16Array(size);
  }

  /** Forgets every entry (cheap: only the flags are cleared). */
  clear(): void {
    this.flags.fill(0);
  }

  /** The slot holding this key, or -1. */
  find(lo: number, hi: number): number {
    const i = lo & this.mask;
    return this.flags[i] !== 0 && this.keyLo[i] === lo && this.keyHi[i] === hi ? i : -1;
  }

  /** The depth searched below the slot's position. */
  depth(slot: number): number {
    return this.depths[slot]!;
  }

  /** EXACT, LOWER or UPPER. */
  flag(slot: number): number {
    return this.flags[slot]!;
  }

  /** The stored score (wins and losses relative to the slot's position). */
  score(slot: number): number {
    return this.scores[slot]!;
  }

  /** The index of the best move in the position's move list. */
  move(slot: number): number {
    return this.moves[slot]!;
  }

  /** Stores a result, replacing what the slot held unless that was deeper for the same key. */
  store(lo: number, hi: number, depth: number, flag: number, score: number, move: number): void {
    const i = lo & this.mask;
    if (this.flags[i] !== 0 && this.keyLo[i] === lo && this.keyHi[i] === hi && this.depths[i]! > depth) return;
    this.keyLo[i] = lo;
    this.keyHi[i] = hi;
    this.depths[i] = depth;
    this.flags[i] = flag;
    this.scores[i] = score;
    this.moves[i] = move;
  }
}
