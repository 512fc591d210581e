// The two seats (taken? online? yours?), the spectator count and the offer of a free seat.
import type { Role, TableView } from '@fg/protocol';
import { type Side, SIDES } from '@fg/rules';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ErrorNotice } from '../../app/ErrorNotice';

/** Props of the seats panel. */
export interface SeatsPanelProps {
  readonly table: TableView;
  readonly role: Role | null;
  readonly sit: (side: Side) => Promise<string | null>;
}

/** Seats and spectators; a visitor is offered a free seat, taken only by a deliberate click. */
export function SeatsPanel({ table, role, sit }: SeatsPanelProps) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const canSit = role === 'spectator' && table.status !== 'finished';
  return (
    <section className="panel seats" aria-labelledby="seats-heading">
      <h2 id="seats-heading">{t('seats.heading')}</h2>
      <ul>
        {SIDES.map((side) => {
          const seat = table.seats[side];
          const mine = role === side;
          return (
            <li key={side} className={`seat seat--${side}`}>
              <span className={`seat__icon seat__icon--${side}`} aria-hidden="true" />
              <span className="seat__side">{t(`side.${side}`)}</span>
              <span className="seat__state">
                {mine ? t('seats.you') : seat.taken ? t('seats.taken') : t('seats.free')}
                {seat.taken && (
                  <span className={seat.online ? 'online' : 'offline'}>
                    {' · '}
                    {seat.online ? t('seats.online') : t('seats.offline')}
                  </span>
                )}
              </span>
              {canSit && !seat.taken && (
                <button
                  type="button"
                  disabled={busy}
                  onClick={async () => {
                    setBusy(true);
                    const code = await sit(side);
                    setBusy(false);
                    setError(code);
                  }}
                >
                  {t(`seats.take.${side}`)}
                </button>
              )}
            </li>
          );
        })}
      </ul>
      <p className="spectators">{t('seats.spectators', { count: table.spectators })}</p>
      <ErrorNotice code={error} />
    </section>
  );
}
