// A table link that cannot reach its table (offline, or the server does not answer): says so, says it opens by
// itself when the connection is back (the socket keeps trying), and offers what works without the server: the
// computer in this browser (the table's own game when known) and the analysis board.
import type { SeatChoice, TableView } from '@fg/protocol';
import { VARIANT_INFOS } from '@fg/rules';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';

import { LevelChoice } from '../../components/create-table/LevelChoice';
import { SideChoice } from '../../components/SideChoice';
import { loadOfflineGame } from '../../lib/offline-store';
import { useOfflineComputer } from '../../lib/use-offline-computer';
import type { Unreachable } from './unreachable';

const SIDE_CHOICES: readonly SeatChoice[] = ['geese', 'fox', 'random'];

/** Props: why, and the table's game where the page knows it. */
export interface TableOfflineProps {
  readonly reason: Unreachable;
  readonly variant?: Pick<TableView, 'variant' | 'options'> | null;
}

/** Whether this browser keeps a game against the computer (then it can be continued). */
function useKeptGame(): boolean {
  const [kept, setKept] = useState(false);
  useEffect(() => {
    let live = true;
    void loadOfflineGame().then(
      (game) => live && setKept(game !== null),
      () => undefined, // no IndexedDB here: nothing kept
    );
    return () => {
      live = false;
    };
  }, []);
  return kept;
}

/** The panel in place of the table while it cannot be reached. */
export function TableOffline({ reason, variant = null }: TableOfflineProps) {
  const { t } = useTranslation();
  const id = useId();
  const [side, setSide] = useState<SeatChoice>('geese');
  const playOffline = useOfflineComputer();
  const kept = useKeptGame();
  // The table's own game when the page knows it, else the standard game.
  const known = VARIANT_INFOS.find((info) => info.id === variant?.variant);
  const info = known ?? VARIANT_INFOS.find((v) => v.id === 'standard')!;
  const full = { id: info.id, options: known && variant ? variant.options : info.defaultOptions };
  return (
    <section className="panel table-offline" aria-labelledby={`${id}-heading`} data-unreachable={reason}>
      <h2 id={`${id}-heading`}>{t(`table.unreachable.${reason}.heading`)}</h2>
      <p>{t(`table.unreachable.${reason}.text`)}</p>
      <p>{t('table.unreachable.meanwhile')}</p>
      {kept && (
        <p>
          <Link to={`/play/offline${location.search}`}>{t('table.unreachable.continue')}</Link>
        </p>
      )}
      <div className="table-offline__computer">
        <SideChoice choices={SIDE_CHOICES} value={side} onChange={setSide} />
        <LevelChoice
          busy={false}
          variant={full}
          inBrowser
          side={side}
          onPlay={(level) => void playOffline(full.id, side, level, full.options)}
        />
      </div>
      <p>
        <Link to={`/analysis/${full.id}${location.search}`}>{t('table.unreachable.analysis')}</Link>
      </p>
    </section>
  );
}
