// For tests: the exact perfect-play winners of small standard positions by memoized minimax over the rules, a table
// written by hand that needs no solver (positions near the end of the game, a second or two each).
import {
  applyMove,
  generateMoves,
  makeMoveText,
  opponent,
  type Position,
  positionKey,
  positionOutcome,
  type Side,
  type Variant,
} from '@fg/rules';

/** A solver of small positions: winner() and verdict() as a solution table answers them. */
export function handSolver(variant: Variant) {
  const memo = new Map<string, Side>();
  function winner(position: Position): Side {
    const key = positionKey(position);
    const known = memo.get(key);
    if (known) return known;
    const moves = generateMoves(variant, position);
    const ended = positionOutcome(variant, position, moves);
    let result: Side;
    if (ended) result = ended.winner!;
    else {
      const mover = position.turn;
      result = moves.some((path) => winner(applyMove(variant, position, path)) === mover) ? mover : opponent(mover);
    }
    memo.set(key, result);
    return result;
  }
  function verdict(position: Position) {
    const w = winner(position);
    const keep =
      w === position.turn
        ? generateMoves(variant, position)
            .filter((path) => winner(applyMove(variant, position, path)) === w)
            .map((path) => makeMoveText(variant.board, path))
        : [];
    return { winner: w, keep };
  }
  return { winner, verdict };
}
