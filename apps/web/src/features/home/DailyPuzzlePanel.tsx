// The daily puzzle on the home page: the same puzzle for everyone that UTC day, one link to play it.
import type { PuzzleView } from '@fg/protocol';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';

import { fetchDailyPuzzle } from '../../lib/api';

/** "Daily puzzle": who is to move, the puzzle's rating, and links to it and to all puzzles. */
export function DailyPuzzlePanel() {
  const { t } = useTranslation();
  const [puzzle, setPuzzle] = useState<PuzzleView | null>(null);
  useEffect(() => {
    let live = true;
    void fetchDailyPuzzle().then((answer) => live && answer.ok && setPuzzle(answer.value.puzzle));
    return () => {
      live = false;
    };
  }, []);
  return (
    <section className="panel daily-puzzle" aria-labelledby="daily-puzzle-heading" data-daily-puzzle={puzzle?.id ?? ''}>
      <h2 id="daily-puzzle-heading">{t('puzzles.daily')}</h2>
      <p>{t('puzzles.dailyText')}</p>
      {puzzle && (
        <p className="muted">
          {t(`puzzles.find.${puzzle.side}`)} · {Math.round(puzzle.rating.rating)}
        </p>
      )}
      <p className="daily-puzzle__links">
        {puzzle && (
          <Link className="button" to={`/puzzles?id=${puzzle.id}`}>
            {t('puzzles.solveDaily')}
          </Link>
        )}{' '}
        <Link to="/puzzles">{t('puzzles.allPuzzles')}</Link>
      </p>
    </section>
  );
}
