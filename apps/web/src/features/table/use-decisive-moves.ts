// The moves of a table's game where the perfect-play winner changed hands, from the server's verdicts
// (GET /api/tables/:id/verdicts), asked when the game is finished or review begins (never once a move).
import type { Variant } from '@fg/rules';
import { useEffect, useState } from 'react';

import { fetchTableVerdicts, variantKey } from '../../lib/solution-api';

/** Indices of the moves after which the winner differs from the one before (verdicts: one per position; null a draw). */
export function decisiveMoves(verdicts: readonly (string | null)[]): Set<number> {
  const marks = new Set<number>();
  for (let i = 0; i + 1 < verdicts.length; i++) if (verdicts[i] !== verdicts[i + 1]) marks.add(i);
  return marks;
}

/**
 * The decisive moves of table `id`, asked when `when` becomes `finished` or `review` (the game ended, or review
 * began): once each time, never once a move.
 */
export function useDecisiveMoves(
  id: string,
  variant: Pick<Variant, 'id' | 'options'> | null,
  when: 'finished' | 'review' | null,
): ReadonlySet<number> {
  const [marks, setMarks] = useState<ReadonlySet<number>>(NONE);
  const key = variant && variantKey(variant);
  useEffect(() => {
    if (!when || !variant) return;
    let live = true;
    void fetchTableVerdicts(id, variant).then((verdicts) => {
      if (live && verdicts) setMarks(decisiveMoves(verdicts));
    });
    return () => {
      live = false;
    };
  }, [id, key, when]); // eslint-disable-line react-hooks/exhaustive-deps -- the key names the variant and options
  return marks;
}

const NONE: ReadonlySet<number> = new Set();
