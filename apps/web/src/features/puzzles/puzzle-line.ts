// A puzzle being played: the game at its start, how far into the line the player is, and whether a move is the
// line's. The line alternates the solver's moves and the replies; it ends on the solver's move.
import type { PuzzleView } from '@fg/protocol';
import { type Game, getVariant, newGame, parsePosition, playMoveText } from '@fg/rules';

/** The game at a puzzle's start, or null when its position does not read. */
export function puzzleStart(puzzle: PuzzleView): Game | null {
  const variant = getVariant(puzzle.variant, puzzle.options);
  if (!variant.ok) return null;
  const position = parsePosition(variant.value, puzzle.position);
  return position.ok ? newGame(variant.value, position.value) : null;
}

/** The game after the first `plies` moves of the line. */
export function lineAt(start: Game, line: readonly string[], plies: number): Game {
  let game = start;
  for (const move of line.slice(0, plies)) {
    const played = playMoveText(game, move);
    if (!played.ok) break;
    game = played.value;
  }
  return game;
}

/** Whether the move just played (the last of `after`) is the line's move at ply `ply`. */
export function isLineMove(after: Game, line: readonly string[], ply: number): boolean {
  const last = after.moves.at(-1);
  if (!last) return false;
  const expected = playMoveText(lineAt(newGame(after.variant, after.start), line, ply), line[ply] ?? '');
  return expected.ok && expected.value.keys.at(-1) === after.keys.at(-1);
}
