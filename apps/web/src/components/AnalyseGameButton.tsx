// "Analyse this game" on a finished game's table page: its moves opened on the analysis board,
// with the table named so that the solution's verdicts can mark the decisive mistake (also under an offline game).
import { getVariant } from '@fg/rules';
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

/** The button, shown once the game has ended. */
export function AnalyseGameButton({ table }: { table: FinishedGame }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const variant = getVariant(table.variant, table.options);
  if (!table.result || !variant.ok) return null;
  return (
    <p className="analyse-game">
      <button
        type="button"
        className="secondary"
        onClick={() =>
          navigate(
            analysisPath(variant.value, { moves: table.moves, table: table.id, position: table.start ?? null }) +
              location.search.replace(/^\?/, '&'),
          )
        }
      >
        {t('analysis.analyseGame')}
      </button>
    </p>
  );
}
