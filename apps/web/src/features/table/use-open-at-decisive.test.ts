// The table page's review opens on the first decisive mistake once it is known, once, and never moves a board the
// player moved first.
import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import type { GameReview } from '../../components/review/use-game-review';
import type { ReviewedMove } from '../../lib/game-review';
import type { Grade } from '../../lib/judgement';
import { useOpenAtDecisive } from './use-open-at-decisive';

/** A reviewed move of ply `ply` with a grade. */
const move = (ply: number, grade: Grade | null): ReviewedMove => ({
  ply,
  move: `m${ply}`,
  mover: ply % 2 === 0 ? 'fox' : 'geese',
  before: null,
  after: null,
  judgement: { grade, ground: null },
  better: [],
});

/** A review of moves graded as given, from `source`, complete or not. */
const judged = (grades: (Grade | null)[], source: GameReview['source'], complete: boolean): GameReview => ({
  moves: grades.map((grade, ply) => move(ply, grade)),
  source,
  complete,
  outcomes: null,
  evaluations: [],
});

const PENDING = judged([], null, false);
const MARKED = judged([null, 'mistake', null, 'decisive', null, 'decisive', null], 'solution', true);

describe('useOpenAtDecisive', () => {
  it.each([
    { name: 'the solution found it', review: MARKED, shown: [4] },
    { name: 'only the engine judged', review: judged([null, null, 'decisive', null], 'engine', true), shown: [] },
    { name: 'no decisive mistake', review: judged([null, 'mistake', null], 'solution', true), shown: [] },
  ])('shows the position after the first decisive mistake when $name', ({ review, shown }) => {
    const show = vi.fn();
    const { rerender } = renderHook(({ r }) => useOpenAtDecisive(r, { shownPly: null, seenPly: 0, show }), {
      initialProps: { r: PENDING },
    });
    expect(show).not.toHaveBeenCalled();
    rerender({ r: review });
    rerender({ r: review });
    expect(show.mock.calls).toEqual(shown.map((ply) => [ply]));
  });

  it('leaves the board where the player moved it before the review was known', () => {
    const show = vi.fn();
    const { rerender } = renderHook(({ r, at }) => useOpenAtDecisive(r, { shownPly: at, seenPly: 7, show }), {
      initialProps: { r: PENDING, at: null as number | null },
    });
    rerender({ r: PENDING, at: 2 });
    rerender({ r: MARKED, at: 2 });
    rerender({ r: MARKED, at: null });
    expect(show).not.toHaveBeenCalled();
  });

  it('opens once: going back to the end afterwards stays there', () => {
    const show = vi.fn();
    const { rerender } = renderHook(({ at }) => useOpenAtDecisive(MARKED, { shownPly: at, seenPly: 7, show }), {
      initialProps: { at: null as number | null },
    });
    rerender({ at: 4 });
    rerender({ at: null });
    expect(show.mock.calls).toEqual([[4]]);
  });
});
