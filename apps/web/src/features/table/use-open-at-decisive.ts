// The table page's review opens on the game's first decisive mistake, as the analysis page does.
import { useEffect, useRef } from 'react';

import type { GameReview } from '../../components/review/use-game-review';
import { firstDecisive } from '../../lib/game-review';
import type { Review } from '../../lib/use-review';

/**
 * Opens a finished game's review at its first decisive mistake once the review has found it (the position after it,
 * where the review's sentence says what went wrong), as the analysis page does; not when the board was moved first.
 */
export function useOpenAtDecisive(judged: GameReview, review: Review): void {
  const done = useRef(false);
  const decisive = judged.source === 'solution' || judged.complete ? firstDecisive(judged.moves) : null;
  const { shownPly, show } = review;
  useEffect(() => {
    if (done.current) return;
    if (shownPly !== null) {
      done.current = true; // the player moved the board first: leave it where it is
      return;
    }
    if (!decisive) return;
    done.current = true;
    show(decisive.ply + 1);
  }, [decisive, shownPly, show]);
}
