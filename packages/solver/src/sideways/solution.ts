// A table with sideways moves as its readers see it, whatever its layout (raw wdl-1 on disk or format 2
// in memory): win, draw or loss for the side to move and the moves that keep it. A layout gives only the
// fox-to-move value; a geese-to-move position is valued one ply away, as the best of its goose moves
// (the fixed point's values satisfy it: a win has a move to a loss, a loss only moves to wins, a draw no
// move to a loss and one to a draw; checked on every position of a test table, compact.test.ts).
// No Node APIs, so the browser can build one too.
import {
  applyMove,
  countGeese,
  generateMoves,
  getVariant,
  makeMoveText,
  opponent,
  type Position,
  type Variant,
} from '@fg/rules';

import { MIN_GEESE } from '../geometry.js';
import type { Solution, Verdict } from '../solution.js';
import type { CompactWdlHeader } from './compact.js';
import type { WdlHeader } from './table-file.js';

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
  /** The raw table's header (format 'wdl-1') or the compact one's (format 2). */
  readonly header: WdlHeader | CompactWdlHeader;
  /** Win, draw or loss for the side to move; throws a RangeError beyond maxGeese. */
  outcome(position: Position): Outcome;
  verdict(position: Position): WdlVerdict;
}

/**
 * A WdlSolution around a layout's fox-to-move value of a position with `k` geese (MIN_GEESE..maxGeese);
 * `name` names the table in errors (its path).
 */
export function makeWdlSolution(parts: {
  readonly name: string;
  readonly header: WdlHeader | CompactWdlHeader;
  readonly foxOutcome: (position: Position, k: number) => Outcome;
  readonly close: () => void;
}): WdlSolution {
  const { header, name, foxOutcome } = parts;
  const geese = header.options.geese;
  const variant = getVariant('standard', { geese, sideways: true });
  if (!variant.ok) throw new Error(variant.error.message);
  const v: Variant = variant.value;
  const tiers = new Set(header.tiers.map((t) => t.geese));
  // The most quiet plies a win of k or fewer geese needs inside one level.
  const quietUpTo = new Map<number, number>();
  let most = 0;
  for (const t of [...header.tiers].sort((a, b) => a.geese - b.geese)) {
    most = Math.max(most, t.quietPlies);
    quietUpTo.set(t.geese, most);
  }

  const inTier = (k: number): number => {
    if (!tiers.has(k))
      throw new RangeError(
        `the table in ${name} answers positions with at most ${header.maxGeese} geese; this one has ${k}`,
      );
    return k;
  };

  const outcome = (position: Position): Outcome => {
    const k = countGeese(position);
    if (k < MIN_GEESE) return position.turn === 'fox' ? 'win' : 'loss'; // geese-reduced: the fox has won
    if (position.turn === 'fox') return foxOutcome(position, inTier(k));
    inTier(k);
    // Geese to move: one ply over the fox-to-move values (no move: stalemated, lost).
    let best: Outcome = 'loss';
    for (const path of generateMoves(v, position)) {
      const after = foxOutcome(applyMove(v, position, path), k);
      if (after === 'loss') return 'win';
      if (after === 'draw') best = 'draw';
    }
    return best;
  };

  return {
    geese,
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
    close: parts.close,
  };
}
