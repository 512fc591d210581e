// Legal moves (docs/rules.md section 2): goose steps, fox steps, fox jump chains under optional or
// mandatory capture, and playing a move. Paths are arrays of point indices.
import { listMoves, MoveList, moveTables } from './movelist.js';
import { EMPTY, GOOSE, type Position } from './position.js';
import { opponent } from './side.js';
import type { Variant } from './variants.js';

/** A move: the moving piece's start point, then each point it lands on (point indices). */
export type Path = readonly number[];

const scratchList = new MoveList();

/** Every legal move of the side to move, ignoring whether the game has already ended. */
export function generateMoves(variant: Variant, position: Position): number[][] {
  listMoves(moveTables(variant), position.cells.slice(), position.turn === 'fox', scratchList);
  const moves: number[][] = [];
  for (let i = 0; i < scratchList.count; i++) moves.push(scratchList.path(i));
  return moves;
}

/** Whether a path is a capture: its first landing point is two grid steps away. */
export function isJump(variant: Pick<Variant, 'board'>, path: Path): boolean {
  const { points } = variant.board;
  const a = points[path[0]!]!;
  const b = points[path[1]!]!;
  return Math.max(Math.abs(a.file - b.file), Math.abs(a.rank - b.rank)) === 2;
}

/** Whether a goose move goes N, NE or NW: such a move resets the quiet count (rule 6). */
function isForwardGooseMove(variant: Variant, path: Path): boolean {
  const { points } = variant.board;
  return points[path[1]!]!.rank > points[path[0]!]!.rank;
}

/** Plays a legal path; the caller has checked legality. */
export function applyMove(variant: Variant, position: Position, path: Path): Position {
  const cells = position.cells.slice();
  const from = path[0]!;
  const piece = cells[from]!;
  const { between, size } = moveTables(variant);
  let captured = false;
  for (let i = 1; i < path.length; i++) {
    const over = between[path[i - 1]! * size + path[i]!]!;
    if (over >= 0) {
      cells[over] = EMPTY;
      captured = true;
    }
  }
  cells[from] = EMPTY;
  cells[path[path.length - 1]!] = piece;
  const resets = captured || (piece === GOOSE && isForwardGooseMove(variant, path));
  return {
    cells,
    turn: opponent(position.turn),
    quiet: resets ? 0 : position.quiet + 1,
  };
}
