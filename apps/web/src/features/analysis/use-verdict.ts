// The shown position's perfect-play verdict, where a solution is installed.
import type { Game } from '@fg/rules';
import { useEffect, useState } from 'react';

import { positionText } from '../../lib/analysis-url';
import { fetchVerdict, type Verdict } from '../../lib/solution-api';

/** The verdict of the game's position (null: not solved, not known yet, or the game is over). */
export function useVerdict(game: Game): Verdict | null {
  const [verdict, setVerdict] = useState<{ game: Game; verdict: Verdict | null } | null>(null);
  useEffect(() => {
    if (game.result) return;
    let live = true;
    void fetchVerdict(game.variant, positionText(game)).then((v) => live && setVerdict({ game, verdict: v }));
    return () => {
      live = false;
    };
  }, [game]);
  return verdict?.game === game ? verdict.verdict : null;
}
