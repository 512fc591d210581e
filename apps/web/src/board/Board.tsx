// The board drawn as SVG from the rules' board data; it is told what to mark and reports picks.
// No rules logic inside: legal targets, the picked chain and the last move come from the caller.
import './board.css';

import type { Board as BoardData } from '@fg/rules';
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';

import { ARROW_STEPS, nextPoint } from './navigation';

/** A piece on a point. */
export type Piece = 'fox' | 'goose';

/** What the board shows and whom it tells about picks. */
export interface BoardProps {
  readonly board: BoardData;
  readonly pieces: ReadonlyMap<string, Piece>; // 'd4' -> 'fox'
  readonly targets?: readonly string[]; // points the picked piece may go to next: ['d5']
  readonly picked?: readonly string[]; // the chain entered so far: ['d4', 'd6']
  readonly lastMove?: readonly string[]; // the path of the last move: ['c3', 'c4']
  /** The accessible name of a point, e.g. "d4, fox". */
  readonly pointLabel: (point: string, piece: Piece | null) => string;
  /** Extra words for a point's state, e.g. "legal target" (read after the name). */
  readonly pointState?: (point: string) => string | undefined;
  /** Called when a point is clicked, tapped or activated by keyboard; absent for a still picture. */
  readonly onPick?: (point: string) => void;
  readonly title: string; // the picture's accessible name
  readonly className?: string;
}

const MARGIN = 0.75; // room for the file letters and rank numbers around the points

/** The fox: a head with two ears, so it differs from a goose by shape, not colour alone. */
const FOX_PATH = 'M-0.33,-0.36 L-0.12,-0.17 L0.12,-0.17 L0.33,-0.36 L0.34,0.04 L0,0.36 L-0.34,0.04 Z';

/**
 * Gives a point the `click()` that HTML elements have and SVG elements lack, so a script or bot
 * calling `element.click()` on a `[data-point]` picks it as a real click does.
 */
function withClick(el: SVGGElement): SVGGElement {
  const point = el as SVGGElement & { click?: () => void };
  point.click ??= () => point.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, view: window }));
  return el;
}

/** An SVG board; interactive when `onPick` is given. */
export function Board(props: BoardProps) {
  const { board, pieces, targets = [], picked = [], lastMove = [], onPick, pointLabel, pointState, title } = props;
  const interactive = onPick !== undefined;
  const x = (file: number): number => file;
  const y = (rank: number): number => board.ranks - 1 - rank;
  const byName = useMemo(() => new Map(board.points.map((p) => [p.name, p])), [board]);
  const targetSet = new Set(targets);
  const [focused, setFocused] = useState<string>(
    () => picked[0] ?? board.points[Math.floor(board.points.length / 2)]!.name,
  );
  const refs = useRef(new Map<string, SVGGElement>());
  const keyboardMove = useRef(false);

  useEffect(() => {
    if (!byName.has(focused)) setFocused(board.points[0]!.name);
  }, [board, byName, focused]);

  useEffect(() => {
    if (keyboardMove.current) refs.current.get(focused)?.focus();
    keyboardMove.current = false;
  }, [focused]);

  const onKeyDown = (event: KeyboardEvent<SVGGElement>, name: string): void => {
    const step = ARROW_STEPS[event.key];
    if (step) {
      event.preventDefault();
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

  const lastPoints = lastMove.map((n) => byName.get(n)).filter((p) => p !== undefined);
  const pickedPoints = picked.map((n) => byName.get(n)).filter((p) => p !== undefined);
  const viewBox = `${-MARGIN} ${-MARGIN + 0.1} ${board.files - 1 + 2 * MARGIN} ${board.ranks - 1 + 2 * MARGIN}`;

  return (
    <svg
      className={`board ${interactive ? 'board--interactive' : 'board--picture'} ${props.className ?? ''}`}
      viewBox={viewBox}
      role={interactive ? 'group' : 'img'}
      aria-label={title}
    >
      <g className="board__links" aria-hidden="true">
        {board.links.map((link) => {
          const a = board.points[link.from]!;
          const b = board.points[link.to]!;
          return <line key={`${link.from}-${link.to}`} x1={x(a.file)} y1={y(a.rank)} x2={x(b.file)} y2={y(b.rank)} />;
        })}
      </g>
      {interactive && (
        <g className="board__coords" aria-hidden="true">
          {Array.from({ length: board.files }, (_, f) => (
            <text key={`f${f}`} x={x(f)} y={board.ranks - 1 + 0.62}>
              {String.fromCharCode(97 + f)}
            </text>
          ))}
          {Array.from({ length: board.ranks }, (_, k) => (
            <text key={`r${k}`} x={-0.58} y={y(k) + 0.1}>
              {k + 1}
            </text>
          ))}
        </g>
      )}
      {lastPoints.length > 1 && (
        <g className="board__last" aria-hidden="true">
          <polyline points={lastPoints.map((p) => `${x(p.file)},${y(p.rank)}`).join(' ')} />
          <rect x={x(lastPoints[0]!.file) - 0.3} y={y(lastPoints[0]!.rank) - 0.3} width={0.6} height={0.6} rx={0.08} />
          <circle
            cx={x(lastPoints[lastPoints.length - 1]!.file)}
            cy={y(lastPoints[lastPoints.length - 1]!.rank)}
            r={0.44}
          />
        </g>
      )}
      {pickedPoints.length > 1 && (
        <polyline
          className="board__chain"
          aria-hidden="true"
          points={pickedPoints.map((p) => `${x(p.file)},${y(p.rank)}`).join(' ')}
        />
      )}
      {board.points.map((point) => {
        const piece = pieces.get(point.name) ?? null;
        const isTarget = targetSet.has(point.name);
        const isPicked = picked.includes(point.name);
        const isLast = lastMove.includes(point.name);
        const cx = x(point.file);
        const cy = y(point.rank);
        const classes = ['point', isTarget && 'point--target', isPicked && 'point--picked', isLast && 'point--last']
          .filter(Boolean)
          .join(' ');
        const pieceShape =
          piece === 'fox' ? (
            <path className="piece piece--fox" d={FOX_PATH} transform={`translate(${cx} ${cy})`} />
          ) : piece === 'goose' ? (
            <circle className="piece piece--goose" cx={cx} cy={cy} r={0.3} />
          ) : (
            <circle className="point__dot" cx={cx} cy={cy} r={0.09} />
          );
        const marks = (
          <>
            {isPicked && <circle className="point__picked" cx={cx} cy={cy} r={0.43} />}
            {isTarget && <circle className="point__target" cx={cx} cy={cy} r={piece ? 0.43 : 0.2} />}
          </>
        );
        if (!interactive) {
          return (
            <g key={point.name} className={classes} aria-hidden="true">
              {pieceShape}
            </g>
          );
        }
        const state = pointState?.(point.name);
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
            tabIndex={point.name === focused ? 0 : -1}
            aria-label={pointLabel(point.name, piece)}
            aria-description={state}
            aria-pressed={isPicked}
            onClick={() => {
              setFocused(point.name);
              onPick(point.name);
            }}
            onKeyDown={(event) => onKeyDown(event, point.name)}
            onFocus={() => setFocused(point.name)}
          >
            <circle className="point__hit" cx={cx} cy={cy} r={0.48} />
            <circle className="point__focus" cx={cx} cy={cy} r={0.47} />
            {marks}
            {pieceShape}
          </g>
        );
      })}
    </svg>
  );
}
