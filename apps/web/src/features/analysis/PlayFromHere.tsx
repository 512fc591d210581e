// "Play from here": the shown position as a game against the computer in this browser (the offline game page), as
// the fox or as the geese; the computer plays perfectly (level 9) where the solution stored here answers, else at
// the strongest engine level. Practice a won ending against the truth, with no server.
import { COMPUTER_LEVELS, PERFECT_LEVEL } from '@fg/protocol/vocabulary';
import type { Game, Side } from '@fg/rules';
import { useTranslation } from 'react-i18next';

import { positionText } from '../../lib/analysis-url';
import { sideWord } from '../../lib/side-word';
import { serves, useStoredSolution } from '../../lib/solution/stored';
import { useOfflineComputer } from '../../lib/use-offline-computer';

/** The two buttons, shown while the game goes on. */
export function PlayFromHere({ game }: { game: Game }) {
  const { t } = useTranslation();
  const play = useOfflineComputer();
  const perfect = serves(useStoredSolution(), game.variant);
  if (game.result) return null;
  const level = perfect ? PERFECT_LEVEL : COMPUTER_LEVELS.max;
  const start = (side: Side): void => void play(game.variant.id, side, level, game.variant.options, positionText(game));
  return (
    <section className="panel play-from-here" aria-labelledby="play-from-here-heading">
      <h2 id="play-from-here-heading">{t('analysis.playFrom.heading')}</h2>
      <p className="muted">{t(perfect ? 'analysis.playFrom.perfect' : 'analysis.playFrom.engine')}</p>
      <div className="play-from-here__buttons">
        <button type="button" className="secondary" onClick={() => start('fox')}>
          {t(`analysis.playFrom.${sideWord('fox', game.variant.id)}`)}
        </button>
        <button type="button" className="secondary" onClick={() => start('geese')}>
          {t('analysis.playFrom.geese')}
        </button>
      </div>
    </section>
  );
}
