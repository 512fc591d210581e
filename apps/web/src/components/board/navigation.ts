// Keyboard focus between board points: arrow keys move to the nearest point in that direction.
import type { BoardPoint } from '@fg/rules';

/** An arrow key's direction on the grid: [file step, rank step] (rank grows upwards). */
export const ARROW_STEPS: Readonly<Record<string, readonly [number, number]>> = {
  ArrowUp: [0, 1],
  ArrowDown: [0, -1],
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
};

/**
 * The point to focus after moving from `from` in direction `step`: the nearest point ahead,
 * preferring the same line (off-line distance counts double), or null at the edge.
 */
export function nextPoint(
  points: readonly BoardPoint[],
  from: BoardPoint,
  step: readonly [number, number],
): BoardPoint | null {
  let best: BoardPoint | null = null;
  let bestScore = Infinity;
  for (const p of points) {
    const df = p.file - from.file;
    const dk = p.rank - from.rank;
    const ahead = df * step[0] + dk * step[1];
    if (ahead <= 0) continue;
    const aside = Math.abs(df * step[1] - dk * step[0]);
    const score = ahead + 2 * aside;
    if (score < bestScore) {
      best = p;
      bestScore = score;
    }
  }
  return best;
}
