// The tablebase answer for bots and other sites, in the shape of lichess's tablebase server (docs/protocol.md "The
// tablebase"): the position's category for the side to move and every legal move with the category it leaves the
// opponent, best first. The table holds win, loss and (with sideways moves) draw only, no distances, so there
// is no dtz or dtm; with sideways moves the answer says whether the fifty-move rule could change it (`exact`).
import { applyMove, generateMoves, makeMoveText, type Position, type Variant } from '@fg/rules';
import type { Solution } from '@fg/solver';

import type { Answer } from '../tables/answer.js';
import { positionVerdict } from './verdicts.js';

/** A side's outlook with perfect play: it wins, draws (sideways moves only), or loses whatever it does. */
type Category = 'win' | 'draw' | 'loss';

/** One legal move and the category of the side to move after it (the opponent): `loss` is a winning move. */
interface TablebaseMove {
  readonly move: string; // 'd4-c4'
  readonly category: Category;
}

/** `GET /api/tablebase/standard` answer. */
export interface TablebaseAnswer {
  readonly category: Category;
  readonly moves: readonly TablebaseMove[];
  readonly exact?: boolean; // with sideways moves: false where the position's quiet count lets the fifty-move rule matter
}

/** The order of the moves: those that leave the opponent lost, then drawn, then won. */
const BEST_FIRST: Readonly<Record<Category, number>> = { loss: 0, draw: 1, win: 2 };

/** The category of a position for its side to move, from its perfect-play winner (null: a draw). */
const categoryOf = (winner: string | null, position: Position): Category =>
  winner === null ? 'draw' : winner === position.turn ? 'win' : 'loss';

/** The answer for one position the table covers (a position beyond it answers `bad-request`, naming the limit). */
export function tablebaseAnswer(
  solution: Solution,
  variant: Variant,
  position: Position,
): Answer<TablebaseAnswer, 'bad-request'> {
  const verdict = positionVerdict(solution, position);
  if (!verdict.ok) return verdict;
  const moves = generateMoves(variant, position).map((path) => {
    const after = applyMove(variant, position, path);
    return { move: makeMoveText(variant.board, path), category: categoryOf(solution.winner(after), after) };
  });
  // Best first (each group in move-text order).
  moves.sort((a, b) =>
    a.category !== b.category ? BEST_FIRST[a.category] - BEST_FIRST[b.category] : a.move < b.move ? -1 : 1,
  );
  const { winner, exact } = verdict.value;
  return {
    ok: true,
    value: { category: categoryOf(winner, position), moves, ...(exact === undefined ? {} : { exact }) },
  };
}
