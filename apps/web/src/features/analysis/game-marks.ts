// Which moves of a game to mark: where the perfect-play winner changed hands (a decisive
// mistake), or, where the game is not solved, where the engine's evaluation fell by a goose or
// more for the side that moved.
import type { Side } from '@fg/rules';

/** A marked move: its index in the game's moves, and why. */
export type MoveMark = 'decisive' | 'mistake';

/** How far the mover's evaluation must fall for a mark: one goose. */
const MISTAKE_GEESE = 1;

/**
 * Moves where the winner before differs from the winner after (verdicts: one per position, ply + 1; null for a
 * draw, so a draw thrown away, or a win let slip to a draw, is a decisive mistake too).
 */
export function verdictMarks(verdicts: readonly (Side | null)[]): Map<number, MoveMark> {
  const marks = new Map<number, MoveMark>();
  for (let i = 0; i + 1 < verdicts.length; i++) if (verdicts[i] !== verdicts[i + 1]) marks.set(i, 'decisive');
  return marks;
}

/**
 * Moves after which the mover's evaluation fell by at least a goose. `foxScores[i]` is the fox
 * side's evaluation before move i (undefined while not known yet); `movers[i]` the side that played move i.
 */
export function evaluationMarks(
  foxScores: readonly (number | undefined)[],
  movers: readonly Side[],
): Map<number, MoveMark> {
  const marks = new Map<number, MoveMark>();
  movers.forEach((mover, i) => {
    const before = foxScores[i];
    const after = foxScores[i + 1];
    if (before === undefined || after === undefined) return;
    const sign = mover === 'fox' ? 1 : -1;
    if (sign * (before - after) >= MISTAKE_GEESE) marks.set(i, 'mistake');
  });
  return marks;
}
