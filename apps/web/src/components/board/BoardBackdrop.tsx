// What lies under the points: the wood, the lines, the marks and the chain's trail; and the coordinates,
// drawn over the pieces (with a halo of the wood's colour), so no goose on the a-file hides a rank number.
import { BOARD_PALETTE } from '@fg/protocol/board-svg';
import type { Board as BoardData, BoardPoint } from '@fg/rules';

import { center, type Frame, frameRect, type Spot } from './geometry';

/** Props of the backdrop; every part is drawn for the eye only (aria-hidden). */
export interface BoardBackdropProps {
  readonly board: BoardData;
  readonly frame: Frame;
  readonly paint: string; // the id prefix of this board's gradients
  readonly at: (p: Pick<BoardPoint, 'file' | 'rank'>) => Spot;
  readonly marked: readonly BoardPoint[]; // the pen of Two Foxes
  readonly lastFrom: BoardPoint | undefined;
  readonly lastTo: BoardPoint | undefined;
  readonly chain: readonly BoardPoint[]; // the chain entered so far
}

/** The board's wood, links, coordinates, marks and chain trail. */
export function BoardBackdrop({ board, frame, paint, at, marked, lastFrom, lastTo, chain }: BoardBackdropProps) {
  return (
    <>
      <rect className="board__wood" {...frameRect(board, frame)} rx={0.18} fill={`url(#${paint}-wood)`} />
      <g className="board__links" stroke={BOARD_PALETTE.line} aria-hidden="true">
        {board.links.map((link) => {
          const a = at(board.points[link.from]!);
          const b = at(board.points[link.to]!);
          return <line key={`${link.from}-${link.to}`} x1={a.x} y1={a.y} x2={b.x} y2={b.y} />;
        })}
      </g>
      <g className="board__marks" aria-hidden="true">
        {marked.map((p) => (
          <circle key={p.name} className="board__marked" {...center(at(p))} r={0.46} />
        ))}
        {lastFrom && <circle className="board__last" {...center(at(lastFrom))} r={0.42} />}
        {lastTo && <circle className="board__last" {...center(at(lastTo))} r={0.42} />}
      </g>
      {chain.length > 1 && (
        <polyline
          className="board__chain"
          aria-hidden="true"
          points={chain.map((p) => `${at(p).x},${at(p).y}`).join(' ')}
        />
      )}
    </>
  );
}

/**
 * The file letters below the last rank and the rank numbers left of the first file, drawn after the points and so
 * over the pieces (a goose on a4 of Big Cross reaches under its "4"), as chessground draws its coordinates: each
 * with a halo of the wood's own shade under it, and deaf to the pointer, so a tap on a number reaches the point.
 */
export function BoardCoordinates({
  board,
  frame,
  at,
  paint,
}: Pick<BoardBackdropProps, 'board' | 'frame' | 'at' | 'paint'>) {
  return (
    <g className="board__coords" aria-hidden="true" fill={BOARD_PALETTE.line} stroke={`url(#${paint}-halo)`}>
      {Array.from({ length: board.files }, (_, f) => (
        <text key={`f${f}`} x={at({ file: f, rank: 0 }).x} y={board.ranks - 1 + frame.fileY}>
          {String.fromCharCode(97 + f)}
        </text>
      ))}
      {Array.from({ length: board.ranks }, (_, k) => (
        <text key={`r${k}`} x={frame.rankX} y={at({ file: 0, rank: k }).y + frame.rankDy}>
          {k + 1}
        </text>
      ))}
    </g>
  );
}
