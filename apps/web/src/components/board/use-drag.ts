// Drag and drop of pieces with pointer events: one code path for mouse, touch and pen. A drag picks its
// piece when it starts and picks the point it is dropped on, so a drag is the same two picks a click
// player makes; the click that follows a drag is swallowed. The board stays without rules.
import { type PointerEvent, useRef, useState } from 'react';

import type { Spot } from './geometry';

/** How far (px) a pointer must travel before a press becomes a drag, so a tap stays a tap. */
const DRAG_SLOP_PX = 6;

/** A piece being dragged: from which point, and where the pointer is (in the picture's units). */
export interface DragState {
  readonly from: string; // 'd4'
  readonly at: Spot;
}

/** The point whose cell (a grid step around it) holds `spot`, if any. */
export function pointAt(spots: ReadonlyMap<string, Spot>, spot: Spot): string | null {
  for (const [name, p] of spots) if (Math.abs(p.x - spot.x) <= 0.5 && Math.abs(p.y - spot.y) <= 0.5) return name;
  return null;
}

/** The picks a drag from `from` makes when it starts: none when that piece is already the one moving. */
export function dragStartPick(picked: readonly string[], from: string): string | null {
  const moving = picked[picked.length - 1];
  return moving === from ? null : from;
}

/** The picture's units under a pointer, through the SVG's screen transform. */
function toPicture(svg: SVGSVGElement, clientX: number, clientY: number): Spot | null {
  const matrix = svg.getScreenCTM?.();
  if (!matrix) return null;
  const p = new DOMPoint(clientX, clientY).matrixTransform(matrix.inverse());
  return { x: p.x, y: p.y };
}

interface Press {
  readonly from: string;
  readonly pointerId: number;
  readonly startX: number;
  readonly startY: number;
  moved: boolean;
}

/** The drag handlers of a board's SVG and the piece in flight. */
export function useDrag(
  spots: ReadonlyMap<string, Spot>,
  picked: readonly string[],
  canDrag: ((point: string) => boolean) | undefined,
  onPick: ((point: string) => void) | undefined,
  onCarry?: (from: string, to: string | null) => void, // a drag told whole instead of as two picks (the editor)
) {
  const [drag, setDrag] = useState<DragState | null>(null);
  const press = useRef<Press | null>(null);
  const swallowClick = useRef(false);

  const onPointerDown = (event: PointerEvent<SVGSVGElement>): void => {
    swallowClick.current = false;
    if (!canDrag || !onPick || event.button > 0) return;
    const from = (event.target as Element).closest?.('[data-point]')?.getAttribute('data-point');
    if (!from || !canDrag(from)) return;
    // No pointer capture yet: a captured pointer's click would go to the board, not to the point tapped.
    press.current = { from, pointerId: event.pointerId, startX: event.clientX, startY: event.clientY, moved: false };
  };

  const onPointerMove = (event: PointerEvent<SVGSVGElement>): void => {
    const current = press.current;
    if (!current || current.pointerId !== event.pointerId) return;
    if (!current.moved) {
      if (Math.hypot(event.clientX - current.startX, event.clientY - current.startY) < DRAG_SLOP_PX) return;
      current.moved = true;
      try {
        event.currentTarget.setPointerCapture?.(event.pointerId); // the drag follows the pointer off the board
      } catch {
        // A pointer the browser no longer tracks (or a synthetic one): the drag still works over the board.
      }
      const pick = onCarry ? null : dragStartPick(picked, current.from);
      if (pick) onPick?.(pick);
    }
    const at = toPicture(event.currentTarget, event.clientX, event.clientY);
    if (at) setDrag({ from: current.from, at });
  };

  const end = (event: PointerEvent<SVGSVGElement>, drop: boolean): void => {
    const current = press.current;
    if (!current || current.pointerId !== event.pointerId) return;
    press.current = null;
    setDrag(null);
    if (!current.moved) return; // a tap: the click that follows picks
    swallowClick.current = true;
    const at = drop ? toPicture(event.currentTarget, event.clientX, event.clientY) : null;
    const to = at ? pointAt(spots, at) : null;
    if (onCarry) {
      if (drop) onCarry(current.from, to); // dropped off the board: to is null
    } else if (to && to !== current.from) onPick?.(to);
  };

  return {
    drag,
    handlers: {
      onPointerDown,
      onPointerMove,
      onPointerUp: (event: PointerEvent<SVGSVGElement>) => end(event, true),
      onPointerCancel: (event: PointerEvent<SVGSVGElement>) => end(event, false),
      // The click a drag leaves behind (on the point it started from, or on the board) picks nothing.
      onClickCapture: (event: { stopPropagation(): void }) => {
        if (!swallowClick.current) return;
        swallowClick.current = false;
        event.stopPropagation();
      },
    },
  };
}
