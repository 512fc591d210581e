// The end of a game in words, per variant: the result and reason, geese taken against the fox's
// threshold, the pen's points filled in Two Foxes, the breakthrough rank in Rævskak.
import type { TableView } from '@fg/protocol';
import { countGeese, type Game, GOOSE } from '@fg/rules';
import { useTranslation } from 'react-i18next';

import { movesPlayed } from '../../components/review/move-number';
import { resultText } from '../../lib/result-text';

/** Props of the summary. */
export interface GameSummaryProps {
  readonly table: TableView; // finished
  readonly game: Game;
}

/** The summary panel shown once the game has ended. */
export function GameSummary({ table, game }: GameSummaryProps) {
  const { t } = useTranslation();
  if (!table.result) return null;
  const { variant } = game;
  const started = variant.geese.length;
  const left = countGeese(game.position);
  // The fox side wins when fewer than `foxWinsBelow` geese are left: it must take this many.
  const needed = started - variant.foxWinsBelow + 1;
  const pen = variant.pen;
  const filled = pen ? pen.filter((p) => game.position.cells[p] === GOOSE).length : 0;
  return (
    <section className="panel summary" aria-labelledby="summary-heading">
      <h2 id="summary-heading">{t('summary.heading')}</h2>
      <p className="summary__result">{resultText(t, table.result, table.variant)}</p>
      <ul>
        <li>{t('summary.taken', { taken: started - left, needed })}</li>
        {pen && <li>{t('summary.pen', { filled, total: pen.length })}</li>}
        {variant.breakthroughRank !== null && (
          <li>{t('summary.breakthrough', { rank: variant.breakthroughRank + 1 })}</li>
        )}
        <li>{t('moves.played', { count: movesPlayed(table.moves.length) })}</li>
      </ul>
    </section>
  );
}
