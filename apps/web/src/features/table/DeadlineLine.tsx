// A correspondence game's time left for the side to move ("2 days left", hours in the last day).
import type { TableView } from '@fg/protocol';
import { useCallback, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';

import { timeLeftText } from '../../lib/time-left';

/**
 * The wall clock (a deadline is an ISO time, not a monotonic one), read on every render and again every `every` ms,
 * rounded up to the second: a deadline that has just arrived counts from now, not from the last tick (a 3-day
 * game that just started would say "4 days left"), and the time left is never overstated.
 */
function useWallClock(every: number): number {
  const subscribe = useCallback(
    (notify: () => void) => {
      const timer = setInterval(notify, every);
      return () => clearInterval(timer);
    },
    [every],
  );
  const snapshot = (): number => Math.ceil(Date.now() / 1000) * 1000;
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

/**
 * The line of a correspondence table: its days a move, and the side to move's time left while a deadline stands
 * (not while a seat is free, nor after the end: the friend who opens the link still reads what the game is).
 */
export function DeadlineLine({ table }: { table: TableView }) {
  const { t } = useTranslation();
  const now = useWallClock(15_000);
  if (!table.correspondence) return null;
  const perMove = t('correspondence.perMove', { count: table.correspondence.days });
  if (!table.deadline) return <p className="deadline">{perMove}</p>;
  return (
    <p className="deadline" data-deadline={table.deadline}>
      {perMove} ·{' '}
      <strong>
        {t(`side.${table.turn}`)}: {timeLeftText(t, table.deadline, now)}
      </strong>
    </p>
  );
}
