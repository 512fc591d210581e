// Where things go on the board picture: one unit is the distance between two neighbouring points.
import type { Board as BoardData, BoardPoint } from '@fg/rules';

/** A place in the picture's units. */
export interface Spot {
  readonly x: number;
  readonly y: number;
}

/** Room around the points for the file letters and rank numbers (in grid steps), and where those go. */
export interface Frame {
  readonly side: number;
  readonly top: number;
  readonly bottom: number;
  readonly fileY: number; // below the last rank
  readonly rankX: number; // left of the first file
  readonly rankDy: number; // from the rank's line to the number's baseline
}

/**
 * Boards nine points wide get a narrower frame, so that on a 360 px phone a grid step, and so a point's hit cell,
 * is 40 px wide (it was 34 px); a frame no narrower than half a step keeps the edge points' cells whole. The top
 * and bottom edges are deeper (which costs height, not width), so neither the top rank's number nor a file letter's
 * foot (the g's tail, the halo) is cut off by the frame.
 */
export function frameOf(board: BoardData): Frame {
  return board.files > 7
    ? { side: 0.5, top: 0.62, bottom: 0.78, fileY: 0.62, rankX: -0.37, rankDy: -0.17 } // above a piece on the a-file
    : { side: 0.75, top: 0.65, bottom: 0.85, fileY: 0.62, rankX: -0.58, rankDy: 0.1 };
}

/** The wood's rectangle around the points, in the picture's units. */
export function frameRect(board: BoardData, frame: Frame): { x: number; y: number; width: number; height: number } {
  const { side, top, bottom } = frame;
  return { x: -side, y: -top, width: board.files - 1 + 2 * side, height: board.ranks - 1 + top + bottom };
}

/** Where a point is drawn: files left to right and rank 1 at the bottom, or the other way when flipped. */
export function placer(board: BoardData, flipped: boolean): (p: Pick<BoardPoint, 'file' | 'rank'>) => Spot {
  return (p) => (flipped ? { x: board.files - 1 - p.file, y: p.rank } : { x: p.file, y: board.ranks - 1 - p.rank });
}

/** A spot as a circle's centre attributes. */
export const center = ({ x, y }: Spot) => ({ cx: x, cy: y });
