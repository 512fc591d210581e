// One point of the board: its piece (sliding in when it just arrived), a taken goose, or a dot; and,
// on a playable board, the element that takes the click, tap or key and carries the page hooks.
import { BOARD_PALETTE } from '@fg/protocol/board-svg';
import type { CSSProperties, KeyboardEvent } from 'react';

import type { Spot } from './geometry';
import { FoxShape, GooseShape } from './pieces';

/** A piece on a point. */
export type Piece = 'fox' | 'goose';

/** What one point shows. */
export interface PointLook {
  readonly name: string; // 'd4'
  readonly spot: Spot; // where it is drawn
  readonly piece: Piece | null;
  readonly taken: boolean; // a goose jumped by the chain being entered
  readonly target: boolean;
  readonly picked: boolean;
  readonly premove: boolean; // part of a move set in advance
  readonly slideFrom: Spot | null; // the piece just arrived from there
  readonly slideKey: string; // changes with each last move, so the slide plays again
  readonly paint: string;
}

/** The piece, taken goose or dot drawn at a point. */
function PointContent({ look }: { look: PointLook }) {
  const { spot, piece, slideFrom, paint } = look;
  const { x, y } = spot;
  if (piece) {
    const slide = slideFrom ? { dx: slideFrom.x - x, dy: slideFrom.y - y } : null;
    return (
      <g
        key={slide ? look.slideKey : 'still'}
        className={slide ? 'piece-slot piece-slot--slide' : 'piece-slot'}
        transform={`translate(${x} ${y})`}
      >
        <g style={slide ? ({ '--dx': slide.dx, '--dy': slide.dy } as CSSProperties) : undefined}>
          {piece === 'fox' ? <FoxShape paint={paint} /> : <GooseShape paint={paint} />}
        </g>
      </g>
    );
  }
  if (look.taken) {
    return (
      <g className="piece-slot piece-slot--taken" transform={`translate(${x} ${y})`}>
        <GooseShape paint={paint} />
      </g>
    );
  }
  return <circle className="point__dot" fill={BOARD_PALETTE.line} cx={x} cy={y} r={0.08} />;
}

function classesOf(look: PointLook): string {
  return ['point', look.target && 'point--target', look.picked && 'point--picked', look.premove && 'point--premove']
    .filter(Boolean)
    .join(' ');
}

/** A point of a still picture: drawn, not named, not clickable. */
export function PicturePoint({ look }: { look: PointLook }) {
  return (
    <g className={classesOf(look)} aria-hidden="true">
      <PointContent look={look} />
    </g>
  );
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

/** Whether focus came by keyboard (the browser's own judgement); where the selector is unknown, assume it did. */
function focusVisible(el: Element): boolean {
  try {
    return el.matches(':focus-visible');
  } catch {
    return true;
  }
}

/** How a playable point is named and what it does. */
export interface PlayPointProps {
  readonly look: PointLook;
  readonly label: string; // 'd4, fox'
  readonly state: string | undefined; // 'legal target'
  readonly tabbable: boolean;
  readonly register: (point: string, el: SVGGElement | null) => void;
  readonly onPick: (point: string) => void;
  readonly onFocus: (point: string, byKeyboard?: boolean) => void;
  readonly onKeyDown: (event: KeyboardEvent<SVGGElement>, point: string) => void;
}

/** A point of a playable board: a button named for its point and piece. */
export function PlayPoint({ look, label, state, tabbable, register, onPick, onFocus, onKeyDown }: PlayPointProps) {
  const { name, spot, piece } = look;
  const { x, y } = spot;
  return (
    <g
      ref={(el) => register(name, el && withClick(el))}
      className={classesOf(look)}
      data-point={name}
      data-piece={piece ?? undefined}
      data-target={look.target ? 'true' : undefined}
      data-premove={look.premove ? name : undefined}
      role="button"
      tabIndex={tabbable ? 0 : -1}
      aria-label={label}
      aria-description={state}
      aria-pressed={look.picked}
      onClick={() => {
        onFocus(name, false);
        onPick(name);
      }}
      onKeyDown={(event) => onKeyDown(event, name)}
      onFocus={(event) => onFocus(name, focusVisible(event.currentTarget))}
    >
      {/* The hit cell is the whole grid step around the point: as large as it can be without overlapping. */}
      <rect className="point__hit" x={x - 0.5} y={y - 0.5} width={1} height={1} />
      <circle className="point__focus" cx={x} cy={y} r={0.47} />
      {look.premove && <circle className="point__premove" cx={x} cy={y} r={0.45} />}
      {look.picked && <circle className="point__picked" cx={x} cy={y} r={0.44} />}
      <PointContent look={look} />
      {look.target && <circle className="point__target" cx={x} cy={y} r={piece ? 0.44 : 0.17} />}
    </g>
  );
}
