// The pieces of a rules position as the board draws them: point name -> piece.
import { FOX, type Game, GOOSE } from '@fg/rules';

import type { Piece } from './Board';

/** The pieces of the game's position by point name. */
export function piecesOf(game: Game): Map<string, Piece> {
  const pieces = new Map<string, Piece>();
  game.variant.board.points.forEach((point, i) => {
    const cell = game.position.cells[i];
    if (cell === FOX) pieces.set(point.name, 'fox');
    else if (cell === GOOSE) pieces.set(point.name, 'goose');
  });
  return pieces;
}
