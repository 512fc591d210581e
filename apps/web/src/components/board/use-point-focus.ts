// Keyboard focus between a board's points: one point in the tab order, arrows move along the picture.
import type { Board as BoardData, BoardPoint } from '@fg/rules';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';

import { ARROW_STEPS, nextPoint } from './navigation';

/** The focus of a playable board: which point is tabbable, and the handlers each point uses. */
export interface PointFocus {
  readonly focused: string; // the point in the tab order: 'd4'
  /** A point clicked or focused; `byKeyboard` says how focus came (a click: false), so arrows know whose they are. */
  readonly focus: (point: string, byKeyboard?: boolean) => void;
  readonly register: (point: string, el: SVGGElement | null) => void; // a point's element mounted or gone
  readonly onKeyDown: (event: KeyboardEvent<SVGGElement>, point: string) => void;
}

/** Focus that starts on the first picked point (or the middle one); Enter and Space pick. */
export function usePointFocus(
  board: BoardData,
  byName: ReadonlyMap<string, BoardPoint>,
  firstPicked: string | undefined,
  flipped: boolean,
  onPick: ((point: string) => void) | undefined,
): PointFocus {
  const [focused, setFocused] = useState<string>(
    () => firstPicked ?? board.points[Math.floor(board.points.length / 2)]!.name,
  );
  const refs = useRef(new Map<string, SVGGElement>());
  const keyboardMove = useRef(false);
  // Arrows move between points only when the keyboard brought focus here; after a click or a drag they belong to
  // the page (the analysis and review step through moves with them).
  const keyboardFocus = useRef(false);
  const shownFocus = byName.has(focused) ? focused : board.points[0]!.name;

  useEffect(() => {
    if (keyboardMove.current) refs.current.get(shownFocus)?.focus();
    keyboardMove.current = false;
  }, [shownFocus]);

  const onKeyDown = (event: KeyboardEvent<SVGGElement>, name: string): void => {
    const arrow = ARROW_STEPS[event.key];
    if (arrow) {
      if (!keyboardFocus.current) return;
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

  const register = (point: string, el: SVGGElement | null): void => {
    if (el) refs.current.set(point, el);
    else refs.current.delete(point);
  };

  const focus = (point: string, byKeyboard?: boolean): void => {
    if (byKeyboard !== undefined) keyboardFocus.current = byKeyboard;
    setFocused(point);
  };

  return { focused: shownFocus, focus, register, onKeyDown };
}
