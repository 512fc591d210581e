// The table page's review opens on the game's first decisive mistake, as the analysis page does.
import { useEffect, useRef } from 'react';

import type { GameReview } from '../../components/review/use-game-review';
import { firstDecisive } from '../../lib/game-review';
import type { Review } from '../../lib/use-review';

/**
 * Opens a finished game's review at its first decisive mistake once the solution has shown it (the position after it,
 * where the review's sentence says what went wrong), as the analysis page does; not when the board was moved first.
 */
export function useOpenAtDecisive(judged: GameReview, review: Review): void {
  const done = useRef(false);
  // Only the solution's exact verdict moves the board: the engine's depth-limited marks are a guess, and a table page
  // that jumped on them would leave the final position of every unsolved game.
  const decisive = judged.source === 'solution' ? firstDecisive(judged.moves) : null;
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
