// Entering a move point by point: what a pick on the board means, asked of the rules library.
import { type Game, movablePoints, moveInput, newGame, occurrencesAfter, playPath } from '@fg/rules';

import type { Piece } from '../board/Board';
import { piecesOf } from '../board/pieces-of';

/** What a pick leads to: a longer chain, a finished move to send, or nothing (an illegal click). */
export type PickOutcome =
  | { readonly kind: 'picked'; readonly picked: readonly string[] } // ['d4'] or ['d4', 'd6']
  | { readonly kind: 'move'; readonly path: readonly string[] } // ['d4', 'd6', 'f6']
  | { readonly kind: 'ignored' };

/** The outcome of picking `point` with `picked` entered so far. */
export function pickPoint(game: Game, picked: readonly string[], point: string): PickOutcome {
  if (picked.length === 0) {
    return movablePoints(game).includes(point) ? { kind: 'picked', picked: [point] } : { kind: 'ignored' };
  }
  if (picked.length === 1 && point === picked[0]) return { kind: 'picked', picked: [] }; // put the piece back
  const input = moveInput(game, picked);
  if (input.targets.includes(point)) {
    const next = [...picked, point];
    const after = moveInput(game, next);
    return after.complete && after.targets.length === 0
      ? { kind: 'move', path: next }
      : { kind: 'picked', picked: next };
  }
  // Picking the last landing point again ends an optional chain there.
  if (picked.length >= 2 && point === picked[picked.length - 1] && input.complete)
    return { kind: 'move', path: picked };
  if (picked.length === 1 && movablePoints(game).includes(point)) return { kind: 'picked', picked: [point] };
  return { kind: 'ignored' };
}

/** Whether the chain entered so far may stop here while it could also go on (shows "End move here"). */
export function canEndChain(game: Game, picked: readonly string[]): boolean {
  if (picked.length < 2) return false;
  const input = moveInput(game, picked);
  return input.complete && input.targets.length > 0;
}

/** Whether a move would bring a position about for the third time, ending the game in a draw. */
export function repeatsThirdTime(game: Game, path: readonly string[]): boolean {
  return (
    occurrencesAfter(
      game,
      path.map((name) => game.variant.board.pointIndex(name)),
    ) >= 3
  );
}

/** The last move's path as point names, or none before the first move. */
export function lastMovePath(game: Game): string[] {
  const last = game.moves[game.moves.length - 1];
  return last ? last.map((p) => game.variant.board.points[p]!.name) : [];
}

/** The game as it stood after its first `ply` moves (for review); the game itself when `ply` is its length. */
export function gameAt(game: Game, ply: number): Game {
  if (ply >= game.moves.length) return game;
  let shown = newGame(game.variant, game.start);
  for (const path of game.moves.slice(0, ply)) {
    const next = playPath(shown, path);
    if (!next.ok) break;
    shown = next.value;
  }
  return shown;
}

/**
 * The pieces while a chain is being entered: the moving piece where the chain has reached, and the
 * geese it has jumped (the point midway along each jump) listed as taken.
 */
export function chainPieces(game: Game, picked: readonly string[]): { pieces: Map<string, Piece>; taken: string[] } {
  const pieces = piecesOf(game);
  if (picked.length < 2) return { pieces, taken: [] };
  const { board } = game.variant;
  const moving = pieces.get(picked[0]!);
  if (!moving) return { pieces, taken: [] };
  const taken: string[] = [];
  const point = (name: string) => board.points[board.pointIndex(name)]!;
  for (let i = 1; i < picked.length; i++) {
    const a = point(picked[i - 1]!);
    const b = point(picked[i]!);
    if (Math.abs(a.file - b.file) > 1 || Math.abs(a.rank - b.rank) > 1) {
      const middle = board.points.find((p) => p.file * 2 === a.file + b.file && p.rank * 2 === a.rank + b.rank);
      if (middle && pieces.get(middle.name) === 'goose') {
        pieces.delete(middle.name);
        taken.push(middle.name);
      }
    }
  }
  pieces.delete(picked[0]!);
  pieces.set(picked[picked.length - 1]!, moving);
  return { pieces, taken };
}
