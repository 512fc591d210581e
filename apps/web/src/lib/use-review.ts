// Move review: which past position the board shows (null: the live game), stepped by the move list,
// the review bar or the arrow keys, and how many moves the game had when review began.
import { useEffect, useState } from 'react';

/** What each review key does: a step back or on, or a jump to the start or the live game. */
const KEY_STEPS: Readonly<Record<string, number | 'start' | 'end'>> = {
  ArrowLeft: -1,
  ArrowRight: 1,
  Home: 'start',
  End: 'end',
  Escape: 'end',
};

/** The review state of a table page and how to move through it. */
export interface Review {
  readonly shownPly: number | null; // moves shown while reviewing; null while live
  readonly seenPly: number; // moves the game had when review began
  readonly show: (ply: number | null) => void;
}

/** Review over a game of `moves` moves; arrow keys step (Left/Right), Home/End jump, Escape returns. */
export function useReview(moves: number): Review {
  const [review, setReview] = useState<{ shownPly: number | null; seenPly: number }>({ shownPly: null, seenPly: 0 });
  const show = (ply: number | null): void =>
    setReview((before) =>
      ply === null || ply >= moves
        ? { shownPly: null, seenPly: moves }
        : { shownPly: Math.max(0, ply), seenPly: before.shownPly === null ? moves : before.seenPly },
    );

  useEffect(() => {
    const onKey = (event: KeyboardEvent): void => {
      const target = event.target instanceof Element ? event.target : null;
      // Keys belong to fields, and to the board where its point took them (moving focus between points).
      const taken = event.defaultPrevented || target?.closest('input, textarea, select');
      if (taken || event.altKey || event.ctrlKey || event.metaKey) return;
      const jump = KEY_STEPS[event.key];
      if (jump === undefined || moves === 0) return;
      event.preventDefault();
      setReview((before) => {
        const current = before.shownPly ?? moves;
        const to = jump === 'start' ? 0 : jump === 'end' ? moves : current + jump;
        if (to >= moves) return { shownPly: null, seenPly: moves };
        return { shownPly: Math.max(0, to), seenPly: before.shownPly === null ? moves : before.seenPly };
      });
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [moves]);

  return { ...review, show };
}
