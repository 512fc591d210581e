// The two seats (taken? online? yours?) and the spectator count; a free seat is offered by the JoinBanner.
import type { Role, TableView } from '@fg/protocol';
import { SIDES } from '@fg/rules';
import { useTranslation } from 'react-i18next';

import { sideWord } from '../../lib/side-word';
import { ComputerSeatNote } from './ComputerSeatNote';

/** Props of the seats panel. */
export interface SeatsPanelProps {
  readonly table: TableView;
  readonly role: Role | null;
  readonly connected?: boolean; // false while this page's own connection is lost: no seat's presence is known
}

/** Seats and spectators. */
export function SeatsPanel({ table, role, connected = true }: SeatsPanelProps) {
  const { t } = useTranslation();
  return (
    <section className="panel seats" aria-labelledby="seats-heading">
      <h2 id="seats-heading">{t('seats.heading')}</h2>
      <ul>
        {SIDES.map((side) => {
          const seat = table.seats[side];
          const mine = role === side;
          // The server's view is stale while we cannot hear it: we know we are not there, and of the others we know
          // nothing (a computer seat is the server's own and stays as it was).
          const online = seat.online && (!mine || connected);
          const known = connected || mine || seat.computer !== undefined;
          const presence = !known ? 'unknown' : online ? 'online' : mine ? 'youOffline' : 'offline';
          return (
            <li key={side} className={`seat seat--${side}`}>
              <span className={`seat__icon seat__icon--${side}`} aria-hidden="true" />
              <span className="seat__side">{t(`side.${sideWord(side, table.variant)}`)}</span>
              <span className="seat__state">
                {mine
                  ? t('seats.you')
                  : seat.computer !== undefined
                    ? ''
                    : seat.taken
                      ? t('seats.taken')
                      : t('seats.free')}
                <ComputerSeatNote table={table} side={side} />
                {seat.taken && (
                  <span className={presence === 'youOffline' ? 'offline' : presence}>
                    {' · '}
                    {t(`seats.${presence}`)}
                  </span>
                )}
              </span>
            </li>
          );
        })}
      </ul>
      <p className="spectators">{t('seats.spectators', { count: table.spectators })}</p>
    </section>
  );
}
