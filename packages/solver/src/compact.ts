// Reading format 2 (docs/solution.md): a tier stores the fox-to-move positions of its rarer verdict as
// a set of position indices (canonical index of the geese set x (33 - k) + the fox's rank among the
// canonical set's free points); the geese-to-move verdict is one ply of goose moves over those. Pure
// TypeScript over the file's bytes: the server holds the file in memory, the browser in a worker.
import { FOX, GOOSE, type Position, type Side } from '@fg/rules';

import {
  bitOf,
  canonicalIndex,
  canonicalSets,
  freeOff,
  geeseOf,
  mirrorFreeMask,
  mirrorPoint,
  RADIX_WEIGHT,
  revT,
  ROW_COUNT,
  rowOf,
} from './canonical.js';
import { readCompact } from './compact-file.js';
import { type EliasFano, popcount } from './elias-fano.js';
import { GOOSE_DIRS, gooseStep, POINTS, rowFirst } from './geometry.js';
import type { CompactHeader } from './header.js';
import { makeSolution, type TableSolution } from './solution.js';

/** A format-2 table in memory: the fox-to-move and geese-to-move verdicts of any geese set and fox point. */
export class CompactTable {
  readonly header: CompactHeader;
  readonly #sets: (EliasFano | null)[] = []; // by tier: the stored set of fox-to-move positions
  readonly #lossInSet: boolean[] = []; // by tier: whether a member is a loss for the fox (else a win)
  readonly #decoded: (Uint32Array | undefined)[] = []; // by tier: FW records of the canonical sets, when decodeTier made them
  readonly #moved = new Int32Array(ROW_COUNT); // scratch: a set after one goose move
  readonly #movedMask = new Int32Array(ROW_COUNT); // the same for geeseWinMask

  /** Reads the file's bytes (kept, not copied); throws naming what is wrong, with `name` (its path). */
  constructor(bytes: Uint8Array, name: string) {
    const { header, sets } = readCompact(bytes, name);
    if (header.verdicts !== 'win-loss')
      throw new Error(`${name} holds ${header.verdicts} verdicts; this reader answers win-loss tables`);
    if (header.options.sideways)
      throw new Error(`${name} is a table with sideways moves; this reader answers the game without them`);
    this.header = header;
    for (const t of header.tiers) {
      const [stored, ...more] = t.stored;
      const kinds = `${stored?.verdict}/${t.rest}`;
      if (!stored || more.length || stored.turn !== 'fox' || (kinds !== 'loss/win' && kinds !== 'win/loss'))
        throw new Error(`${name}: tier ${t.geese} should store one fox-to-move set of wins or losses`);
      this.#sets[t.geese] = sets.get(t.geese)!.get(stored.name)!;
      this.#lossInSet[t.geese] = stored.verdict === 'loss';
    }
  }

  /** Whether the fox to move on `fox` loses against the geese set with row masks `sigma` and key `key`. */
  foxLoses(sigma: ArrayLike<number>, key: number, fox: number): boolean {
    const k = geeseOf[key]!;
    const set = this.#sets[k];
    if (!set) throw new RangeError(`the table has no tier of ${k} geese`);
    return set.has(positionIndex(sigma, key, fox)) === this.#lossInSet[k];
  }

  /** Whether the geese to move win with the fox on `fox` (one ply: some goose move leaves the fox lost). */
  geeseWin(sigma: ArrayLike<number>, key: number, fox: number): boolean {
    const moved = this.#moved;
    for (let i = 0; i < ROW_COUNT; i++) moved[i] = sigma[i]!;
    for (let r = 0; r < ROW_COUNT - 1; r++) {
      for (let m = sigma[r]!; m !== 0; m &= m - 1) {
        const b = 31 - Math.clz32(m & -m);
        const g = rowFirst[r]! + b;
        for (let d = 0; d < GOOSE_DIRS; d++) {
          const t = gooseStep[g * GOOSE_DIRS + d]!;
          if (t < 0 || t === fox) continue;
          const tr = rowOf[t]!;
          if ((sigma[tr]! >>> bitOf[t]!) & 1) continue;
          moved[r] = sigma[r]! & ~(1 << b);
          moved[tr] = sigma[tr]! | (1 << bitOf[t]!);
          const lost = this.foxLoses(moved, key - RADIX_WEIGHT[r]! + RADIX_WEIGHT[tr]!, fox);
          moved[r] = sigma[r]!;
          moved[tr] = sigma[tr]!;
          if (lost) return true;
        }
      }
    }
    return false; // no goose move wins, or none is left (the geese are stalemated: the fox wins)
  }

