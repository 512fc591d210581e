// "Analyse this game" and "Learn from your mistakes" on a finished game's table page (and under an offline game): its
// moves opened on the analysis board, with the table and the side the player held named, the review judging them
// there, or the walk through the player's own marked moves.
import { getVariant, type Side } from '@fg/rules';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';

import { analysisPath } from '../lib/analysis-url';

/** The game to open: a table's (its id names it, for the verdicts), or one played in the browser (id null). */
interface FinishedGame {
  readonly id: string | null;
  readonly variant: string;
  readonly options: Readonly<Record<string, unknown>>;
  readonly moves: readonly string[];
  readonly result: unknown; // null while the game goes on
  readonly start?: string; // position text, for a game begun elsewhere than the variant's start
}

/** The buttons, shown once the game has ended; `player` is the side this browser played (Learn is for a player). */
export function AnalyseGameButton({ table, player = null }: { table: FinishedGame; player?: Side | null }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const variant = getVariant(table.variant, table.options);
  if (!table.result || !variant.ok) return null;
  const open = (learn: boolean): void =>
    navigate(
      analysisPath(variant.value, {
        moves: table.moves,
        table: table.id,
        player,
        learn,
        position: table.start ?? null,
      }) + location.search.replace(/^\?/, '&'),
    );
  return (
    <p className="analyse-game">
      <button type="button" className="secondary" onClick={() => open(false)}>
        {t('analysis.analyseGame')}
      </button>
      {player && table.moves.length > 0 && (
        <button type="button" className="secondary" onClick={() => open(true)}>
          {t('judge.learn.start')}
        </button>
      )}
    </p>
  );
}
