// A move's mark as written after it (?!, ?, ??); the words for a screen reader are in the move's own name.
import { type Grade, GRADE_SIGN } from '../../lib/judgement';

/** The sign of a grade, coloured by it. */
export function MarkSign({ grade }: { grade: Grade }) {
  return (
    <span className={`move-mark move-mark--${grade}`} aria-hidden="true">
      {GRADE_SIGN[grade]}
    </span>
  );
}
