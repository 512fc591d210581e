// What a board UI needs while a player enters a move point by point; no drawing, only rules.
import type { Game } from './game.js';

/** The choices after the points picked so far. */
export interface MoveInput {
  readonly targets: readonly string[]; // the points that may come next: ['d5', 'c5']
  readonly complete: boolean; // whether the points picked so far already make a legal move (a chain may stop here)
}

/** Given the points picked so far (start point first), the next points and whether to stop is legal. */
export function moveInput(game: Game, picked: readonly string[]): MoveInput {
  const { board } = game.variant;
  const indices = picked.map((n) => board.pointIndex(n));
  if (indices.some((i) => i < 0)) return { targets: [], complete: false };
  const next = new Set<string>();
  let complete = false;
  for (const move of game.legal) {
    if (move.length < indices.length || !indices.every((p, i) => move[i] === p)) continue;
    if (move.length === indices.length) complete = indices.length >= 2;
    else next.add(board.points[move[indices.length]!]!.name);
  }
  return { targets: [...next].sort(), complete };
}

/** The points holding a piece of the side to move that has a legal move. */
export function movablePoints(game: Game): string[] {
  return moveInput(game, []).targets.slice();
}
