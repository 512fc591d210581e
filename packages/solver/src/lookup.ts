// Reading a built table: the perfect-play winner of a position and the moves that keep the win
// (docs/rules.md section 10), each record read from disk at its offset (no loading of gigabytes).
import { closeSync, existsSync, openSync, readSync } from 'node:fs';

import {
  applyMove,
  countGeese,
  FOX,
  generateMoves,
  getVariant,
  GOOSE,
  makeMoveText,
  type Position,
  type Side,
  type Variant,
} from '@fg/rules';

import { tablePath } from './dir.js';
import { binom, BINOM_K, MIN_GEESE, POINTS } from './geometry.js';
import { readHeader, type TableHeader } from './table-file.js';

/** Who wins with perfect play, and every move that keeps the win when the winner is to move. */
export interface Verdict {
  readonly winner: Side; // 'geese'
  readonly keep: readonly string[]; // ['d4-c4', 'd4-e4'], in byte order; [] when the loser is to move
}

/** An installed table. */
export interface Solution {
  readonly geese: number; // the options' starting geese
  readonly maxGeese: number; // the most geese a position may have to be answered (below `geese` for a test table)
  readonly header: TableHeader;
  /** Whether the table answers this position (at most maxGeese geese). */
  covers(position: Position): boolean;
  /** The perfect-play winner; throws a RangeError for a position with more than maxGeese geese. */
  winner(position: Position): Side;
  /** The winner and the moves that keep the win; throws as winner() does. */
  verdict(position: Position): Verdict;
  /** Closes the file. */
  close(): void;
}

/** The table for standard with these options in `dir`, or null when none is installed there. */
export function openSolution(
  dir: string,
  options: { readonly geese: number; readonly sideways?: boolean },
): Solution | null {
  if (options.sideways) return null; // sideways moves can repeat positions: not solvable this way
  const path = tablePath(dir, options.geese);
  if (!existsSync(path)) return null;
  const header = readHeader(path);
  const variant = getVariant('standard', { geese: options.geese, sideways: false });
  if (!variant.ok) throw new Error(variant.error.message);
  if (header.options.geese !== options.geese)
    throw new Error(`${path} holds the table for ${header.options.geese} geese`);
  const fd = openSync(path, 'r');
  const word = Buffer.alloc(4);
  const tiers = new Map(header.tiers.map((t) => [t.geese, t]));
  const v: Variant = variant.value;

  const winner = (position: Position): Side => {
    const k = countGeese(position);
    if (k < MIN_GEESE) return 'fox'; // geese-reduced (docs/rules.md section 4, rule 1)
    const tier = tiers.get(k);
    if (!tier)
      throw new RangeError(
        `the table in ${path} answers positions with at most ${header.maxGeese} geese; this one has ${k}`,
      );
    let rank = 0;
    let i = 0;
    let fox = -1;
    let foxIndex = 0;
    for (let p = 0; p < POINTS; p++) {
      const cell = position.cells[p];
      if (cell === GOOSE) rank += binom[p * BINOM_K + ++i]!;
      else if (cell === FOX) {
        fox = p;
        foxIndex = p - i; // free points below the fox
      }
    }
    if (fox < 0) throw new RangeError('the position has no fox');
    const offset = (position.turn === 'fox' ? tier.fwOffset : tier.gwOffset) + 4 * rank;
    if (readSync(fd, word, 0, 4, offset) !== 4) throw new Error(`${path} ends early: is it whole?`);
    const bit = (word.readUInt32LE(0) >>> foxIndex) & 1;
    return position.turn === 'fox' ? (bit ? 'fox' : 'geese') : bit ? 'geese' : 'fox';
  };

  return {
    geese: options.geese,
    maxGeese: header.maxGeese,
    header,
    covers: (position) => countGeese(position) <= header.maxGeese,
    winner,
    verdict(position) {
      const won = winner(position);
      if (won !== position.turn || countGeese(position) < MIN_GEESE) return { winner: won, keep: [] };
      const keep = generateMoves(v, position)
        .filter((path) => winner(applyMove(v, position, path)) === won)
        .map((path) => makeMoveText(v.board, path));
      keep.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      return { winner: won, keep };
    },
    close: () => closeSync(fd),
  };
}
