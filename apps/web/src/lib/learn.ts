// "Learn from your mistakes": whether a try at a marked move's position does better than the move played, by the
// same rule that marked it (judgement.ts), and the hint after a wrong try.
import { type MoveContext, moveFacts, type PositionEvaluation, type ReviewedMove } from './game-review';
import { type Grade, judgeMove } from './judgement';

const SEVERITY: Readonly<Record<Grade, number>> = { inaccuracy: 1, mistake: 2, decisive: 3 };

/** What a try is worth: accepted, or not (the move played again, or graded no better). */
export type TryVerdict = 'right' | 'same' | 'wrong';

/**
 * Judges a try instead of `marked` (a move of the game with a grade): right when the rule gives it no grade, or,
 * for a mistake or a decisive mistake, at most an inaccuracy. `after` is the engine's evaluation of the position
 * after the try (undefined where not needed: the solution alone decides a decisive mistake).
 */
export function judgeTry(
  marked: ReviewedMove,
  context: MoveContext,
  move: string,
  after: PositionEvaluation | undefined,
): TryVerdict {
  if (move === marked.move) return 'same';
  const grade = judgeMove(moveFacts(context, move, after)).grade;
  const played = marked.judgement.grade;
  if (!played) return 'right';
  if (grade === null) return 'right';
  return SEVERITY[grade] < SEVERITY[played] && grade === 'inaccuracy' ? 'right' : 'wrong';
}

/** Whether the solution alone can judge a try (a decisive mistake, where the try's value is known): no engine. */
export const needsEngine = (marked: ReviewedMove, context: MoveContext): boolean =>
  !(marked.judgement.ground === 'value' && context.ply !== null);

/** The point the hint names: where the first better move starts ("d4" of "d4xd6"). */
export const hintPoint = (better: readonly string[]): string | null => better[0]?.split(/[-x]/)[0] ?? null;
