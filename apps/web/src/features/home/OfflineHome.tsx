// The home page's word when the device is offline: what needs the server (hidden meanwhile, back by itself with
// the network) and what still works here: the computer in this browser, the analysis board, the puzzles kept.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';

import { puzzlesLeft } from '../../lib/puzzle-player';

/** "You are offline" and what works without the server. */
export function OfflineHome() {
  const { t } = useTranslation();
  const [puzzles] = useState(puzzlesLeft);
  return (
    <section className="panel offline-home" aria-labelledby="offline-home-heading" data-offline-home="">
      <h2 id="offline-home-heading">{t('home.offline.heading')}</h2>
      <p>{t('home.offline.text')}</p>
      <ul>
        <li>
          <a href="#play-computer">{t('home.offline.computer')}</a>
        </li>
        <li>
          <Link to={`/analysis/standard${location.search}`}>{t('home.offline.analysis')}</Link>
        </li>
        <li>
          {puzzles > 0 ? (
            <Link to={`/puzzles${location.search}`}>{t('home.offline.puzzles', { count: puzzles })}</Link>
          ) : (
            t('home.offline.noPuzzles')
          )}
        </li>
      </ul>
    </section>
  );
}
