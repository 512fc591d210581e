// Reading a table of the game with sideways moves: win, draw or loss for the side to move, and the
// moves that keep it. Fox-to-move records are read from disk at their offset; a geese-to-move
// position is valued one ply away, over the fox-to-move records its goose moves lead to.
import { closeSync, existsSync, openSync, readSync } from 'node:fs';

import {
  applyMove,
  countGeese,
  FOX,
  generateMoves,
  getVariant,
  GOOSE,
  makeMoveText,
  opponent,
  type Position,
  type Variant,
} from '@fg/rules';

import { binom, BINOM_K, MIN_GEESE, POINTS } from '../geometry.js';
import type { Solution, Verdict } from '../lookup.js';
import { wdlPath } from './build.js';
import { readWdlHeader, type WdlHeader } from './table-file.js';

/** The value of a position for the side to move. */
export type Outcome = 'win' | 'draw' | 'loss';

/** The perfect-play result and the moves that keep it. */
export interface WdlVerdict extends Verdict {
  /**
   * Whether the fifty-move rule cannot change the verdict: a draw always; a win when the position's
   * `quiet` count and the most quiet plies any win of these tiers needs inside a level stay under 100.
   */
  readonly exact: boolean;
}

/** An installed table with sideways moves: the API of every table, and win, draw or loss for the side to move. */
export interface WdlSolution extends Solution {
  readonly sideways: true;
  readonly header: WdlHeader;
  /** Win, draw or loss for the side to move; throws a RangeError beyond maxGeese. */
  outcome(position: Position): Outcome;
  verdict(position: Position): WdlVerdict;
}

/** The table with sideways moves for these options in `dir`, or null when none is installed there. */
export function openWdlSolution(dir: string, options: { readonly geese: number }): WdlSolution | null {
  const path = wdlPath(dir, options.geese);
  if (!existsSync(path)) return null;
  const header = readWdlHeader(path);
  if (header.options.geese !== options.geese)
    throw new Error(`${path} holds the table for ${header.options.geese} geese`);
  const variant = getVariant('standard', { geese: options.geese, sideways: true });
  if (!variant.ok) throw new Error(variant.error.message);
  const v: Variant = variant.value;
  const fd = openSync(path, 'r');
  const word = Buffer.alloc(4);
  const tiers = new Map(header.tiers.map((t) => [t.geese, t]));
  // The most quiet plies a win of k or fewer geese needs inside one level.
  const quietUpTo = new Map<number, number>();
  let most = 0;
  for (const t of [...header.tiers].sort((a, b) => a.geese - b.geese)) {
    most = Math.max(most, t.quietPlies);
    quietUpTo.set(t.geese, most);
  }

  const read = (offset: number): number => {
    if (readSync(fd, word, 0, 4, offset) !== 4) throw new Error(`${path} ends early: is it whole?`);
    return word.readUInt32LE(0);
  };

  /** Fox to move, at least 4 geese: the record's bits. */
  const foxOutcome = (position: Position, k: number): Outcome => {
    const tier = tiers.get(k);
    if (!tier)
      throw new RangeError(
        `the table in ${path} answers positions with at most ${header.maxGeese} geese; this one has ${k}`,
      );
    let rank = 0;
    let i = 0;
    let foxIndex = -1;
    for (let p = 0; p < POINTS; p++) {
      const cell = position.cells[p];
      if (cell === GOOSE) rank += binom[p * BINOM_K + ++i]!;
      else if (cell === FOX) foxIndex = p - i;
    }
    if (foxIndex < 0) throw new RangeError('the position has no fox');
    if ((read(tier.fwOffset + 4 * rank) >>> foxIndex) & 1) return 'win';
    if ((read(tier.flOffset + 4 * rank) >>> foxIndex) & 1) return 'loss';
    return 'draw';
  };

  const outcome = (position: Position): Outcome => {
    const k = countGeese(position);
    if (k < MIN_GEESE) return position.turn === 'fox' ? 'win' : 'loss'; // geese-reduced: the fox has won
    if (position.turn === 'fox') return foxOutcome(position, k);
    if (!tiers.has(k))
      throw new RangeError(
        `the table in ${path} answers positions with at most ${header.maxGeese} geese; this one has ${k}`,
      );
    // Geese to move: one ply over the fox-to-move records (no move: stalemated, lost).
    let best: Outcome = 'loss';
    for (const path of generateMoves(v, position)) {
      const after = foxOutcome(applyMove(v, position, path), k);
      if (after === 'loss') return 'win';
      if (after === 'draw') best = 'draw';
    }
    return best;
  };

  return {
    geese: options.geese,
    maxGeese: header.maxGeese,
    sideways: true,
    header,
    covers: (position) => countGeese(position) <= header.maxGeese,
    outcome,
    winner(position) {
      const now = outcome(position);
      return now === 'draw' ? null : now === 'win' ? position.turn : opponent(position.turn);
    },
    verdict(position) {
      const now = outcome(position);
      const k = countGeese(position);
      const exact = now === 'draw' || k < MIN_GEESE || (position.quiet ?? 0) + quietUpTo.get(k)! < 100;
      const winner = now === 'draw' ? null : now === 'win' ? position.turn : opponent(position.turn);
      if (now === 'loss' || k < MIN_GEESE) return { winner, keep: [], exact };
      // A move keeps a win when it leaves the opponent lost, and a draw when it leaves a draw.
      const wanted: Outcome = now === 'win' ? 'loss' : 'draw';
      const keep = generateMoves(v, position)
        .filter((path) => outcome(applyMove(v, position, path)) === wanted)
        .map((path) => makeMoveText(v.board, path));
      keep.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      return { winner, keep, exact };
    },
    close: () => closeSync(fd),
  };
}
