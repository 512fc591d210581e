// A picture of a position for link previews (800 x 420: the 1.91:1 of OpenGraph and Twitter cards): the board drawn
// once as SVG (@fg/protocol/board-svg, as the app's icons are) and rendered to PNG by resvg. It runs in a worker
// thread (preview-worker.mjs) and answers are cached by position.
import { BOARD_PALETTE, type BoardDrawing, type DrawnPiece, positionSvg } from '@fg/protocol/board-svg';
import { Resvg } from '@resvg/resvg-js';

export type { BoardDrawing };

/** What to draw: the board and which piece stands where. */
export interface PositionPicture {
  readonly board: BoardDrawing;
  readonly pieces: ReadonlyMap<number, DrawnPiece>; // point index -> piece
}

/** Draws the position as a PNG of `width` x `height` pixels, on the frame colour with 30 px free around the wood. */
export function positionPng({ board, pieces }: PositionPicture, width = 800, height = 420): Buffer {
  const svg = positionSvg(board, pieces, { width, height, margin: 30, background: BOARD_PALETTE.frame });
  // The picture has no text: the system's fonts are not loaded (a font scan per picture costs more than the drawing).
  return new Resvg(svg, { font: { loadSystemFonts: false } }).render().asPng();
}
