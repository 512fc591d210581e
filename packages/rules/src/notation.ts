// Move text (docs/rules.md section 2): points joined by `-` for a step and `x` for jumps.
import type { Board } from './board.js';
import { isJump, type Path } from './moves.js';
import { fail, ok, type Result } from './result.js';

/** Prints a path as move text: `d4-d5` for a step, `d4xd6xf6` for a jump chain. */
export function makeMoveText(board: Board, path: Path): string {
  const names = path.map((p) => board.points[p]!.name);
  const separator = path.length === 2 && !isJump({ board }, path) ? '-' : 'x';
  return names.join(separator);
}

/** Turns point names into indices; every name must be a point of the board. */
export function parsePath(board: Board, names: readonly string[]): Result<number[]> {
  if (names.length < 2) return fail('bad-move-text', `a move needs at least two points; got ${names.length}`);
  const path: number[] = [];
  for (const raw of names) {
    const name = String(raw).toLowerCase();
    const index = board.pointIndex(name);
    if (index < 0) return fail('bad-move-text', `"${raw}" is not a point of the ${board.id} board`);
    path.push(index);
  }
  return ok(path);
}

/** Parses move text into a path; `-` must join a step's two points, `x` the points of jumps. */
export function parseMoveText(board: Board, text: string): Result<number[]> {
  const trimmed = text.trim().toLowerCase();
  const parts = trimmed.split(/([-x])/);
  const names = parts.filter((_, i) => i % 2 === 0);
  const separators = new Set(parts.filter((_, i) => i % 2 === 1));
  if (names.length < 2 || names.some((n) => n === '') || separators.size !== 1) {
    return fail('bad-move-text', `bad move text "${text}"; expected a step like d4-d5 or jumps like d4xd6xf6`);
  }
  const path = parsePath(board, names);
  if (!path.ok) return fail('bad-move-text', `bad move text "${text}": ${path.error.message}`);
  if (separators.has('-') && names.length !== 2) {
    return fail('bad-move-text', `bad move text "${text}"; a step joins two points with "-", jumps use "x"`);
  }
  return path;
}
