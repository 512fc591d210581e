// A table as its readers see it, whatever its format: the perfect-play winner of a position and the
// moves that keep the win (docs/rules.md section 10). No Node APIs: the browser builds one too.
import { applyMove, countGeese, generateMoves, getVariant, makeMoveText, type Position, type Side } from '@fg/rules';

import { MIN_GEESE } from './geometry.js';
import type { SolutionHeader } from './header.js';

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
  /** Closes the file (a table read into memory lets it go). */
  close(): void;
}

/** A table of the game without sideways moves (format 1 or 2): its header too, and never a draw. */
export interface TableSolution extends Solution {
  readonly header: SolutionHeader;
  readonly sideways: false;
  winner(position: Position): Side;
  verdict(position: Position): Verdict & { readonly winner: Side };
}

/**
 * A Solution around a format's `record` (the winner of a position with MIN_GEESE..maxGeese geese); the
 * tier checks, the positions with fewer than MIN_GEESE geese and the keep lists are the same for every
 * format. `name` names the table in errors (its path).
 */
export function makeSolution(parts: {
  readonly name: string;
  readonly header: SolutionHeader;
  readonly record: (position: Position, k: number) => Side;
  readonly close: () => void;
}): TableSolution {
  const { header, name, record } = parts;
  const geese = header.options.geese;
  const variant = getVariant('standard', { geese, sideways: false });
  if (!variant.ok) throw new Error(variant.error.message);
  const v = variant.value;
  const winner = (position: Position): Side => {
    const k = countGeese(position);
    if (k < MIN_GEESE) return 'fox'; // geese-reduced (docs/rules.md section 4, rule 1)
    if (k > header.maxGeese || k < header.minGeese)
      throw new RangeError(
        `the table in ${name} answers positions with at most ${header.maxGeese} geese; this one has ${k}`,
      );
    return record(position, k);
  };
  return {
    geese,
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
    close: parts.close,
  };
}
