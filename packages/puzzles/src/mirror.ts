// One key for a position and its mirror image (files a <-> g): the same puzzle seen in a mirror is
// the same puzzle, so the generator keeps one of the two.
import { type Board, type Position, positionKey } from '@fg/rules';

const mirrors = new Map<Board, Int8Array>();

/** mirror[p]: the point that p becomes when files are reflected (a <-> g), or -1 off the board. */
function mirrorOf(board: Board): Int8Array {
  let mirror = mirrors.get(board);
  if (!mirror) {
    mirror = new Int8Array(board.points.length);
    board.points.forEach((point, i) => {
      const name = String.fromCharCode(97 + board.files - 1 - point.file) + String(point.rank + 1);
      mirror![i] = board.pointIndex(name);
    });
    mirrors.set(board, mirror);
  }
  return mirror;
}

/** The position reflected across the middle file. */
export function mirrored(board: Board, position: Position): Position {
  const mirror = mirrorOf(board);
  const cells = new Uint8Array(position.cells.length);
  position.cells.forEach((cell, p) => (cells[mirror[p]!] = cell));
  return { cells, turn: position.turn, quiet: position.quiet };
}

/** The smaller of the position's key and its mirror image's: equal for a position and its mirror. */
export function canonicalKey(board: Board, position: Position): string {
  const a = positionKey(position);
  const b = positionKey(mirrored(board, position));
  return a < b ? a : b;
}
