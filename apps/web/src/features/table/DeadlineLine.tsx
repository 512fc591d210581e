// v1.2: a correspondence game's time left for the side to move ("2 days left", hours in the last day).
import type { TableView } from '@fg/protocol';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { timeLeftText } from '../../lib/time-left';

/** The wall clock, read again every `every` ms (a deadline is an ISO time, not a monotonic one). */
function useWallClock(every: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), every);
    return () => clearInterval(timer);
  }, [every]);
  return now;
}

/** The line; nothing on a table without a correspondence deadline standing. */
export function DeadlineLine({ table }: { table: TableView }) {
  const { t } = useTranslation();
  const now = useWallClock(15_000);
  if (!table.correspondence || !table.deadline) return null;
  return (
    <p className="deadline" data-deadline={table.deadline}>
      {t('correspondence.perMove', { count: table.correspondence.days })} ·{' '}
      <strong>
        {t(`side.${table.turn}`)}: {timeLeftText(t, table.deadline, now)}
      </strong>
    </p>
  );
}
