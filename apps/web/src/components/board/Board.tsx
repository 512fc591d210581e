// The board drawn as SVG from the rules' board data; it is told what to mark and reports picks.
// No rules logic inside: legal targets, the picked chain and the last move come from the caller.
// Its parts: geometry.ts (where things go), BoardBackdrop (wood, lines, marks), BoardPoint (one
// point), use-point-focus (keyboard), pieces (the drawings).
import './board.css';

import type { Board as BoardData } from '@fg/rules';
import { useId, useMemo } from 'react';

import { BoardBackdrop, BoardCoordinates } from './BoardBackdrop';
import { PicturePoint, type Piece, PlayPoint, type PointLook } from './BoardPoint';
import { frameOf, frameRect, placer } from './geometry';
import { BoardPaint, FoxShape, GooseShape } from './pieces';
import { useDrag } from './use-drag';
import { usePointFocus } from './use-point-focus';

export type { Piece } from './BoardPoint';

/** What the board shows and whom it tells about picks. */
export interface BoardProps {
  readonly board: BoardData;
  readonly pieces: ReadonlyMap<string, Piece>; // 'd4' -> 'fox'
  readonly targets?: readonly string[]; // points the picked piece may go to next: ['d5']
  readonly picked?: readonly string[]; // the chain entered so far: ['d4', 'd6']
  readonly lastMove?: readonly string[]; // the path of the last move: ['c3', 'c4']
  readonly taken?: readonly string[]; // geese jumped by the chain being entered, drawn as taken: ['d5']
  readonly marked?: readonly string[]; // points of note, e.g. the pen of Two Foxes
  readonly flipped?: boolean; // drawn upside down: rank 1 at the top
  /** The accessible name of a point, e.g. "d4, fox". */
  readonly pointLabel: (point: string, piece: Piece | null) => string;
  /** Extra words for a point's state, e.g. "legal target" (read after the name). */
  readonly pointState?: (point: string) => string | undefined;
  /** Called when a point is clicked, tapped or activated by keyboard; absent for a still picture. */
  readonly onPick?: (point: string) => void;
  /** Whether the piece on a point may be dragged (a drag is a pick there, then a pick where it lands). */
  readonly canDrag?: (point: string) => boolean;
  /** A drag as one act, from a point to another or off the board (null); given, a drag makes no picks. */
  readonly onCarry?: (from: string, to: string | null) => void;
  readonly premove?: readonly string[]; // a move set in advance, marked with data-premove: ['d4', 'd5']
  readonly title: string; // the picture's accessible name
  readonly className?: string;
}

/** An SVG board; interactive when `onPick` is given. */
export function Board(props: BoardProps) {
  const { board, pieces, targets = [], picked = [], lastMove = [], taken = [], marked = [], flipped = false } = props;
  const { onPick, canDrag, onCarry, premove = [], pointLabel, pointState, title } = props;
  const interactive = onPick !== undefined;
  const paint = useId().replace(/:/g, '');
  const at = placer(board, flipped);
  const byName = useMemo(() => new Map(board.points.map((p) => [p.name, p])), [board]);
  const focus = usePointFocus(board, byName, picked[0], flipped, onPick);
  const spots = useMemo(() => new Map(board.points.map((p) => [p.name, placer(board, flipped)(p)])), [board, flipped]);
  const { drag, handlers } = useDrag(spots, picked, canDrag, onPick, onCarry);
  const dragged = drag ? pieces.get(drag.from) : undefined;
  const frame = frameOf(board);
  const rect = frameRect(board, frame);

  // One last-move mark: where the piece came from and where it went. The piece slides from its start.
  const from = lastMove.length > 1 ? byName.get(lastMove[0]!) : undefined;
  const to = lastMove.length > 1 ? byName.get(lastMove[lastMove.length - 1]!) : undefined;
  const points = (names: readonly string[]) => names.map((n) => byName.get(n)).filter((p) => p !== undefined);
  const targetSet = new Set(targets);

  return (
    <svg
      className={[
        'board',
        interactive ? 'board--interactive' : 'board--picture',
        canDrag && 'board--draggable',
        drag && 'board--dragging',
        props.className,
      ]
        .filter(Boolean)
        .join(' ')}
      viewBox={`${rect.x} ${rect.y} ${rect.width} ${rect.height}`}
      role={interactive ? 'group' : 'img'}
      aria-label={title}
      {...(interactive ? handlers : {})}
    >
      <BoardPaint id={paint} wood={rect} />
      <BoardBackdrop
        board={board}
        frame={frame}
        paint={paint}
        at={at}
        marked={points(marked)}
        lastFrom={from}
        lastTo={to}
        chain={points(picked)}
      />
      {board.points.map((point) => {
        const standing = pieces.get(point.name) ?? null;
        const piece = drag && drag.from === point.name ? null : standing; // in flight under the pointer
        const look: PointLook = {
          name: point.name,
          spot: at(point),
          piece,
          taken: !piece && taken.includes(point.name),
          target: targetSet.has(point.name),
          picked: picked.includes(point.name),
          premove: premove.includes(point.name),
          slideFrom: piece && to === point && from ? at(from) : null,
          slideKey: lastMove.join('-'),
          paint,
        };
        if (!interactive) return <PicturePoint key={point.name} look={look} />;
        return (
          <PlayPoint
            key={point.name}
            look={look}
            label={pointLabel(point.name, standing)}
            state={pointState?.(point.name)}
            tabbable={point.name === focus.focused}
            register={focus.register}
            onPick={onPick}
            onFocus={focus.focus}
            onKeyDown={focus.onKeyDown}
          />
        );
      })}
      {interactive && <BoardCoordinates board={board} frame={frame} at={at} paint={paint} />}
      {drag && dragged && (
        <g className="piece-slot piece-slot--dragged" transform={`translate(${drag.at.x} ${drag.at.y}) scale(1.15)`}>
          {dragged === 'fox' ? <FoxShape paint={paint} /> : <GooseShape paint={paint} />}
        </g>
      )}
    </svg>
  );
}
