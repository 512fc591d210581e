// The board drawn as SVG from the rules' board data; it is told what to mark and reports picks.
// No rules logic inside: legal targets, the picked chain and the last move come from the caller.
import './board.css';

import type { Board as BoardData, BoardPoint } from '@fg/rules';
import { type CSSProperties, type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';

import { ARROW_STEPS, nextPoint } from './navigation';
import { BoardPaint, FoxShape, GooseShape } from './pieces';

/** A piece on a point. */
export type Piece = 'fox' | 'goose';

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
  readonly title: string; // the picture's accessible name
  readonly className?: string;
}

/** Room around the points for the file letters and rank numbers (in grid steps), and where those go. */
interface Frame {
  readonly side: number;
  readonly top: number;
  readonly bottom: number;
  readonly fileY: number; // below the last rank
  readonly rankX: number; // left of the first file
  readonly rankDy: number; // from the rank's line to the number's baseline
}

/**
 * Boards nine points wide get a narrower frame, so that on a 360 px phone a grid step, and so a point's hit cell,
 * is 40 px wide (it was 34 px); a frame no narrower than half a step keeps the edge points' cells whole.
 */
function frameOf(board: BoardData): Frame {
  return board.files > 7
    ? { side: 0.5, top: 0.5, bottom: 0.6, fileY: 0.56, rankX: -0.37, rankDy: -0.17 } // above a piece on the a-file
    : { side: 0.75, top: 0.65, bottom: 0.85, fileY: 0.62, rankX: -0.58, rankDy: 0.1 };
}

/**
 * Gives a point the `click()` that HTML elements have and SVG elements lack, so a script or bot
 * calling `element.click()` on a `[data-point]` picks it as a real click does.
 */
function withClick(el: SVGGElement): SVGGElement {
  const point = el as SVGGElement & { click?: () => void };
  point.click ??= () => point.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, view: window }));
  return el;
}

/** Where a point is drawn: files left to right and rank 1 at the bottom, or the other way when flipped. */
function placer(board: BoardData, flipped: boolean) {
  return (p: Pick<BoardPoint, 'file' | 'rank'>): { x: number; y: number } =>
    flipped ? { x: board.files - 1 - p.file, y: p.rank } : { x: p.file, y: board.ranks - 1 - p.rank };
}

