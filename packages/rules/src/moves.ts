// Legal moves (docs/rules.md section 2): goose steps, fox steps, fox jump chains under optional or
// mandatory capture, and playing a move. Paths are arrays of point indices.
import { EMPTY, FOX, GOOSE, type Position } from './position.js';
import type { Variant } from './variants.js';

/** A move: the moving piece's start point, then each point it lands on (point indices). */
export type Path = readonly number[];

/** Appends every jump chain of the fox at `from` to `out`: every prefix, or only maximal chains. */
function collectChains(
  variant: Variant,
  cells: Uint8Array,
  path: number[],
  maximalOnly: boolean,
  out: number[][],
): void {
  const { step, jump } = variant.board;
  const at = path[path.length - 1]!;
  let extended = false;
  for (let d = 0; d < 8; d++) {
    const over = step[at * 8 + d]!;
    const to = jump[at * 8 + d]!;
    if (to < 0 || cells[over] !== GOOSE || cells[to] !== EMPTY) continue;
    extended = true;
    // Jumped geese leave at once, so a chain may come back over its own earlier points.
    cells[over] = EMPTY;
    cells[at] = EMPTY;
    cells[to] = FOX;
    path.push(to);
    if (!maximalOnly) out.push(path.slice());
    collectChains(variant, cells, path, maximalOnly, out);
    path.pop();
    cells[to] = EMPTY;
    cells[at] = FOX;
    cells[over] = GOOSE;
  }
  if (maximalOnly && !extended && path.length > 1) out.push(path.slice());
}

/** Every legal move of the side to move, ignoring whether the game has already ended. */
export function generateMoves(variant: Variant, position: Position): number[][] {
  const { cells } = position;
  const { step } = variant.board;
  const moves: number[][] = [];
  if (position.turn === 'geese') {
    for (let p = 0; p < cells.length; p++) {
      if (cells[p] !== GOOSE) continue;
      for (const d of variant.gooseDirectionIndices) {
        const to = step[p * 8 + d]!;
        if (to >= 0 && cells[to] === EMPTY) moves.push([p, to]);
      }
    }
    return moves;
  }
  const scratch = cells.slice();
  const mandatory = variant.capture === 'mandatory';
  for (let p = 0; p < cells.length; p++) {
    if (cells[p] === FOX) collectChains(variant, scratch, [p], mandatory, moves);
  }
  if (mandatory && moves.length > 0) return moves;
  const steps: number[][] = [];
  for (let p = 0; p < cells.length; p++) {
    if (cells[p] !== FOX) continue;
    for (let d = 0; d < 8; d++) {
      const to = step[p * 8 + d]!;
      if (to >= 0 && cells[to] === EMPTY) steps.push([p, to]);
    }
  }
  return [...steps, ...moves];
}

/** Whether a path is a capture: its first landing point is two grid steps away. */
export function isJump(variant: Variant, path: Path): boolean {
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
  const { points } = variant.board;
  let captured = false;
  for (let i = 1; i < path.length; i++) {
    const a = points[path[i - 1]!]!;
    const b = points[path[i]!]!;
    if (Math.abs(a.file - b.file) === 2 || Math.abs(a.rank - b.rank) === 2) {
      const over = variant.board.pointIndex(
        String.fromCharCode(97 + (a.file + b.file) / 2) + String((a.rank + b.rank) / 2 + 1),
      );
      cells[over] = EMPTY;
      captured = true;
    }
  }
  cells[from] = EMPTY;
  cells[path[path.length - 1]!] = piece;
  const resets = captured || (piece === GOOSE && isForwardGooseMove(variant, path));
  return {
    cells,
    turn: position.turn === 'fox' ? 'geese' : 'fox',
    quiet: resets ? 0 : position.quiet + 1,
  };
}
