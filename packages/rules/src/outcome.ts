// Outcomes (docs/rules.md section 4), checked after every move in a fixed order.
import { generateMoves } from './moves.js';
import { countGeese, FOX, GOOSE, type Position } from './position.js';
import type { Side } from './side.js';
import type { Variant } from './variants.js';

/** Why a game ended by the rules. */
type RuleReason =
  | 'geese-reduced'
  | 'pen-filled'
  | 'breakthrough'
  | 'fox-trapped'
  | 'geese-stalemated'
  | 'threefold-repetition'
  | 'fifty-move-rule';

/** A finished game's result: the winning side (null for a draw) and why. */
export interface Outcome {
  readonly winner: Side | null; // 'geese'
  readonly reason: RuleReason; // 'fox-trapped'
}

/** Moves in a row without capture or forward goose move that draw the game (rule 6). */
export const QUIET_LIMIT = 100;

/** Rules 1-3: the outcomes read off the pieces alone, before asking who can move. */
export function materialOutcome(variant: Variant, position: Position): Outcome | null {
  const { cells } = position;
  if (countGeese(position) < variant.foxWinsBelow) return { winner: 'fox', reason: 'geese-reduced' };
  if (variant.pen && variant.pen.every((p) => cells[p] === GOOSE)) return { winner: 'geese', reason: 'pen-filled' };
  if (variant.breakthroughRank !== null) {
    const { points } = variant.board;
    for (let p = 0; p < cells.length; p++) {
      if (cells[p] === FOX && points[p]!.rank === variant.breakthroughRank)
        return { winner: 'fox', reason: 'breakthrough' };
    }
  }
  return null;
}

/**
 * Rules 1-4: the outcome of a position by itself, or null while the side to move can play.
 * Callers that already hold the legal moves pass them, so they are not generated twice.
 */
export function positionOutcome(variant: Variant, position: Position, legal?: readonly unknown[]): Outcome | null {
  const material = materialOutcome(variant, position);
  if (material) return material;
  if ((legal ?? generateMoves(variant, position)).length === 0) {
    return position.turn === 'fox'
      ? { winner: 'geese', reason: 'fox-trapped' }
      : { winner: 'fox', reason: 'geese-stalemated' };
  }
  return null;
}

/** Rules 1-6, given how often the position has now stood in this game (this time included). */
export function gameOutcome(
  variant: Variant,
  position: Position,
  occurrences: number,
  legal?: readonly unknown[],
): Outcome | null {
  const byPosition = positionOutcome(variant, position, legal);
  if (byPosition) return byPosition;
  if (occurrences >= 3) return { winner: null, reason: 'threefold-repetition' };
  if (position.quiet >= QUIET_LIMIT) return { winner: null, reason: 'fifty-move-rule' };
  return null;
}

/** Formats a result as the CLI does: `none`, `fox geese-reduced`, `draw fifty-move-rule`. */
export function formatOutcome(outcome: Outcome | null): string {
  if (!outcome) return 'none';
  return `${outcome.winner ?? 'draw'} ${outcome.reason}`;
}