  /** Format 1's GW record of a set: bit j set when the geese to move win with the fox on the j-th free point. */
  geeseWinMask(sigma: ArrayLike<number>, key: number): number {
    const n = POINTS - geeseOf[key]!;
    const full = n === 32 ? -1 : (1 << n) - 1;
    const moved = this.#movedMask;
    for (let i = 0; i < ROW_COUNT; i++) moved[i] = sigma[i]!;
    let wins = 0;
    for (let r = 0; r < ROW_COUNT - 1; r++) {
      for (let m = sigma[r]!; m !== 0; m &= m - 1) {
        const b = 31 - Math.clz32(m & -m);
        const g = rowFirst[r]! + b;
        for (let d = 0; d < GOOSE_DIRS; d++) {
          const t = gooseStep[g * GOOSE_DIRS + d]!;
          if (t < 0) continue;
          const tr = rowOf[t]!;
          if ((sigma[tr]! >>> bitOf[t]!) & 1) continue;
          moved[r] = sigma[r]! & ~(1 << b);
          moved[tr] = sigma[tr]! | (1 << bitOf[t]!);
          // The move's FW record is over the moved set's free points: g joins them and t leaves.
          const after = this.foxWinMask(moved, key - RADIX_WEIGHT[r]! + RADIX_WEIGHT[tr]!);
          moved[r] = sigma[r]!;
          moved[tr] = sigma[tr]!;
          const lo = freeOff[key * 8 + r]! + b - popcount(sigma[r]! & ((1 << b) - 1));
          const at = freeOff[key * 8 + tr]! + bitOf[t]! - popcount(sigma[tr]! & ((1 << bitOf[t]!) - 1));
          const low = (1 << lo) - 1;
          const mapped = (after & low) | ((after >>> 1) & ((1 << at) - 1) & ~low) | (after & ~((2 << at) - 1));
          wins |= ~mapped & ~(1 << at) & full;
        }
      }
    }
    return wins;
  }

  /** Format 1's FW record of a set: bit j set when the fox to move on the set's j-th free point wins. */
  foxWinMask(sigma: ArrayLike<number>, key: number): number {
    const k = geeseOf[key]!;
    const n = POINTS - k;
    const set = this.#sets[k];
    if (!set) throw new RangeError(`the table has no tier of ${k} geese`);
    const c = canonicalIndex(sigma, key);
    const index = c >>> 1;
    const flip = c & 1;
    const decoded = this.#decoded[k];
    let wins: number;
    if (decoded) wins = decoded[index]!;
    else {
      const members = set.maskIn(index * n, n);
      wins = this.#lossInSet[k] ? ~members & ((1 << n) - 1) : members;
    }
    return flip ? mirrorFreeMask(wins, key) : wins;
  }

  /** Calls `visit` with every member of tier k's stored set, in increasing order (for figures and checks). */
  forEachMember(k: number, visit: (index: number) => void): void {
    const set = this.#sets[k];
    if (!set) throw new RangeError(`the table has no tier of ${k} geese`);
    set.forEach(visit);
  }

  /**
   * Holds tier k's FW records decoded (4 bytes a canonical set: 1.15 GB for tier 13) so that a sweep
   * over many of its sets (a validation, a test) reads arrays instead of searching the set each time.
   */
  decodeTier(k: number): void {
    const set = this.#sets[k];
    if (!set) throw new RangeError(`the table has no tier of ${k} geese`);
    const n = POINTS - k;
    const lossInSet = this.#lossInSet[k]!;
    const records = new Uint32Array(canonicalSets(k)).fill(lossInSet ? (1 << n) - 1 : 0);
    set.forEach((v) => {
      const i = Math.floor(v / n);
      records[i] = records[i]! ^ (1 << (v - i * n));
    });
    this.#decoded[k] = records;
  }
}

/**
 * A position's index in its tier's stored sets (the fox on `fox` against the geese set with row masks
 * `sigma` and key `key`): its canonical set's index x (33 - k) + the fox's rank among that set's free
 * points, the fox mirrored with the set when the set is the mirror image of its canonical one.
 */
export function positionIndex(sigma: ArrayLike<number>, key: number, fox: number): number {
  const c = canonicalIndex(sigma, key);
  const flip = c & 1;
  const f = flip ? mirrorPoint[fox]! : fox;
  const row = rowOf[f]!;
  const mask = flip ? revT[row * 128 + sigma[row]!]! : sigma[row]!;
  const bit = bitOf[f]!;
  const free = freeOff[key * 8 + row]! + bit - popcount(mask & ((1 << bit) - 1));
  return (c >>> 1) * (POINTS - geeseOf[key]!) + free;
}

const sigmaScratch = new Int32Array(ROW_COUNT);

/** The row masks of a position's geese (into a scratch array, overwritten by the next call) and their key. */
export function rowsOf(position: Position): { sigma: Int32Array; key: number; fox: number } {
  sigmaScratch.fill(0);
  let key = 0;
  let fox = -1;
  for (let p = 0; p < POINTS; p++) {
    const cell = position.cells[p];
    if (cell === GOOSE) {
      sigmaScratch[rowOf[p]!] = sigmaScratch[rowOf[p]!]! | (1 << bitOf[p]!);
      key += RADIX_WEIGHT[rowOf[p]!]!;
    } else if (cell === FOX) fox = p;
  }
  if (fox < 0) throw new RangeError('the position has no fox');
  return { sigma: sigmaScratch, key, fox };
}

/** A Solution over a format-2 file's bytes (the browser's and the server's reader); `name` names it in errors. */
export function compactSolution(bytes: Uint8Array, name: string): TableSolution {
  const table = new CompactTable(bytes, name);
  return makeSolution({
    name,
    header: table.header,
    record(position): Side {
      const { sigma, key, fox } = rowsOf(position);
      if (position.turn === 'fox') return table.foxLoses(sigma, key, fox) ? 'geese' : 'fox';
      return table.geeseWin(sigma, key, fox) ? 'geese' : 'fox';
    },
    close: () => {},
  });
}