/** An SVG board; interactive when `onPick` is given. */
export function Board(props: BoardProps) {
  const { board, pieces, targets = [], picked = [], lastMove = [], taken = [], marked = [], flipped = false } = props;
  const { onPick, pointLabel, pointState, title } = props;
  const interactive = onPick !== undefined;
  const paint = useId().replace(/:/g, '');
  const at = placer(board, flipped);
  const byName = useMemo(() => new Map(board.points.map((p) => [p.name, p])), [board]);
  const targetSet = new Set(targets);
  const [focused, setFocused] = useState<string>(
    () => picked[0] ?? board.points[Math.floor(board.points.length / 2)]!.name,
  );
  const refs = useRef(new Map<string, SVGGElement>());
  const keyboardMove = useRef(false);
  const shownFocus = byName.has(focused) ? focused : board.points[0]!.name;

  useEffect(() => {
    if (keyboardMove.current) refs.current.get(shownFocus)?.focus();
    keyboardMove.current = false;
  }, [shownFocus]);

  const onKeyDown = (event: KeyboardEvent<SVGGElement>, name: string): void => {
    const arrow = ARROW_STEPS[event.key];
    if (arrow) {
      event.preventDefault();
      // Arrows follow the picture: on a flipped board, up goes towards rank 1.
      const step = flipped ? ([-arrow[0], -arrow[1]] as const) : arrow;
      const next = nextPoint(board.points, byName.get(name)!, step);
      if (next) {
        keyboardMove.current = true;
        setFocused(next.name);
      }
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onPick?.(name);
    }
  };

  // One last-move mark: where the piece came from and where it went. The piece slides from its start.
  const from = lastMove.length > 1 ? byName.get(lastMove[0]!) : undefined;
  const to = lastMove.length > 1 ? byName.get(lastMove[lastMove.length - 1]!) : undefined;
  const slideKey = lastMove.join('-');
  const pickedPoints = picked.map((n) => byName.get(n)).filter((p) => p !== undefined);
  const { side, top, bottom, fileY, rankX, rankDy } = frameOf(board);
  const frame = { x: -side, y: -top, width: board.files - 1 + 2 * side, height: board.ranks - 1 + top + bottom };
  const viewBox = `${frame.x} ${frame.y} ${frame.width} ${frame.height}`;

  return (
    <svg
      className={`board ${interactive ? 'board--interactive' : 'board--picture'} ${props.className ?? ''}`}
      viewBox={viewBox}
      role={interactive ? 'group' : 'img'}
      aria-label={title}
    >
      <BoardPaint id={paint} />
      <rect className="board__wood" {...frame} rx={0.18} fill={`url(#${paint}-wood)`} />
      <g className="board__links" aria-hidden="true">
        {board.links.map((link) => {
          const a = at(board.points[link.from]!);
          const b = at(board.points[link.to]!);
          return <line key={`${link.from}-${link.to}`} x1={a.x} y1={a.y} x2={b.x} y2={b.y} />;
        })}
      </g>
      {interactive && (
        <g className="board__coords" aria-hidden="true">
          {Array.from({ length: board.files }, (_, f) => (
            <text key={`f${f}`} x={at({ file: f, rank: 0 }).x} y={board.ranks - 1 + fileY}>
              {String.fromCharCode(97 + f)}
            </text>
          ))}
          {Array.from({ length: board.ranks }, (_, k) => (
            <text key={`r${k}`} x={rankX} y={at({ file: 0, rank: k }).y + rankDy}>
              {k + 1}
            </text>
          ))}
        </g>
      )}
      <g className="board__marks" aria-hidden="true">
        {marked.map((name) => {
          const p = byName.get(name);
          return p && <circle key={name} className="board__marked" {...center(at(p))} r={0.46} />;
        })}
        {from && <circle className="board__last" {...center(at(from))} r={0.42} />}
        {to && <circle className="board__last" {...center(at(to))} r={0.42} />}
      </g>
      {pickedPoints.length > 1 && (
        <polyline
          className="board__chain"
          aria-hidden="true"
          points={pickedPoints.map((p) => `${at(p).x},${at(p).y}`).join(' ')}
        />
      )}
      {board.points.map((point) => {
        const piece = pieces.get(point.name) ?? null;
        const isTarget = targetSet.has(point.name);
        const isPicked = picked.includes(point.name);
        const { x, y } = at(point);
        const classes = ['point', isTarget && 'point--target', isPicked && 'point--picked'].filter(Boolean).join(' ');
        // The piece that just arrived slides in from where it started.
        const slide = piece && to === point && from ? { dx: at(from).x - x, dy: at(from).y - y } : null;
        const pieceShape = piece ? (
          <g
            key={slide ? slideKey : 'still'}
            className={slide ? 'piece-slot piece-slot--slide' : 'piece-slot'}
            transform={`translate(${x} ${y})`}
          >
            <g style={slide ? ({ '--dx': slide.dx, '--dy': slide.dy } as CSSProperties) : undefined}>
              {piece === 'fox' ? <FoxShape paint={paint} /> : <GooseShape paint={paint} />}
            </g>
          </g>
        ) : taken.includes(point.name) ? (
          <g className="piece-slot piece-slot--taken" transform={`translate(${x} ${y})`}>
            <GooseShape paint={paint} />
          </g>
        ) : (
          <circle className="point__dot" cx={x} cy={y} r={0.08} />
        );
        if (!interactive) {
          return (
            <g key={point.name} className={classes} aria-hidden="true">
              {pieceShape}
            </g>
          );
        }
        return (
          <g
            key={point.name}
            ref={(el) => {
              if (el) refs.current.set(point.name, withClick(el));
              else refs.current.delete(point.name);
            }}
            className={classes}
            data-point={point.name}
            data-piece={piece ?? undefined}
            data-target={isTarget ? 'true' : undefined}
            role="button"
            tabIndex={point.name === shownFocus ? 0 : -1}
            aria-label={pointLabel(point.name, piece)}
            aria-description={pointState?.(point.name)}
            aria-pressed={isPicked}
            onClick={() => {
              setFocused(point.name);
              onPick(point.name);
            }}
            onKeyDown={(event) => onKeyDown(event, point.name)}
            onFocus={() => setFocused(point.name)}
          >
            {/* The hit cell is the whole grid step around the point: as large as it can be without overlapping. */}
            <rect className="point__hit" x={x - 0.5} y={y - 0.5} width={1} height={1} />
            <circle className="point__focus" cx={x} cy={y} r={0.47} />
            {isPicked && <circle className="point__picked" cx={x} cy={y} r={0.44} />}
            {pieceShape}
            {isTarget && <circle className="point__target" cx={x} cy={y} r={piece ? 0.44 : 0.17} />}
          </g>
        );
      })}
    </svg>
  );
}

const center = ({ x, y }: { x: number; y: number }) => ({ cx: x, cy: y });
