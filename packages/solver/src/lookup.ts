// Reading a built table: the perfect-play winner of a position and the moves that keep the win
// (docs/rules.md section 10), each record read from disk at its offset (no loading of gigabytes).
// With sideways moves (section 10.1) the same API answers draws too: sideways/lookup.ts.
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
import { openWdlSolution } from './sideways/lookup.js';
import { readHeader, type TableHeader } from './table-file.js';

/** Who wins with perfect play, and every move that keeps the result when the side to move can keep it. */
export interface Verdict {
  readonly winner: Side | null; // 'geese'; null for a draw (only with sideways moves)
  /** ['d4-c4', 'd4-e4'], in byte order: the winner's winning moves, or every drawing move of a draw; [] for the loser. */
  readonly keep: readonly string[];
  /** With sideways moves only: whether the fifty-move rule cannot change the verdict (docs/solution.md). */
  readonly exact?: boolean;
}

/** An installed table, with or without sideways moves. */
export interface Solution {
  readonly geese: number; // the options' starting geese
  readonly maxGeese: number; // the most geese a position may have to be answered (below `geese` for a test table)
  readonly sideways: boolean; // the options' sideways moves: then a position may be drawn
  /** Whether the table answers this position (at most maxGeese geese). */
  covers(position: Position): boolean;
  /** The perfect-play winner, null for a draw; throws a RangeError for a position with more than maxGeese geese. */
  winner(position: Position): Side | null;
  /** The winner and the moves that keep the result; throws as winner() does. */
  verdict(position: Position): Verdict;
  /** Closes the file. */
  close(): void;
}

/** A table of the game without sideways moves (format 1): its header too. */
export interface TableSolution extends Solution {
  readonly header: TableHeader;
  winner(position: Position): Side;
  verdict(position: Position): Verdict & { readonly winner: Side };
}

/** The table for standard with these options in `dir`, or null when none is installed there. */
export function openSolution(
  dir: string,
  options: { readonly geese: number; readonly sideways?: false },
): TableSolution | null;
export function openSolution(
  dir: string,
  options: { readonly geese: number; readonly sideways?: boolean },
): Solution | null;
export function openSolution(
  dir: string,
  options: { readonly geese: number; readonly sideways?: boolean },
): Solution | null {
  if (options.sideways) return openWdlSolution(dir, { geese: options.geese });
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

  const table: TableSolution = {
    geese: options.geese,
    maxGeese: header.maxGeese,
    sideways: false,
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
  return table;
}
