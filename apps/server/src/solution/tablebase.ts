// The tablebase answer for bots and other sites, in the shape of lichess's tablebase server (docs/protocol.md "The
// tablebase"): the position's category for the side to move and every legal move with the category it leaves the
// opponent, best first. The table holds win and loss only (no distances), so there is no dtz or dtm.
import { applyMove, generateMoves, makeMoveText, type Position, type Variant } from '@fg/rules';
import type { Solution } from '@fg/solver';

import type { Answer } from '../tables/answer.js';
import { positionVerdict } from './verdicts.js';

/** A side's outlook with perfect play: it wins, or it loses whatever it does. */
type Category = 'win' | 'loss';

/** One legal move and the category of the side to move after it (the opponent): `loss` is a winning move. */
interface TablebaseMove {
  readonly move: string; // 'd4-c4'
  readonly category: Category;
}

/** `GET /api/tablebase/standard` answer. */
export interface TablebaseAnswer {
  readonly category: Category;
  readonly moves: readonly TablebaseMove[];
}

/** The answer for one position the table covers (a position beyond it answers `bad-request`, naming the limit). */
export function tablebaseAnswer(
  solution: Solution,
  variant: Variant,
  position: Position,
): Answer<TablebaseAnswer, 'bad-request'> {
  const verdict = positionVerdict(solution, position);
  if (!verdict.ok) return verdict;
  const category = (p: Position): Category => (solution.winner(p) === p.turn ? 'win' : 'loss');
  const moves = generateMoves(variant, position).map((path) => ({
    move: makeMoveText(variant.board, path),
    category: category(applyMove(variant, position, path)),
  }));
  // Best first: the moves that leave the opponent lost, then the rest; each group in move-text order.
  moves.sort((a, b) => (a.category !== b.category ? (a.category === 'loss' ? -1 : 1) : a.move < b.move ? -1 : 1));
  return { ok: true, value: { category: verdict.value.winner === position.turn ? 'win' : 'loss', moves } };
}
