// Helpers for the engine's tests and bench: variants and games from plain values, and an exact
// brute-force solver built only on the rules library's public functions, a second method to
// check the engine's "wins in N" against.
import {
  applyMove,
  type Game,
  generateMoves,
  getVariant,
  newGame,
  opponent,
  parsePosition,
  type Position,
  positionOutcome,
  type Side,
  type Variant,
} from '@fg/rules';

/** A variant by id and options; throws on a bad one (tests only). */
export function variantOf(id: string, options: Record<string, unknown> = {}): Variant {
  const v = getVariant(id, options);
  if (!v.ok) throw new Error(v.error.message);
  return v.value;
}

/** A new game from position text (tests only). */
export function gameAt(id: string, text: string, options: Record<string, unknown> = {}): Game {
  const v = variantOf(id, options);
  const p = parsePosition(v, text);
  if (!p.ok) throw new Error(p.error.message);
  return newGame(v, p.value);
}

/** Whether `side` can force a win within `moves` of its own moves from `position` (rules 1-4 only). */
function wins(v: Variant, position: Position, side: Side, plies: number): boolean {
  const outcome = positionOutcome(v, position);
  if (outcome) return outcome.winner === side;
  if (plies === 0) return false;
  const moves = generateMoves(v, position);
  if (position.turn === side) return moves.some((m) => wins(v, applyMove(v, position, m), side, plies - 1));
  return moves.every((m) => wins(v, applyMove(v, position, m), side, plies - 1));
}

/**
 * The fewest own moves in which the side to move forces a win (positive), or the fewest moves in
 * which the opponent forces one (negative), searching at most `maxMoves` moves each; 0 if neither.
 */
export function solve(v: Variant, position: Position, maxMoves: number): number {
  const mover = position.turn;
  const other = opponent(mover);
  for (let n = 1; n <= maxMoves; n++) {
    if (wins(v, position, mover, 2 * n - 1)) return n;
    if (wins(v, position, other, 2 * n)) return -n;
  }
  return 0;
}
