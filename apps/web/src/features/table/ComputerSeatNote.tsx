// What a seat held by the computer says: its level, and a quiet "thinking…" while it is the computer's move.

import type { TableView } from '@fg/protocol';
import { PERFECT_LEVEL } from '@fg/protocol/vocabulary';
import type { Side } from '@fg/rules';
import { useTranslation } from 'react-i18next';

/** The level of the computer on `side`, and whether it is thinking; nothing for a person's seat. */
export function ComputerSeatNote({ table, side }: { table: TableView; side: Side }) {
  const { t } = useTranslation();
  const level = table.seats[side].computer;
  if (level === undefined) return null;
  const thinking = table.status === 'playing' && table.turn === side;
  return (
    <span className="seat__computer">
      {level === PERFECT_LEVEL ? t('computer.seatPerfect') : t('computer.seat', { level })}
      {/* Quiet on purpose: not a live region, so a screen reader is not told every move that the computer thinks. */}
      {thinking && <span className="seat__thinking">{` · ${t('computer.thinking')}`}</span>}
    </span>
  );
}
